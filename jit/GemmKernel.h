//===- GemmKernel.h - a compiled GEMM, ready to launch ----------*- C++ -*-===//
//
// A compiled kernel and its launch metadata. The first launch on a device
// loads the cubin there (cuModuleLoadData through runtime/KernelModule.h);
// every launch checks what the kernel can do (epilogue, shape, alignment)
// and enqueues it on the caller's stream without synchronizing.
//
// Thread safety: launch() may be called from several threads at once (it
// holds an internal lock while it loads and enqueues). The caller's thread
// must have the stream's CUDA context current, which the CUDA runtime API
// arranges for streams and buffers made through it.
//
// Tensor-map kernels (TMA) read their descriptors from a small device
// buffer per distinct (pointers, shape); it lives as long as this object,
// so launches never wait on one another.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_GEMMKERNEL_H
#define GEMM_OPT_JIT_GEMMKERNEL_H

#include "jit/CompiledKernel.h"
#include "jit/GemmArguments.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <map>
#include <memory>
#include <mutex>

namespace gemm_opt {
namespace jit {

class GemmKernel {
public:
  /// Reads the launch metadata of `compiled`.
  static llvm::Expected<std::shared_ptr<GemmKernel>>
  create(CompiledKernel compiled);
  ~GemmKernel();

  /// Checks that the kernel can run `arguments` (no GPU needed): epilogue,
  /// shape and divisibility, pointer and pitch alignment. Errors are
  /// runtime::RuntimeError of kind BadInput.
  llvm::Error checkArguments(const GemmArguments &arguments) const;

  /// checkArguments, then loads the kernel on the current device (first
  /// time) and enqueues it on `stream`. No GPU or driver: a NoDevice error.
  llvm::Error launch(const GemmArguments &arguments, cudaStream_t stream);

  const CompiledKernel &getCompiled() const { return compiled; }
  const runtime::KernelSpec &getSpec() const { return spec; }

private:
  struct DeviceState;
  GemmKernel(CompiledKernel compiled, runtime::KernelSpec spec);
  llvm::Expected<DeviceState *> getDeviceState();

  CompiledKernel compiled;
  runtime::KernelSpec spec;
  std::mutex mutex;
  std::map<int, std::unique_ptr<DeviceState>> devices; ///< By ordinal.
};

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_GEMMKERNEL_H
