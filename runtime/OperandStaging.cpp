//===- OperandStaging.cpp - aligned copies of operands TMA cannot read ----===//

#include "runtime/OperandStaging.h"

#include "runtime/CudaCheck.h"
#include "runtime/ElementType.h"
#include "runtime/OperandAlignment.h"
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

} // namespace

GemmShape OperandStaging::getTensorMapShape(const KernelSpec &spec,
                                            const GemmShape &shape) {
  GemmShape mapped = shape;
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand))
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

Expected<OperandStaging>
OperandStaging::create(const KernelSpec &spec, const GemmShape &shape,
                       const OperandAddresses &addresses) {
  OperandStaging staging;
  staging.mapped = addresses;
  staging.mappedShape = shape;
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand))
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

Error OperandStaging::refresh(cudaStream_t stream) const {
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
