//===- CudaStream.h - An owned CUDA stream and waiting on kernels -*- C++ -*-===//

#ifndef GEMM_OPT_RUNTIME_CUDASTREAM_H
#define GEMM_OPT_RUNTIME_CUDASTREAM_H

#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

namespace gemm_opt {
namespace runtime {

/// Byte written over outputs before every run: 0xff.. is a NaN in f16, bf16
/// and f32.
inline constexpr unsigned char PoisonByte = 0xff;

/// A blocking cudaStream_t (synchronizes with the legacy default stream that
/// cudaMemcpy uses).
class Stream {
public:
  Stream() = default;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  ~Stream() {
    if (stream)
      (void)cudaStreamDestroy(stream);
  }
  llvm::Error create() {
    GEMM_CUDA_TRY(cudaStreamCreate(&stream));
    return llvm::Error::success();
  }
  cudaStream_t get() const { return stream; }

private:
  cudaStream_t stream = nullptr;
};

/// Synchronizes after a launch; an error here is the kernel faulting.
inline llvm::Error waitForKernel(cudaStream_t stream, const llvm::Twine &what) {
  return addErrorContext(GEMM_CUDA_CHECK(cudaStreamSynchronize(stream)),
                         what + " failed while running (run "
                                "compute-sanitizer on it)");
}

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUDASTREAM_H
