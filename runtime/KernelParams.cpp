//===- KernelParams.cpp - Kernel parameter packing ------------------------===//

#include "runtime/KernelParams.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

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
  slots.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i)
    slots.push_back({/*isTensorMap=*/false, i});
}

void PackedKernelParams::appendValue(uint64_t value) {
  slots.push_back({/*isTensorMap=*/false, values.size()});
  values.push_back(value);
}

void PackedKernelParams::appendTensorMap(const CUtensorMap &map) {
  slots.push_back({/*isTensorMap=*/true, tensorMaps.size()});
  tensorMaps.push_back(map);
}

void **PackedKernelParams::getPointers() {
  // Rebuilt on each call: a move keeps the storage but not this object.
  pointers.resize(slots.size());
  for (auto [pointer, slot] : llvm::zip_equal(pointers, slots))
    pointer = slot.isTensorMap ? static_cast<void *>(&tensorMaps[slot.index])
                               : static_cast<void *>(&values[slot.index]);
  return pointers.data();
}

PackedKernelParams packKernelParams(const KernelSpec &spec,
                                    const GemmShape &shape,
                                    const OperandAddresses &addresses,
                                    llvm::ArrayRef<TensorMapArgument> maps) {
  PackedKernelParams params;
  size_t mapIndex = 0;
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.isTensorMap()) {
      assert(mapIndex < maps.size() && "a tensor map per tma parameter");
      const TensorMapArgument &argument = maps[mapIndex++];
      if (param.tensorMap.passing == TensorMapPassing::ByValue)
        params.appendTensorMap(argument.map);
      else
        params.appendValue(argument.deviceAddress);
      continue;
    }
    MemRefDescriptor2D d =
        describeOperand(shape, param.operand, addresses.get(param.operand));
    for (uint64_t value :
         {d.allocated, d.aligned, static_cast<uint64_t>(d.offset),
          static_cast<uint64_t>(d.sizes[0]), static_cast<uint64_t>(d.sizes[1]),
          static_cast<uint64_t>(d.strides[0]),
          static_cast<uint64_t>(d.strides[1])})
      params.appendValue(value);
  }
  assert(mapIndex == maps.size() && "a tensor map per tma parameter");
  return params;
}

} // namespace runtime
} // namespace gemm_opt
