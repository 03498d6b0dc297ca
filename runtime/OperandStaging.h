//===- OperandStaging.h - aligned copies of operands TMA cannot read -*- C++ -*-===//
//
// TMA reads a matrix only when its base address and row pitch are multiples
// of 16 bytes. A wgmma kernel still runs on operands that are not (a view at
// an odd offset, an odd leading dimension such as 4095 bf16 columns): each
// such operand gets a staged copy in a buffer with a padded, 16-byte row
// pitch, which the kernel's tensor map reads instead. The copy
// (cudaMemcpy2DAsync, device to device) is refreshed before every launch on
// the launch's stream, so it is part of the measured time. C is never
// staged: the kernel's epilogue stores element by element where 16-byte
// stores would be misaligned.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_OPERANDSTAGING_H
#define GEMM_OPT_RUNTIME_OPERANDSTAGING_H

#include "runtime/DeviceBuffer.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <cuda_runtime.h>

#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

class OperandStaging {
public:
  /// Nothing staged.
  OperandStaging() = default;

  /// The shape whose leading dimensions the tensor maps of `spec` describe:
  /// `shape` with the ld of every TMA operand whose row pitch is not a
  /// multiple of 16 bytes rounded up to one.
  static GemmShape getTensorMapShape(const KernelSpec &spec,
                                     const GemmShape &shape);

  /// Decides which TMA operands of `spec` at `addresses` need a staged copy
  /// and allocates the copies.
  static llvm::Expected<OperandStaging>
  create(const KernelSpec &spec, const GemmShape &shape,
         const OperandAddresses &addresses);

  /// The addresses the tensor maps read: the staged copies where there are.
  const OperandAddresses &getTensorMapAddresses() const { return mapped; }
  const GemmShape &getTensorMapShape() const { return mappedShape; }

  /// Copies every staged operand into its aligned buffer, on `stream`.
  llvm::Error refresh(cudaStream_t stream) const;

  bool empty() const { return copies.empty(); }
  /// "A (ld 4095 -> 4096)" per staged operand, for reports.
  std::string describe() const;

private:
  struct Copy {
    Operand operand;
    uint64_t source;
    size_t sourcePitch, pitch, rowBytes, rows;
    int64_t ld, stagedLd;
    DeviceBuffer buffer;
  };

  OperandAddresses mapped;
  GemmShape mappedShape;
  std::vector<Copy> copies;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_OPERANDSTAGING_H
