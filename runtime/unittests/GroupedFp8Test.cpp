//===- GroupedFp8Test.cpp - grouped FP8 bundles and scales (no GPU) -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime does with a grouped FP8 kernel's bundle entry without a
// GPU: the reader takes the scale modes and ranks of GroupedKernelSpec.h
// and refuses others, the scale memrefs are packed with the sizes and
// strides the layouts state, GroupedScales packs and cuts each group's
// scales as the kernel and cuBLASLt take them, and gemm-run's request
// checks refuse what TMA cannot read in place.
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/GroupedRequest.h"
#include "runtime/GroupedScales.h"
#include "runtime/KernelParams.h"
#include "runtime/ScaledKernelSpec.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// A grouped FP8 entry as the compiler is to write it: memrefs a, b, c,
/// maps a, b, c, scale_a, scale_b and the group operand last.
json::Object makeFp8GroupedKernel(bool masked, StringRef a = "block_1x128",
                                  StringRef b = "block_128x128",
                                  std::optional<int> rankA = std::nullopt,
                                  std::optional<int> rankB = std::nullopt) {
  bool blocks = a == "block_1x128";
  int defaultA = (blocks ? 2 : 0) + (masked ? 1 : 0);
  int defaultB = blocks ? 3 : 1;
  json::Object kernel = makeFp8Kernel(a, b);
  int matrixRank = masked ? 3 : 2;
  auto box = [&](int inner, int outer, bool batched) {
    return batched ? json::Array{inner, outer, 1} : json::Array{inner, outer};
  };
  json::Object mapC =
      makeTmaParam("c", box(64, 64, masked), 128, "global_pointer");
  mapC["null_when_unaligned"] = true;
  kernel["parameters"] = json::Array{
      makeMemRefParam("a", matrixRank),
      makeMemRefParam("b", 3),
      makeMemRefParam("c", matrixRank),
      makeTmaParam("a", box(128, 128, masked), 128, "global_pointer"),
      makeTmaParam("b", box(128, 128, true), 128, "global_pointer"),
      std::move(mapC),
      makeMemRefParam("scale_a", rankA.value_or(defaultA)),
      makeMemRefParam("scale_b", rankB.value_or(defaultB)),
      makeMemRefParam(masked ? "group_rows" : "group_offsets", 1)};
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 128}, {"batch", 1}}}};
  if (masked)
    kernel["batch"] = json::Object{{"strided", true}};
  kernel["grouped"] = masked ? "masked" : "contiguous";
  return kernel;
}

TEST(GroupedFp8Test, ReaderTakesBlockAndTensorScales) {
  for (bool masked : {true, false}) {
    for (bool blocks : {true, false}) {
      json::Object kernel =
          blocks ? makeFp8GroupedKernel(masked)
                 : makeFp8GroupedKernel(masked, "tensor", "tensor");
      ErrorSummary error = kernelError(std::move(kernel));
      EXPECT_EQ(error.exitCode, 0) << error.message;
    }
    KernelSpec spec = parseSingleKernel(makeFp8GroupedKernel(masked));
    EXPECT_EQ(hasPerEntryScales(spec, Operand::A), masked);
    EXPECT_TRUE(hasPerEntryScales(spec, Operand::B));
  }
}

TEST(GroupedFp8Test, ReaderRefusesOtherScales) {
  EXPECT_TRUE(
      isRefusedKernel(makeFp8GroupedKernel(false, "row", "column", 1, 2),
                      "takes a=block_1x128 b=block_128x128 or "
                      "a=tensor b=tensor"));
  EXPECT_TRUE(isRefusedKernel(
      makeFp8GroupedKernel(true, "block_1x128", "tensor", 3, 1),
      "takes a=block_1x128 b=block_128x128 or a=tensor b=tensor"));
  // A contiguous A's scales are the T rows' (rank 2), not per group.
  EXPECT_TRUE(isRefusedKernel(
      makeFp8GroupedKernel(false, "block_1x128", "block_128x128", 3, 3),
      "'scale_a' has rank 3"));
  // B's scales are per group (rank 3), never shared.
  EXPECT_TRUE(isRefusedKernel(
      makeFp8GroupedKernel(true, "block_1x128", "block_128x128", 3, 2),
      "'scale_b' has rank 2"));
  EXPECT_TRUE(
      isRefusedKernel(makeFp8GroupedKernel(false, "tensor", "tensor", 0, 0),
                      "'scale_b' has rank 0"));
}

/// The values of the memref descriptor at `address` (allocated, aligned,
/// offset, sizes, strides) in `values`.
std::vector<uint64_t> descriptorAt(ArrayRef<uint64_t> values, uint64_t address,
                                   unsigned rank) {
  const uint64_t *at = std::find(values.begin(), values.end(), address);
  if (at + 3 + 2 * rank > values.end())
    return {};
  return std::vector<uint64_t>(at, at + 3 + 2 * rank);
}

TEST(GroupedFp8Test, PacksTheScalesInTheirLayouts) {
  constexpr uint64_t scaleA = 0x7f0000400000, scaleB = 0x7f0000500000;
  // G = 8, rows 300 (T or M_max), N = 384, K = 640: 5 K blocks, 3 N blocks.
  GemmShape shape =
      GemmShape::get(300, 384, 640, 0, 0, 0,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row})
          .withBatch(8);
  for (bool masked : {true, false}) {
    KernelSpec spec = parseSingleKernel(makeFp8GroupedKernel(masked));
    OperandAddresses addresses{addressA, addressB, addressC, scaleA, scaleB};
    addresses.groups = 0x7f0000300000;
    std::vector<TensorMapArgument> maps(3);
    ArrayRef<uint64_t> values =
        packKernelParams(spec, shape, addresses, maps).getValues();
    if (masked)
      EXPECT_EQ(
          descriptorAt(values, scaleA, 3),
          (std::vector<uint64_t>{scaleA, scaleA, 0, 8, 300, 5, 1500, 1, 300}));
    else
      EXPECT_EQ(descriptorAt(values, scaleA, 2),
                (std::vector<uint64_t>{scaleA, scaleA, 0, 300, 5, 1, 300}));
    EXPECT_EQ(descriptorAt(values, scaleB, 3),
              (std::vector<uint64_t>{scaleB, scaleB, 0, 8, 5, 3, 15, 1, 5}));
    // The group operand is still last.
    EXPECT_EQ(values.back(), 1u);
    EXPECT_EQ(values[values.size() - 2], masked ? 8u : 9u);
  }
}

TEST(GroupedFp8Test, GroupedScalesPackPerGroupOrShared) {
  ScalingSpec blocks{ScaleMode::Block1x128, ScaleMode::Block128x128, false};
  // 3 groups, 200 rows, N = 256, K = 300: 3 K blocks, 2 N blocks.
  GroupedScales masked(blocks, GroupedLayout::Masked, 3, 200, 256, 300, 7, 0.0,
                       0.0);
  std::vector<float> a = masked.pack(/*isA=*/true);
  std::vector<float> b = masked.pack(/*isA=*/false);
  ASSERT_EQ(a.size(), 3u * 200 * 3);
  ASSERT_EQ(b.size(), 3u * 3 * 2);
  // scale_a [g, m, kb] at g·M_max·kb + m + kb·M_max; scale_b [g, kb, nb]
  // at g·kb·nb + kb + nb·kb (per group, as a dense kernel's).
  EXPECT_EQ(a[2 * 600 + 17 + 2 * 200], masked.get(2).getA(17, 2));
  EXPECT_EQ(b[1 * 6 + 2 + 1 * 3], masked.get(1).getB(2, 200));
  // Groups draw their own scales.
  EXPECT_NE(masked.get(0).getBufferA(), masked.get(1).getBufferA());
  EXPECT_NE(masked.get(0).getBufferB(), masked.get(1).getBufferB());

  // Contiguous: one A for all T rows, B per group.
  GroupedScales contiguous(blocks, GroupedLayout::Contiguous, 3, 200, 256, 300,
                           7, 0.0, 0.0);
  EXPECT_EQ(contiguous.pack(/*isA=*/true).size(), 200u * 3);
  EXPECT_EQ(contiguous.pack(/*isA=*/false).size(), 3u * 3 * 2);
  EXPECT_EQ(contiguous.get(0).getBufferA(), contiguous.get(2).getBufferA());

  // Per tensor: a scalar for A (contiguous) or per group, G for B.
  ScalingSpec tensors{ScaleMode::Tensor, ScaleMode::Tensor, false};
  EXPECT_EQ(GroupedScales(tensors, GroupedLayout::Contiguous, 4, 64, 128, 128,
                          1, 0.0, 0.0)
                .pack(/*isA=*/true)
                .size(),
            1u);
  EXPECT_EQ(GroupedScales(tensors, GroupedLayout::Masked, 4, 64, 128, 128, 1,
                          0.0, 0.0)
                .pack(/*isA=*/true)
                .size(),
            4u);
}

TEST(GroupedFp8Test, GroupScalesCutTheGroupsRows) {
  ScalingSpec blocks{ScaleMode::Block1x128, ScaleMode::Block128x128, false};
  GroupedScales contiguous(blocks, GroupedLayout::Contiguous, 3, 200, 256, 300,
                           7, 0.0, 0.0);
  // Group 1's 50 rows starting at T's row 120, as a 50-row dense problem.
  HostScales group = contiguous.groupScales(1, 120, 50);
  ASSERT_EQ(group.getBufferA().size(), 50u * 3);
  for (int64_t row : {0, 49})
    for (int64_t kb : {0, 2})
      EXPECT_EQ(group.getA(row, kb), contiguous.get(1).getA(120 + row, kb));
  EXPECT_EQ(group.getBufferB(), contiguous.get(1).getBufferB());
}

TEST(GroupedFp8Test, RequestChecks) {
  KernelSpec spec = parseSingleKernel(makeFp8GroupedKernel(false));
  GroupedRequest request;
  request.groups = 4;
  request.m = 512;
  request.n = 256;
  request.k = 144;
  request.bLayout = MatrixLayout::Col;
  Expected<GroupedProblem> problem = makeGroupedProblem(spec, request);
  EXPECT_TRUE(static_cast<bool>(problem)) << toString(problem.takeError());
  request.k = 200;
  ErrorSummary error =
      summarizeError(makeGroupedProblem(spec, request).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("-n and -k must be multiples of 16"),
            std::string::npos)
      << error.message;

  // e5m2 x e5m2 has no cuBLASLt matmul to check against.
  json::Object bothE5m2 = makeFp8GroupedKernel(true);
  bothE5m2["types"] = json::Object{
      {"a", "f8E5M2"}, {"b", "f8E5M2"}, {"c", "bf16"}, {"accumulator", "f32"}};
  EXPECT_TRUE(
      isRefusedKernel(std::move(bothE5m2), "unsupported type combination"));
  // An e4m3 C takes one scale_d and one amax for all groups, before the
  // group operand.
  json::Object e4m3C = makeFp8GroupedKernel(false);
  e4m3C["types"] = json::Object{{"a", "f8E4M3FN"},
                                {"b", "f8E4M3FN"},
                                {"c", "f8E4M3FN"},
                                {"accumulator", "f32"}};
  e4m3C.getArray("parameters")
      ->insert(e4m3C.getArray("parameters")->end() - 1,
               json::Object{
                   {"kind", "memref"}, {"operand", "scale_d"}, {"rank", 0}});
  e4m3C.getArray("parameters")
      ->insert(
          e4m3C.getArray("parameters")->end() - 1,
          json::Object{{"kind", "memref"}, {"operand", "amax"}, {"rank", 0}});
  KernelSpec quantized = parseSingleKernel(std::move(e4m3C));
  EXPECT_EQ(quantized.cType, ElementType::F8E4M3FN);
  EXPECT_EQ(quantized.grouped, GroupedLayout::Contiguous);
}

} // namespace
