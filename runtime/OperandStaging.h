//===- OperandStaging.h - aligned copies of operands TMA cannot read -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// TMA reads a matrix only when its base address and row pitch are multiples
// of 16 bytes. A wgmma kernel still runs on operands that are not (a view at
// an odd offset, an odd leading dimension such as 4095 bf16 columns): each
// such operand gets a staged copy in a buffer with a padded, 16-byte row
// pitch, which the kernel's tensor map reads instead. The copy is refreshed
// before every launch on the launch's stream, so it is part of the
// measured time. It is made by the bundle's copy kernel for that operand
// ("staged_copies", KernelSpec.h; CopyShape.h gives its parameters and
// grid) where the entry has one, else by cudaMemcpy2DAsync (device to
// device), which runs far below the copy kernel's bandwidth on pitches of
// a few bytes' alignment. C is never staged: the kernel's epilogue stores
// element by element where 16-byte stores would be misaligned.
//
// Batched operands: TMA also needs the batch stride in bytes to be a
// multiple of 16. An operand whose address, pitch or batch stride breaks
// that is staged whole: every batch entry (one for a stride-0 operand,
// which stays stride 0) into consecutive padded matrices, by one launch of
// the batched copy kernel (rank-3 memrefs, grid z over the entries; batch
// 1 for a stride-0 operand), or by cudaMemcpy2DAsync, one copy per entry (a
// single copy where the source entries are packed).
//
// Transposed copies: a kernel with "staged_transposes" (KernelSpec.h; tf32
// kernels, whose wgmma reads only K-major operands) reads such an operand
// from a K-major copy: the operand as stored is a row-major K × R matrix
// (R = M for a column-major A, N for a row-major B), which the bundle's
// transpose kernel writes into an R × K buffer with a 16-byte row pitch.
// The tensor maps and memrefs then describe that buffer (row-major A,
// column-major B). A batch gets one such copy per entry, packed, written by
// one launch of a batched transpose kernel (grid z over the entries); an
// operand of batch stride 0 gets one copy, which keeps stride 0.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_OPERANDSTAGING_H
#define GEMM_OPT_RUNTIME_OPERANDSTAGING_H

#include "runtime/CopyShape.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"
#include "runtime/LaunchGrid.h"
#include "runtime/TransposeShape.h"

#include "llvm/Support/Error.h"

#include <cuda_runtime.h>

#include <memory>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

class OperandStaging {
public:
  /// Nothing staged.
  OperandStaging() = default;

  /// The shape whose leading dimensions and batch strides the tensor maps
  /// of `spec` describe: `shape` with the ld of every TMA operand whose row
  /// pitch is not a multiple of 16 bytes rounded up to one, and the batch
  /// stride of one staged for its pitch or batch stride packed.
  static GemmShape getTensorMapShape(const KernelSpec &spec,
                                     const GemmShape &shape);

  /// Whether the staged transposes of `spec` can write the copies `shape`
  /// needs: a batch of distinct matrices needs a batched transpose kernel.
  static llvm::Error checkStagedTransposes(const KernelSpec &spec,
                                           const GemmShape &shape);

  /// The padded copy that stages `operand` of `shape` when TMA cannot read
  /// it in place: src is the operand as stored (rows × cols, its ld and
  /// batch stride), dst the buffer (the row pitch rounded up to 16 bytes,
  /// entries packed; one matrix for an operand of batch stride 0, which
  /// keeps stride 0).
  static CopyShape getStagedCopyShape(const KernelSpec &spec,
                                      const GemmShape &shape, Operand operand);

  /// Decides which TMA operands of `spec` at `addresses` need a staged copy
  /// and how each is made (kernel, shape, grid), without allocating the
  /// copies: their addresses in getTensorMapAddresses() are 0 until
  /// create() allocates them.
  static llvm::Expected<OperandStaging> plan(const KernelSpec &spec,
                                             const GemmShape &shape,
                                             const OperandAddresses &addresses);

  /// plan(), then allocates the copies.
  static llvm::Expected<OperandStaging>
  create(const KernelSpec &spec, const GemmShape &shape,
         const OperandAddresses &addresses);

  /// The addresses the tensor maps read: the staged copies where there are.
  const OperandAddresses &getTensorMapAddresses() const { return mapped; }
  const GemmShape &getTensorMapShape() const { return mappedShape; }

  /// One launch of a staged transpose or copy kernel.
  struct KernelLaunch {
    KernelKind kind;
    Operand operand;
    LaunchGrid grid;
    /// The memrefs of the operand as stored and of its copy.
    std::vector<uint64_t> params;
  };
  /// The kernel launches refresh() makes, in order: the staged transposes,
  /// then the staged copies made by copy kernels.
  std::vector<KernelLaunch> getKernelLaunches() const;

  /// Copies every staged operand into its aligned buffer, on `stream`:
  /// the getKernelLaunches() through `module`'s staged transpose and copy
  /// kernels, the other copies through cudaMemcpy2DAsync.
  llvm::Error refresh(KernelModule &module, cudaStream_t stream) const;

  bool empty() const { return copies.empty() && transposedCopies.empty(); }
  /// "a (ld 4095 -> 4096)" per staged operand (batched: "a (ld 4095 ->
  /// 4096, batch stride 4095000 -> 4096000)"; made by a copy kernel: "a (ld
  /// 4095 -> 4096, by gemm_kernel_stage_copy_a)"; transposed: "a (col-major
  /// ld 4099 -> row-major ld 4096)", batched with ", batch stride S -> T"),
  /// for reports.
  std::string describe() const;

private:
  struct Copy {
    Operand operand;
    uint64_t source;
    /// src: the operand as stored, dst: the buffer (getStagedCopyShape).
    CopyShape shape;
    size_t elementSize;
    /// The bundle's copy kernel that writes it (KernelSpec::stagedCopies)
    /// and its grid; null where cudaMemcpy2DAsync copies.
    std::shared_ptr<const KernelSpec> kernel;
    LaunchGrid grid;
    size_t bufferBytes;
    DeviceBuffer buffer;
  };

  struct TransposedCopy {
    Operand operand;
    /// src: the operand as stored (K × R), dst: the buffer (R × K), per
    /// batch entry.
    TransposeShape shape;
    /// Whether the transpose kernel takes rank-3 (batch) parameters.
    bool batched = false;
    uint64_t source;
    LaunchGrid grid;
    size_t bufferBytes;
    DeviceBuffer buffer;
  };

  OperandAddresses mapped;
  GemmShape mappedShape;
  std::vector<Copy> copies;
  std::vector<TransposedCopy> transposedCopies;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_OPERANDSTAGING_H
