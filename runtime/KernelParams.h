//===- KernelParams.h - Kernel parameter packing ---------------*- C++ -*-===//
//
// The compiler lowers each rank-2 memref argument to 7 scalar kernel
// parameters of 8 bytes each, in this order:
//   allocated pointer, aligned pointer, offset (0), size0, size1,
//   stride0, stride1
// with, for C[M x N] = A[M x K] * B[K x N] row-major:
//   a: sizes (M, K), strides (lda, 1)
//   b: sizes (K, N), strides (ldb, 1)
//   c: sizes (M, N), strides (ldc, 1)
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELPARAMS_H
#define GEMM_OPT_RUNTIME_KERNELPARAMS_H

#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The expanded form of a rank-2 memref descriptor.
struct MemRefDescriptor2D {
  uint64_t allocated = 0;
  uint64_t aligned = 0;
  int64_t offset = 0;
  int64_t sizes[2] = {0, 0};
  int64_t strides[2] = {0, 0};
};

/// Number of 8-byte kernel parameters a rank-2 memref expands to.
inline constexpr unsigned MemRef2DParamCount = 7;

/// Device addresses of the three operands.
struct OperandAddresses {
  uint64_t a = 0;
  uint64_t b = 0;
  uint64_t c = 0;
};

MemRefDescriptor2D describeOperand(const GemmShape &shape, Operand operand,
                                   uint64_t address);

/// Kernel parameters ready for cuLaunchKernel: getPointers()[i] points at
/// the 8-byte value of parameter i. Move-only (the pointers refer into the
/// object's own storage, which a move keeps in place).
class PackedKernelParams {
public:
  explicit PackedKernelParams(std::vector<uint64_t> values);
  PackedKernelParams(const PackedKernelParams &) = delete;
  PackedKernelParams &operator=(const PackedKernelParams &) = delete;
  PackedKernelParams(PackedKernelParams &&) = default;
  PackedKernelParams &operator=(PackedKernelParams &&) = default;

  llvm::ArrayRef<uint64_t> getValues() const { return values; }
  void **getPointers() { return pointers.data(); }
  size_t size() const { return values.size(); }

private:
  std::vector<uint64_t> values;
  std::vector<void *> pointers;
};

/// Packs the parameters of `spec` (in its parameter order) for `shape`.
PackedKernelParams packKernelParams(const KernelSpec &spec,
                                    const GemmShape &shape,
                                    const OperandAddresses &addresses);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELPARAMS_H
