//===- KernelParamsTest.cpp - memref kernel parameter packing -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/KernelArguments.h"
#include "runtime/KernelParams.h"

#include "gtest/gtest.h"

#include <utility>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

TEST(KernelParamsTest, DescribesOperands) {
  GemmShape shape = GemmShape::get(128, 256, 64, 72, 264, 272);
  MemRefDescriptor2D a = describeOperand(shape, Operand::A, addressA);
  EXPECT_EQ(a.allocated, addressA);
  EXPECT_EQ(a.aligned, addressA);
  EXPECT_EQ(a.offset, 0);
  EXPECT_EQ(a.sizes[0], 128);
  EXPECT_EQ(a.sizes[1], 64);
  EXPECT_EQ(a.strides[0], 72);
  EXPECT_EQ(a.strides[1], 1);
  MemRefDescriptor2D b = describeOperand(shape, Operand::B, addressB);
  EXPECT_EQ(b.sizes[0], 64);
  EXPECT_EQ(b.sizes[1], 256);
  EXPECT_EQ(b.strides[0], 264);
  MemRefDescriptor2D c = describeOperand(shape, Operand::C, addressC);
  EXPECT_EQ(c.sizes[0], 128);
  EXPECT_EQ(c.sizes[1], 256);
  EXPECT_EQ(c.strides[0], 272);
  EXPECT_EQ(c.strides[1], 1);
}

TEST(KernelParamsTest, PacksSevenValuesPerMemref) {
  KernelSpec spec = parseSingleKernel(makeValidKernel());
  GemmShape shape = GemmShape::get(4096, 2048, 1024, 1032, 2056, 2064);
  PackedKernelParams params =
      packKernelParams(spec, shape, {addressA, addressB, addressC});
  ASSERT_EQ(params.size(), 3u * MemRef2DParamCount);
  std::vector<uint64_t> expected = {
      addressA, addressA, 0, 4096, 1024, 1032, 1, // a
      addressB, addressB, 0, 1024, 2048, 2056, 1, // b
      addressC, addressC, 0, 4096, 2048, 2064, 1, // c
  };
  EXPECT_EQ(params.getValues().vec(), expected);
  // Each kernel parameter pointer refers to its own 8-byte value.
  void **pointers = params.getPointers();
  for (size_t i = 0; i < params.size(); ++i) {
    EXPECT_EQ(pointers[i], &params.getValues()[i]);
    EXPECT_EQ(*static_cast<uint64_t *>(pointers[i]), expected[i]);
  }
}

TEST(KernelParamsTest, FollowsTheBundleParameterOrder) {
  json::Object kernel = makeValidKernel();
  kernel["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  PackedKernelParams params = packKernelParams(
      spec, GemmShape::get(128, 256, 32), {addressA, addressB, addressC});
  ASSERT_EQ(params.size(), 21u);
  EXPECT_EQ(params.getValues()[0], addressC);
  EXPECT_EQ(params.getValues()[7], addressA);
  EXPECT_EQ(params.getValues()[14], addressB);
}

TEST(KernelParamsTest, PointersSurviveAMove) {
  KernelSpec spec = parseSingleKernel(makeValidKernel());
  PackedKernelParams params = packKernelParams(
      spec, GemmShape::get(128, 256, 32), {addressA, addressB, addressC});
  PackedKernelParams moved = std::move(params);
  for (size_t i = 0; i < moved.size(); ++i)
    EXPECT_EQ(moved.getPointers()[i], &moved.getValues()[i]);
}

TEST(KernelParamsTest, PacksTensorMaps) {
  // a: tma global_pointer, b: tma by_value, c: memref.
  KernelSpec spec = parseSingleKernel(makeHopperKernel());
  GemmShape shape = GemmShape::get(256, 512, 128);
  constexpr uint64_t mapAddress = 0x7f0000300080;
  TensorMapArgument mapA{};
  mapA.deviceAddress = mapAddress;
  TensorMapArgument mapB{};
  for (size_t i = 0; i < 16; ++i)
    mapB.map.opaque[i] = 0x1000 + i;
  PackedKernelParams params = packKernelParams(
      spec, shape, {addressA, addressB, addressC}, {mapA, mapB});
  ASSERT_EQ(params.size(), 2u + MemRef2DParamCount);
  std::vector<uint64_t> expected = {mapAddress, // a
                                    addressC,   addressC, 0, 256,
                                    512,        512,      1}; // c
  EXPECT_EQ(params.getValues().vec(), expected);
  ASSERT_EQ(params.getTensorMaps().size(), 1u);

  void **pointers = params.getPointers();
  EXPECT_EQ(*static_cast<uint64_t *>(pointers[0]), mapAddress);
  // b: the 128-byte map itself, from a 128-byte aligned host object.
  EXPECT_EQ(pointers[1], &params.getTensorMaps()[0]);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pointers[1]) % 128, 0u);
  const auto *map = static_cast<const CUtensorMap *>(pointers[1]);
  EXPECT_EQ(map->opaque[0], 0x1000u);
  EXPECT_EQ(map->opaque[15], 0x100fu);
  EXPECT_EQ(*static_cast<uint64_t *>(pointers[2]), addressC);
  EXPECT_EQ(*static_cast<uint64_t *>(pointers[8]), 1u);

  PackedKernelParams moved = std::move(params);
  void **movedPointers = moved.getPointers();
  EXPECT_EQ(movedPointers[1], &moved.getTensorMaps()[0]);
  EXPECT_EQ(movedPointers[0], &moved.getValues()[0]);
}

TEST(KernelParamsTest, PacksWhetherAByValueMapIsThere) {
  // What gemm-translate writes for a tma epilogue store: C's map by value,
  // then whether it is there.
  json::Object kernel = makeValidKernel();
  json::Object mapC = makeTmaParam("c", json::Array{64, 32}, 128, "by_value");
  mapC["null_when_unaligned"] = true;
  kernel["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
      std::move(mapC), json::Object{{"kind", "tma_present"}, {"operand", "c"}}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 5u);
  EXPECT_EQ(spec.parameters[4].kind, KernelParamSpec::Kind::TensorMapPresent);
  EXPECT_EQ(spec.parameters[4].operand, Operand::C);
  GemmShape shape = GemmShape::get(256, 512, 128);
  for (bool present : {true, false}) {
    TensorMapArgument map{};
    map.present = present;
    for (size_t i = 0; i < 16; ++i)
      map.map.opaque[i] = present ? 0x2000 + i : 0;
    PackedKernelParams params =
        packKernelParams(spec, shape, {addressA, addressB, addressC}, {map});
    ASSERT_EQ(params.size(), 3 * MemRef2DParamCount + 2);
    void **pointers = params.getPointers();
    const auto *packed =
        static_cast<const CUtensorMap *>(pointers[3 * MemRef2DParamCount]);
    EXPECT_EQ(packed->opaque[3], present ? 0x2003u : 0u);
    EXPECT_EQ(*static_cast<uint32_t *>(pointers[3 * MemRef2DParamCount + 1]),
              present ? 1u : 0u);
    // The kernel declares the map 128 bytes and the flag an i32.
    std::vector<size_t> bytes = params.getParamBytes();
    EXPECT_EQ(bytes[3 * MemRef2DParamCount], sizeof(CUtensorMap));
    EXPECT_EQ(bytes[3 * MemRef2DParamCount + 1], 4u);
  }
}

TEST(KernelParamsTest, PacksTheResidualMapAtItsPlace) {
  // What gemm-translate writes for a tma epilogue store with a residual:
  // C's map, then the residual's, each with its tma_present when by_value,
  // before the residual's memref.
  constexpr uint64_t addressResidual = 0x7f0000400000;
  auto makeKernel = [](StringRef pass) {
    auto nullable = [&](StringRef operand) {
      json::Object map = makeTmaParam(operand, json::Array{64, 32}, 128, pass);
      map["null_when_unaligned"] = true;
      return map;
    };
    json::Array parameters{
        json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
        json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
        json::Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
        nullable("c")};
    if (pass == "by_value")
      parameters.push_back(
          json::Object{{"kind", "tma_present"}, {"operand", "c"}});
    parameters.push_back(nullable("residual"));
    if (pass == "by_value")
      parameters.push_back(
          json::Object{{"kind", "tma_present"}, {"operand", "residual"}});
    parameters.push_back(
        json::Object{{"kind", "memref"}, {"operand", "residual"}, {"rank", 2}});
    json::Object kernel = makeValidKernel();
    kernel["parameters"] = std::move(parameters);
    kernel["epilogue"] = json::Object{{"residual", true}};
    return kernel;
  };
  GemmShape shape = GemmShape::get(256, 512, 128, 0, 0, /*ldc=*/520);
  EpilogueArguments epilogue;
  epilogue.residual = addressResidual;
  std::vector<uint64_t> residualMemref = {
      addressResidual, addressResidual, 0, 256, 512, 520, 1};

  // global_pointer: one 8-byte address per map, in parameter order.
  KernelSpec global = parseSingleKernel(makeKernel("global_pointer"));
  ASSERT_EQ(global.parameters.size(), 6u);
  TensorMapArgument mapC{}, mapResidual{};
  mapC.deviceAddress = 0x7f0000300000;
  mapResidual.deviceAddress = 0x7f0000300080;
  PackedKernelParams params =
      packKernelParams(global, shape, {addressA, addressB, addressC},
                       {mapC, mapResidual}, epilogue);
  ASSERT_EQ(params.size(), 4 * MemRef2DParamCount + 2);
  std::vector<uint64_t> tail(params.getValues().begin() +
                                 3 * MemRef2DParamCount,
                             params.getValues().end());
  std::vector<uint64_t> expected = {0x7f0000300000, 0x7f0000300080};
  expected.insert(expected.end(), residualMemref.begin(), residualMemref.end());
  EXPECT_EQ(tail, expected);

  // by_value: each map in its slot, each tma_present saying whether the map
  // right before it is there (here C's is, the residual's is left out).
  KernelSpec byValue = parseSingleKernel(makeKernel("by_value"));
  ASSERT_EQ(byValue.parameters.size(), 8u);
  TensorMapArgument presentC{}, absentResidual{};
  for (size_t i = 0; i < 16; ++i)
    presentC.map.opaque[i] = 0x3000 + i;
  absentResidual.present = false;
  params = packKernelParams(byValue, shape, {addressA, addressB, addressC},
                            {presentC, absentResidual}, epilogue);
  ASSERT_EQ(params.size(), 4 * MemRef2DParamCount + 4);
  ASSERT_EQ(params.getTensorMaps().size(), 2u);
  void **pointers = params.getPointers();
  size_t first = 3 * MemRef2DParamCount;
  EXPECT_EQ(pointers[first], &params.getTensorMaps()[0]);
  EXPECT_EQ(params.getTensorMaps()[0].opaque[5], 0x3005u);
  EXPECT_EQ(*static_cast<uint32_t *>(pointers[first + 1]), 1u);
  EXPECT_EQ(pointers[first + 2], &params.getTensorMaps()[1]);
  EXPECT_EQ(params.getTensorMaps()[1].opaque[5], 0u);
  EXPECT_EQ(*static_cast<uint32_t *>(pointers[first + 3]), 0u);
  for (size_t i = 0; i < residualMemref.size(); ++i)
    EXPECT_EQ(*static_cast<uint64_t *>(pointers[first + 4 + i]),
              residualMemref[i])
        << i;
}

TEST(KernelParamsTest, AppendsInOrder) {
  PackedKernelParams params;
  CUtensorMap map{};
  params.appendValue(7);
  params.appendTensorMap(map);
  params.appendTensorMap(map);
  params.appendValue(9);
  ASSERT_EQ(params.size(), 4u);
  void **pointers = params.getPointers();
  EXPECT_EQ(pointers[0], &params.getValues()[0]);
  EXPECT_EQ(pointers[1], &params.getTensorMaps()[0]);
  EXPECT_EQ(pointers[2], &params.getTensorMaps()[1]);
  EXPECT_EQ(pointers[3], &params.getValues()[1]);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(pointers[2]) % 128, 0u);
}

TEST(KernelParamsTest, PacksTheSplitKWorkspaceAsRankOneMemrefs) {
  json::Object kernel = makeValidKernel();
  json::Array *parameters = kernel.getArray("parameters");
  parameters->push_back(
      json::Object{{"kind", "workspace"}, {"name", "split_k_partials"}});
  parameters->push_back(
      json::Object{{"kind", "workspace"}, {"name", "split_k_tile_counters"}});
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 5u);
  EXPECT_EQ(spec.parameters[3].kind, KernelParamSpec::Kind::Workspace);
  EXPECT_EQ(spec.parameters[3].workspace, WorkspaceBuffer::Partials);
  EXPECT_EQ(spec.parameters[4].workspace, WorkspaceBuffer::TileCounters);
  WorkspaceAddresses workspace{/*partials=*/0x1000, /*tileCounters=*/0x2000,
                               /*partialCount=*/128 * 256, /*tileCount=*/2};
  PackedKernelParams params =
      packKernelParams(spec, GemmShape::get(128, 256, 32),
                       {addressA, addressB, addressC}, {}, {}, workspace);
  ASSERT_EQ(params.size(), 3u * MemRef2DParamCount + 2u * 5u);
  std::vector<uint64_t> tail(params.getValues().end() - 10,
                             params.getValues().end());
  std::vector<uint64_t> expected = {0x1000, 0x1000, 0, 128 * 256, 1,
                                    0x2000, 0x2000, 0, 2,         1};
  EXPECT_EQ(tail, expected);
}

TEST(KernelParamsTest, SizesTheSplitKWorkspace) {
  // A split_k = 4 kernel with 128x256 tiles (grid z = 4).
  json::Object kernel = makeValidKernel();
  kernel["grid"] =
      json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                   {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                   {"z", 4}};
  json::Array *parameters = kernel.getArray("parameters");
  parameters->push_back(
      json::Object{{"kind", "workspace"}, {"name", "split_k_partials"}});
  parameters->push_back(
      json::Object{{"kind", "workspace"}, {"name", "split_k_tile_counters"}});
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  // Ragged: 1000x1000 has ceil(1000/128) x ceil(1000/256) = 8 x 4 tiles.
  Expected<std::optional<WorkspaceAddresses>> size =
      getSplitKWorkspaceSize(spec, GemmShape::get(1000, 1000, 4096));
  ASSERT_TRUE(bool(size)) << toString(size.takeError());
  ASSERT_TRUE(size->has_value());
  EXPECT_EQ((*size)->partialCount, 4 * 1000 * 1000);
  EXPECT_EQ((*size)->tileCount, 8 * 4);
  EXPECT_EQ((*size)->partials, 0u);
  EXPECT_EQ((*size)->tileCounters, 0u);
  // A kernel without a workspace takes none.
  KernelSpec plain = parseSingleKernel(makeValidKernel());
  Expected<std::optional<WorkspaceAddresses>> none =
      getSplitKWorkspaceSize(plain, GemmShape::get(1000, 1000, 4096));
  ASSERT_TRUE(bool(none)) << toString(none.takeError());
  EXPECT_FALSE(none->has_value());
}

TEST(KernelParamsTest, RejectsAnUnknownWorkspace) {
  json::Object kernel = makeValidKernel();
  kernel.getArray("parameters")
      ->push_back(json::Object{{"kind", "workspace"}, {"name", "scratch"}});
  ErrorSummary error = kernelError(std::move(kernel));
  EXPECT_NE(error.message.find("expected \"split_k_partials\" or "
                               "\"split_k_tile_counters\" at "
                               "kernels[0].parameters[3].name"),
            std::string::npos)
      << error.message;
}

} // namespace
