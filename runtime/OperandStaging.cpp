//===- OperandStaging.cpp - aligned copies of operands TMA cannot read ----===//

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
        !staged.kernel->transpose->batched)
      return makeBadInputError(
          "kernel " + spec.name + " stages a transposed " +
          getOperandName(staged.operand) +
          " through a transpose of one matrix (rank-2 parameters); a batch "
          "of " + Twine(shape.batch) + " distinct " +
          getOperandName(staged.operand) +
          " matrices needs a batched one (recompile the schedule)");
  return Error::success();
}

Expected<OperandStaging>
OperandStaging::create(const KernelSpec &spec, const GemmShape &shape,
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
    copy.batched = staged.kernel->transpose->batched;
    copy.source = addresses.get(staged.operand);
    Expected<LaunchGrid> grid = computeGrid(
        *staged.kernel,
        GemmShape::get(copy.shape.rows, copy.shape.cols, 1)
            .withBatch(copy.shape.batch),
        1);
    if (!grid)
      return grid.takeError();
    copy.grid = *grid;
    size_t size = getElementSize(spec.getOperandType(staged.operand));
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(
        static_cast<size_t>(copy.shape.batch * copy.shape.cols *
                            copy.shape.ldDst) *
        size);
    if (!buffer)
      return buffer.takeError();
    copy.buffer = std::move(*buffer);
    mapToTransposedCopy(staging.mappedShape, staged.operand, copy.shape);
    (staged.operand == Operand::A ? staging.mapped.a : staging.mapped.b) =
        copy.buffer.getAddress();
    staging.transposedCopies.push_back(std::move(copy));
  }
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand) || spec.getStagedTranspose(operand))
      continue;
    size_t size = getElementSize(spec.getOperandType(operand));
    OperandLayout layout = getOperandLayout(shape, operand);
    uint64_t address = addresses.get(operand);
    size_t pitch = static_cast<size_t>(layout.ld) * size;
    bool severalEntries = hasSeveralEntries(shape, operand);
    int64_t batchStride = shape.getBatchStride(operand);
    if (address % TensorMapGlobalAlignment == 0 &&
        pitch % TensorMapGlobalAlignment == 0 &&
        (!severalEntries || isAligned(batchStride, size)))
      continue;
    Copy copy;
    copy.operand = operand;
    copy.source = address;
    copy.sourcePitch = pitch;
    copy.ld = layout.ld;
    copy.stagedLd = alignedLeadingDimension(layout.cols, size);
    copy.pitch = static_cast<size_t>(copy.stagedLd) * size;
    copy.rowBytes = static_cast<size_t>(layout.cols) * size;
    copy.rows = static_cast<size_t>(layout.rows);
    copy.entries = severalEntries ? static_cast<size_t>(shape.batch) : 1;
    copy.batchStride = batchStride;
    copy.sourceStride = static_cast<size_t>(batchStride) * size;
    copy.stride = copy.pitch * copy.rows;
    // A stride-0 operand stays one matrix that every entry reads.
    copy.stagedBatchStride =
        batchStride == 0 ? 0 : copy.stagedLd * static_cast<int64_t>(copy.rows);
    Expected<DeviceBuffer> buffer =
        DeviceBuffer::allocate(copy.stride * copy.entries);
    if (!buffer)
      return buffer.takeError();
    copy.buffer = std::move(*buffer);
    leadingDimension(staging.mappedShape, operand) = copy.stagedLd;
    staging.mappedShape.getBatchStride(operand) = copy.stagedBatchStride;
    (operand == Operand::A ? staging.mapped.a : staging.mapped.b) =
        copy.buffer.getAddress();
    staging.copies.push_back(std::move(copy));
  }
  return std::move(staging);
}

Error OperandStaging::refresh(KernelModule &module,
                              cudaStream_t stream) const {
  for (const TransposedCopy &copy : transposedCopies) {
    PackedKernelParams params(packTransposeParams(
        copy.shape, copy.source, copy.buffer.getAddress(), copy.batched));
    if (Error err = module.launchStagedTranspose(copy.operand, copy.grid,
                                                 params, stream))
      return err;
  }
  for (const Copy &copy : copies) {
    // Packed source entries are one tall matrix; others go entry by entry.
    bool packed = copy.entries == 1 ||
                  copy.sourceStride == copy.sourcePitch * copy.rows;
    size_t copies = packed ? 1 : copy.entries;
    size_t rows = packed ? copy.rows * copy.entries : copy.rows;
    for (size_t entry = 0; entry < copies; ++entry)
      GEMM_CUDA_TRY(cudaMemcpy2DAsync(
          reinterpret_cast<void *>(copy.buffer.getAddress() +
                                   entry * copy.stride),
          copy.pitch,
          reinterpret_cast<const void *>(copy.source +
                                         entry * copy.sourceStride),
          copy.sourcePitch, copy.rowBytes, rows, cudaMemcpyDeviceToDevice,
          stream));
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
    os << getOperandName(copy.operand) << " (ld " << copy.ld << " -> "
       << copy.stagedLd;
    if (copy.entries > 1)
      os << ", batch stride " << copy.batchStride << " -> "
         << copy.stagedBatchStride;
    os << ")";
  }
  return text;
}

} // namespace runtime
} // namespace gemm_opt
