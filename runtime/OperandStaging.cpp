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

} // namespace

GemmShape OperandStaging::getTensorMapShape(const KernelSpec &spec,
                                            const GemmShape &shape) {
  GemmShape mapped = shape;
  for (Operand operand : {Operand::A, Operand::B}) {
    if (!isStagedOperand(spec, operand))
      continue;
    size_t size = getElementSize(spec.getOperandType(operand));
    int64_t &ld = leadingDimension(mapped, operand);
    ld = alignedLeadingDimension(getOperandLayout(shape, operand).ld, size);
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
    if (address % TensorMapGlobalAlignment == 0 &&
        pitch % TensorMapGlobalAlignment == 0)
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
    Expected<DeviceBuffer> buffer = DeviceBuffer::allocate(copy.pitch * copy.rows);
    if (!buffer)
      return buffer.takeError();
    copy.buffer = std::move(*buffer);
    leadingDimension(staging.mappedShape, operand) = copy.stagedLd;
    (operand == Operand::A ? staging.mapped.a : staging.mapped.b) =
        copy.buffer.getAddress();
    staging.copies.push_back(std::move(copy));
  }
  return std::move(staging);
}

Error OperandStaging::refresh(cudaStream_t stream) const {
  for (const Copy &copy : copies)
    GEMM_CUDA_TRY(cudaMemcpy2DAsync(
        reinterpret_cast<void *>(copy.buffer.getAddress()), copy.pitch,
        reinterpret_cast<const void *>(copy.source), copy.sourcePitch,
        copy.rowBytes, copy.rows, cudaMemcpyDeviceToDevice, stream));
  return Error::success();
}

std::string OperandStaging::describe() const {
  std::string text;
  raw_string_ostream os(text);
  for (const Copy &copy : copies) {
    if (!text.empty())
      os << ", ";
    os << getOperandName(copy.operand) << " (ld " << copy.ld << " -> "
       << copy.stagedLd << ")";
  }
  return text;
}

} // namespace runtime
} // namespace gemm_opt
