//===- KernelParams.cpp - Kernel parameter packing ------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelParams.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <cstring>

namespace gemm_opt {
namespace runtime {

MemRefDescriptor2D describeOperand(const GemmShape &shape, Operand operand,
                                   uint64_t address) {
  // The memref is the logical matrix (A: M x K, ...); a column-major one
  // has unit stride along its rows and the leading dimension along its
  // columns (strided<[1, ?]> in the kernel's signature).
  auto [rows, cols] = getLogicalExtents(shape, operand);
  int64_t ld = getOperandLayout(shape, operand).ld;
  bool row = shape.layouts.get(operand) == MatrixLayout::Row;
  MemRefDescriptor2D descriptor;
  descriptor.allocated = address;
  descriptor.aligned = address;
  descriptor.offset = 0;
  descriptor.sizes[0] = rows;
  descriptor.sizes[1] = cols;
  descriptor.strides[0] = row ? ld : 1;
  descriptor.strides[1] = row ? 1 : ld;
  return descriptor;
}

MemRefDescriptor3D describeBatchedOperand(const GemmShape &shape,
                                          Operand operand, uint64_t address) {
  MemRefDescriptor2D matrix = describeOperand(shape, operand, address);
  MemRefDescriptor3D descriptor;
  descriptor.allocated = matrix.allocated;
  descriptor.aligned = matrix.aligned;
  descriptor.offset = matrix.offset;
  descriptor.sizes[0] = shape.batch;
  descriptor.sizes[1] = matrix.sizes[0];
  descriptor.sizes[2] = matrix.sizes[1];
  descriptor.strides[0] = shape.getBatchStride(operand);
  descriptor.strides[1] = matrix.strides[0];
  descriptor.strides[2] = matrix.strides[1];
  return descriptor;
}

void appendRowMajorMemRef(std::vector<uint64_t> &values, uint64_t address,
                          int64_t rows, int64_t cols, int64_t ld, bool batched,
                          int64_t batch, int64_t batchStride) {
  values.insert(values.end(), {address, address, 0});
  if (batched)
    values.push_back(static_cast<uint64_t>(batch));
  values.insert(values.end(),
                {static_cast<uint64_t>(rows), static_cast<uint64_t>(cols)});
  if (batched)
    values.push_back(static_cast<uint64_t>(batchStride));
  values.insert(values.end(), {static_cast<uint64_t>(ld), 1});
}

int64_t getBiasLength(const FusedEpilogueSpec &epilogue,
                      const GemmShape &shape) {
  switch (epilogue.bias) {
  case EpilogueBias::None:
    return 0;
  case EpilogueBias::Row:
    return shape.m;
  case EpilogueBias::Column:
    return shape.n;
  }
  return 0;
}

PackedKernelParams::PackedKernelParams(std::vector<uint64_t> valuesIn)
    : values(std::move(valuesIn)) {
  slots.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i)
    slots.push_back({/*isTensorMap=*/false, i, sizeof(uint64_t)});
}

void PackedKernelParams::appendValue(uint64_t value) {
  slots.push_back({/*isTensorMap=*/false, values.size(), sizeof(uint64_t)});
  values.push_back(value);
}

void PackedKernelParams::appendFloat(float value) {
  // The driver copies the parameter's 4 bytes from the slot's address: the
  // low bytes of the little-endian 8-byte slot.
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  appendInt32(bits);
}

void PackedKernelParams::appendInt32(uint32_t value) {
  appendValue(value);
  slots.back().bytes = sizeof(uint32_t);
}

void PackedKernelParams::appendTensorMap(const CUtensorMap &map) {
  slots.push_back({/*isTensorMap=*/true, tensorMaps.size(), sizeof(CUtensorMap)});
  tensorMaps.push_back(map);
}

std::vector<size_t> PackedKernelParams::getParamBytes() const {
  std::vector<size_t> bytes;
  bytes.reserve(slots.size());
  for (const Slot &slot : slots)
    bytes.push_back(slot.bytes);
  return bytes;
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
                                    llvm::ArrayRef<TensorMapArgument> maps,
                                    const EpilogueArguments &epilogue,
                                    const WorkspaceAddresses &workspace) {
  PackedKernelParams params;
  size_t mapIndex = 0;
  auto appendMemRef2D = [&](const MemRefDescriptor2D &d) {
    for (uint64_t value :
         {d.allocated, d.aligned, static_cast<uint64_t>(d.offset),
          static_cast<uint64_t>(d.sizes[0]), static_cast<uint64_t>(d.sizes[1]),
          static_cast<uint64_t>(d.strides[0]),
          static_cast<uint64_t>(d.strides[1])})
      params.appendValue(value);
  };
  auto appendMemRef3D = [&](const MemRefDescriptor3D &d) {
    for (uint64_t value :
         {d.allocated, d.aligned, static_cast<uint64_t>(d.offset),
          static_cast<uint64_t>(d.sizes[0]), static_cast<uint64_t>(d.sizes[1]),
          static_cast<uint64_t>(d.sizes[2]),
          static_cast<uint64_t>(d.strides[0]),
          static_cast<uint64_t>(d.strides[1]),
          static_cast<uint64_t>(d.strides[2])})
      params.appendValue(value);
  };
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.kind == KernelParamSpec::Kind::EpilogueScalar) {
      params.appendFloat(param.epilogueOperand == EpilogueOperand::Alpha
                             ? epilogue.alpha
                             : epilogue.beta);
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::Workspace) {
      bool partials = param.workspace == WorkspaceBuffer::Partials;
      uint64_t address = partials ? workspace.partials : workspace.tileCounters;
      int64_t count = partials ? workspace.partialCount : workspace.tileCount;
      // allocated, aligned, offset, size, stride
      for (uint64_t value : {address, address, uint64_t(0),
                             static_cast<uint64_t>(count), uint64_t(1)})
        params.appendValue(value);
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::EpilogueMemRef) {
      // The residual: laid out like C (a batch of matrices with C's batch
      // stride in a batched kernel).
      if (param.epilogueOperand == EpilogueOperand::Residual) {
        if (param.rank == 3)
          appendMemRef3D(
              describeBatchedOperand(shape, Operand::C, epilogue.residual));
        else
          appendMemRef2D(describeOperand(shape, Operand::C, epilogue.residual));
        continue;
      }
      // A grouped kernel's bias of one row per group (rank 2): G rows of
      // M_max (bias = row, masked) or N entries, packed.
      if (param.rank == 2) {
        int64_t entries = getBiasLength(spec.epilogue, shape);
        for (uint64_t value : {epilogue.bias, epilogue.bias, uint64_t(0),
                               static_cast<uint64_t>(shape.batch),
                               static_cast<uint64_t>(entries),
                               static_cast<uint64_t>(entries), uint64_t(1)})
          params.appendValue(value);
        continue;
      }
      // allocated, aligned, offset, size, stride
      for (uint64_t value :
           {epilogue.bias, epilogue.bias, uint64_t(0),
            static_cast<uint64_t>(getBiasLength(spec.epilogue, shape)),
            uint64_t(1)})
        params.appendValue(value);
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::ScaleMemRef) {
      assert(spec.scaling && "scale parameters belong to an FP8 GEMM");
      bool isA = param.operand == Operand::A;
      ScaleTensorLayout layout = getScaleTensorLayout(
          isA ? spec.scaling->a : spec.scaling->b, shape.m, shape.n, shape.k);
      uint64_t address = isA ? addresses.scaleA : addresses.scaleB;
      for (uint64_t value : {address, address, uint64_t(0)})
        params.appendValue(value);
      // Per batch entry: the entries' scales packed one after the other.
      bool perEntry = param.rank == layout.rank + 1;
      if (perEntry)
        params.appendValue(static_cast<uint64_t>(shape.batch));
      for (unsigned dim = 0; dim < layout.rank; ++dim)
        params.appendValue(static_cast<uint64_t>(layout.sizes[dim]));
      if (perEntry)
        params.appendValue(static_cast<uint64_t>(layout.elements));
      for (unsigned dim = 0; dim < layout.rank; ++dim)
        params.appendValue(static_cast<uint64_t>(layout.strides[dim]));
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::ScaleDMemRef ||
        param.kind == KernelParamSpec::Kind::AmaxMemRef) {
      uint64_t address = param.kind == KernelParamSpec::Kind::ScaleDMemRef
                             ? addresses.scaleD
                             : addresses.amax;
      for (uint64_t value : {address, address, uint64_t(0)})
        params.appendValue(value);
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::GroupMemRef) {
      // G counts or G + 1 offsets, G being B's batch extent.
      int64_t entries = getGroupOperandEntries(param.groupLayout, shape.batch);
      for (uint64_t value : {addresses.groups, addresses.groups, uint64_t(0),
                             static_cast<uint64_t>(entries), uint64_t(1)})
        params.appendValue(value);
      continue;
    }
    if (param.kind == KernelParamSpec::Kind::TensorMapPresent) {
      assert(mapIndex > 0 && "tma_present follows its tma parameter");
      // An i32 in the kernel (passes/common/OutlineKernel.cpp).
      params.appendInt32(maps[mapIndex - 1].present ? 1 : 0);
      continue;
    }
    if (param.isTensorMap()) {
      assert(mapIndex < maps.size() && "a tensor map per tma parameter");
      const TensorMapArgument &argument = maps[mapIndex++];
      if (param.tensorMap.passing == TensorMapPassing::ByValue)
        params.appendTensorMap(argument.map);
      else
        params.appendValue(argument.deviceAddress);
      continue;
    }
    if (param.rank == 3) {
      appendMemRef3D(describeBatchedOperand(shape, param.operand,
                                            addresses.get(param.operand)));
      continue;
    }
    appendMemRef2D(
        describeOperand(shape, param.operand, addresses.get(param.operand)));
  }
  assert(mapIndex == maps.size() && "a tensor map per tma parameter");
  return params;
}

} // namespace runtime
} // namespace gemm_opt
