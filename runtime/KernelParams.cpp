//===- KernelParams.cpp - Kernel parameter packing ------------------------===//

#include "runtime/KernelParams.h"

namespace gemm_opt {
namespace runtime {

MemRefDescriptor2D describeOperand(const GemmShape &shape, Operand operand,
                                   uint64_t address) {
  OperandLayout layout = getOperandLayout(shape, operand);
  MemRefDescriptor2D descriptor;
  descriptor.allocated = address;
  descriptor.aligned = address;
  descriptor.offset = 0;
  descriptor.sizes[0] = layout.rows;
  descriptor.sizes[1] = layout.cols;
  descriptor.strides[0] = layout.ld;
  descriptor.strides[1] = 1;
  return descriptor;
}

PackedKernelParams::PackedKernelParams(std::vector<uint64_t> valuesIn)
    : values(std::move(valuesIn)) {
  pointers.reserve(values.size());
  for (uint64_t &value : values)
    pointers.push_back(&value);
}

PackedKernelParams packKernelParams(const KernelSpec &spec,
                                    const GemmShape &shape,
                                    const OperandAddresses &addresses) {
  std::vector<uint64_t> values;
  values.reserve(spec.parameters.size() * MemRef2DParamCount);
  for (const KernelParamSpec &param : spec.parameters) {
    // KernelParamSpec::Kind::MemRef of rank 2 is the only kind parsed.
    uint64_t address = param.operand == Operand::A   ? addresses.a
                       : param.operand == Operand::B ? addresses.b
                                                     : addresses.c;
    MemRefDescriptor2D d = describeOperand(shape, param.operand, address);
    for (uint64_t value :
         {d.allocated, d.aligned, static_cast<uint64_t>(d.offset),
          static_cast<uint64_t>(d.sizes[0]), static_cast<uint64_t>(d.sizes[1]),
          static_cast<uint64_t>(d.strides[0]),
          static_cast<uint64_t>(d.strides[1])})
      values.push_back(value);
  }
  return PackedKernelParams(std::move(values));
}

} // namespace runtime
} // namespace gemm_opt
