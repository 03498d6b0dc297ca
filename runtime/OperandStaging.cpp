//===- OperandStaging.cpp - aligned copies of operands TMA cannot read ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/OperandStaging.h"

#include "runtime/CudaCheck.h"
#include "runtime/ElementType.h"
#include "runtime/OperandAlignment.h"
#include "runtime/RuntimeError.h"
#include "runtime/TensorMapEncoding.h"

#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

int64_t &leadingDimension(GemmShape &shape, Operand operand) {
  return operand == Operand::A ? shape.lda
         : operand == Operand::B ? shape.ldb
                                 : shape.ldc;
}

uint64_t &operandAddress(OperandAddresses &addresses, Operand operand) {
  return operand == Operand::A   ? addresses.a
         : operand == Operand::B ? addresses.b
                                 : addresses.c;
}

/// The smallest leading dimension >= `ld` whose row pitch is a multiple of
/// the TMA alignment.
int64_t alignedLeadingDimension(int64_t ld, size_t elementSize) {
  int64_t perUnit = TensorMapGlobalAlignment / static_cast<int64_t>(elementSize);
  return static_cast<int64_t>(alignTo(static_cast<uint64_t>(ld),
                                      static_cast<uint64_t>(perUnit)));
}

/// Whether `operand`'s batch entries are a batch stride apart (several
/// entries, stride not 0).
bool hasSeveralEntries(const GemmShape &shape, Operand operand) {
  return shape.batch > 1 && shape.getBatchStride(operand) != 0;
}

bool isAligned(int64_t elements, size_t elementSize) {
  return static_cast<uint64_t>(elements) * elementSize %
             TensorMapGlobalAlignment ==
         0;
}

/// The transpose that writes the K-major copy of `operand` (see the file
/// comment): src is the operand as stored, K × R; dst is R × K with a row
/// pitch TMA takes. A batch's entries go into consecutive copies; a
/// stride-0 operand (one matrix every entry reads) into one copy.
TransposeShape getStagedTransposeShape(const KernelSpec &spec,
                                       const GemmShape &shape,
                                       Operand operand) {
  OperandLayout layout = getOperandLayout(shape, operand);
  size_t size = getElementSize(spec.getOperandType(operand));
  TransposeShape copy =
      TransposeShape::get(layout.rows, layout.cols, layout.ld,
                          alignedLeadingDimension(layout.rows, size));
  if (hasSeveralEntries(shape, operand)) {
    copy.batch = shape.batch;
    copy.batchStrideSrc = shape.getBatchStride(operand);
    copy.batchStrideDst = copy.cols * copy.ldDst;
  }
  return copy;
}

/// `shape` as the kernel sees it once `operand` is read from its transposed
/// copy: the other major order, the copy's leading dimension and batch
/// stride.
void mapToTransposedCopy(GemmShape &shape, Operand operand,
                         const TransposeShape &copy) {
  MatrixLayout &layout = shape.layouts.get(operand);
  layout = layout == MatrixLayout::Row ? MatrixLayout::Col : MatrixLayout::Row;
  leadingDimension(shape, operand) = copy.ldDst;
  shape.getBatchStride(operand) = copy.batchStrideDst;
}

} // namespace

GemmShape OperandStaging::getTensorMapShape(const KernelSpec &spec,
                                            const GemmShape &shape) {
  GemmShape mapped = shape;
  for (const StagedTransposeSpec &staged : spec.stagedTransposes)
    mapToTransposedCopy(
        mapped, staged.operand,
        getStagedTransposeShape(spec, shape, staged.operand));
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand) || spec.getStagedTranspose(operand))
      continue;
    size_t size = getElementSize(spec.getOperandType(operand));
    OperandLayout layout = getOperandLayout(shape, operand);
    int64_t &ld = leadingDimension(mapped, operand);
    ld = alignedLeadingDimension(layout.ld, size);
    if (hasSeveralEntries(shape, operand) &&
        (ld != layout.ld || !isAligned(shape.getBatchStride(operand), size)))
      mapped.getBatchStride(operand) = ld * layout.rows;
  }
  return mapped;
}

Error OperandStaging::checkStagedTransposes(const KernelSpec &spec,
                                            const GemmShape &shape) {
  for (const StagedTransposeSpec &staged : spec.stagedTransposes)
    if (hasSeveralEntries(shape, staged.operand) &&
        !staged.kernel->matrixMove->batched)
      return makeBadInputError(
          "kernel " + spec.name + " stages a transposed " +
          getOperandName(staged.operand) +
          " through a transpose of one matrix (rank-2 parameters); a batch "
          "of " + Twine(shape.batch) + " distinct " +
          getOperandName(staged.operand) +
          " matrices needs a batched one (recompile the schedule)");
  return Error::success();
}

CopyShape OperandStaging::getStagedCopyShape(const KernelSpec &spec,
                                             const GemmShape &shape,
                                             Operand operand) {
  OperandLayout layout = getOperandLayout(shape, operand);
  size_t size = getElementSize(spec.getOperandType(operand));
  CopyShape copy;
  copy.rows = layout.rows;
  copy.cols = layout.cols;
  copy.ldSrc = layout.ld;
  copy.ldDst = alignedLeadingDimension(layout.cols, size);
  copy.batch = hasSeveralEntries(shape, operand) ? shape.batch : 1;
  copy.batchStrideSrc = shape.getBatchStride(operand);
  // A stride-0 operand stays one matrix that every entry reads.
  copy.batchStrideDst = copy.batchStrideSrc == 0 ? 0 : copy.ldDst * copy.rows;
  return copy;
}

Expected<OperandStaging>
OperandStaging::plan(const KernelSpec &spec, const GemmShape &shape,
                     const OperandAddresses &addresses) {
  if (Error err = checkStagedTransposes(spec, shape))
    return std::move(err);
  OperandStaging staging;
  staging.mapped = addresses;
  staging.mappedShape = shape;
  for (const StagedTransposeSpec &staged : spec.stagedTransposes) {
    TransposedCopy copy;
    copy.operand = staged.operand;
    copy.shape = getStagedTransposeShape(spec, shape, staged.operand);
    copy.batched = staged.kernel->matrixMove->batched;
    copy.source = addresses.get(staged.operand);
    Expected<LaunchGrid> grid = computeMatrixMoveGrid(
        *staged.kernel, copy.shape.rows, copy.shape.cols, copy.shape.batch);
    if (!grid)
      return grid.takeError();
    copy.grid = *grid;
    copy.bufferBytes = static_cast<size_t>(copy.shape.batch * copy.shape.cols *
                                           copy.shape.ldDst) *
                       getElementSize(spec.getOperandType(staged.operand));
    mapToTransposedCopy(staging.mappedShape, staged.operand, copy.shape);
    // The copy has no address until create() allocates it.
    operandAddress(staging.mapped, staged.operand) = 0;
    staging.transposedCopies.push_back(std::move(copy));
  }
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand) || spec.getStagedTranspose(operand))
      continue;
    size_t size = getElementSize(spec.getOperandType(operand));
    OperandLayout layout = getOperandLayout(shape, operand);
    uint64_t address = addresses.get(operand);
    if (address % TensorMapGlobalAlignment == 0 && isAligned(layout.ld, size) &&
        (!hasSeveralEntries(shape, operand) ||
         isAligned(shape.getBatchStride(operand), size)))
      continue;
    Copy copy;
    copy.operand = operand;
    copy.source = address;
    copy.shape = getStagedCopyShape(spec, shape, operand);
    copy.elementSize = size;
    if (const StagedCopySpec *staged = spec.getStagedCopy(operand)) {
      // A copy whose grid the GPU cannot launch (more than 65535 column
      // tiles or batch entries) goes through cudaMemcpy2DAsync instead.
      Expected<LaunchGrid> grid = computeCopyGrid(*staged->kernel, copy.shape);
      if (grid) {
        copy.kernel = staged->kernel;
        copy.grid = *grid;
      } else {
        consumeError(grid.takeError());
      }
    }
    copy.bufferBytes = static_cast<size_t>(copy.shape.batch * copy.shape.rows *
                                           copy.shape.ldDst) *
                       size;
    leadingDimension(staging.mappedShape, operand) = copy.shape.ldDst;
    staging.mappedShape.getBatchStride(operand) = copy.shape.batchStrideDst;
    operandAddress(staging.mapped, operand) = 0;
    staging.copies.push_back(std::move(copy));
  }
  return std::move(staging);
}

Expected<OperandStaging>
OperandStaging::create(const KernelSpec &spec, const GemmShape &shape,
                       const OperandAddresses &addresses) {
  Expected<OperandStaging> staging = plan(spec, shape, addresses);
  if (!staging)
    return staging.takeError();
  auto allocate = [&](Operand operand, size_t bytes,
                      DeviceBuffer &buffer) -> Error {
    Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(bytes);
    if (!allocated)
      return allocated.takeError();
    buffer = std::move(*allocated);
    operandAddress(staging->mapped, operand) = buffer.getAddress();
    return Error::success();
  };
  for (TransposedCopy &copy : staging->transposedCopies)
    if (Error err = allocate(copy.operand, copy.bufferBytes, copy.buffer))
      return std::move(err);
  for (Copy &copy : staging->copies)
    if (Error err = allocate(copy.operand, copy.bufferBytes, copy.buffer))
      return std::move(err);
  return staging;
}

std::vector<OperandStaging::KernelLaunch>
OperandStaging::getKernelLaunches() const {
  std::vector<KernelLaunch> launches;
  for (const TransposedCopy &copy : transposedCopies)
    launches.push_back(
        {KernelKind::Transpose, copy.operand, copy.grid,
         packTransposeParams(copy.shape, copy.source, copy.buffer.getAddress(),
                             copy.batched)});
  for (const Copy &copy : copies)
    if (copy.kernel)
      launches.push_back(
          {KernelKind::Copy, copy.operand, copy.grid,
           packCopyParams(copy.shape, copy.source, copy.buffer.getAddress(),
                          copy.kernel->matrixMove->batched)});
  return launches;
}

Error OperandStaging::refresh(KernelModule &module,
                              cudaStream_t stream) const {
  for (KernelLaunch &launch : getKernelLaunches()) {
    PackedKernelParams params(std::move(launch.params));
    if (Error err = module.launchStagedKernel(launch.kind, launch.operand,
                                              launch.grid, params, stream))
      return err;
  }
  for (const Copy &copy : copies) {
    if (copy.kernel)
      continue;
    const CopyShape &shape = copy.shape;
    // Packed source entries are one tall matrix; others go entry by entry.
    bool packed =
        shape.batch == 1 || shape.batchStrideSrc == shape.rows * shape.ldSrc;
    size_t copies = packed ? 1 : static_cast<size_t>(shape.batch);
    size_t rows =
        static_cast<size_t>(packed ? shape.rows * shape.batch : shape.rows);
    size_t size = copy.elementSize;
    for (size_t entry = 0; entry < copies; ++entry)
      GEMM_CUDA_TRY(cudaMemcpy2DAsync(
          reinterpret_cast<void *>(copy.buffer.getAddress() +
                                   entry * shape.batchStrideDst * size),
          static_cast<size_t>(shape.ldDst) * size,
          reinterpret_cast<const void *>(copy.source +
                                         entry * shape.batchStrideSrc * size),
          static_cast<size_t>(shape.ldSrc) * size,
          static_cast<size_t>(shape.cols) * size, rows,
          cudaMemcpyDeviceToDevice, stream));
  }
  return Error::success();
}

std::string OperandStaging::describe() const {
  std::string text;
  raw_string_ostream os(text);
  for (const TransposedCopy &copy : transposedCopies) {
    if (!text.empty())
      os << ", ";
    bool a = copy.operand == Operand::A;
    os << getOperandName(copy.operand) << " (" << (a ? "col" : "row")
       << "-major ld " << copy.shape.ldSrc << " -> " << (a ? "row" : "col")
       << "-major ld " << copy.shape.ldDst;
    if (copy.shape.batch > 1)
      os << ", batch stride " << copy.shape.batchStrideSrc << " -> "
         << copy.shape.batchStrideDst;
    os << ")";
  }
  for (const Copy &copy : copies) {
    if (!text.empty())
      os << ", ";
    os << getOperandName(copy.operand) << " (ld " << copy.shape.ldSrc << " -> "
       << copy.shape.ldDst;
    if (copy.shape.batch > 1)
      os << ", batch stride " << copy.shape.batchStrideSrc << " -> "
         << copy.shape.batchStrideDst;
    if (copy.kernel)
      os << ", by " << copy.kernel->name;
    os << ")";
  }
  return text;
}

} // namespace runtime
} // namespace gemm_opt
