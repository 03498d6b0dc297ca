//===- GroupedEpilogueTest.cpp - grouped kernels' fused epilogues (no GPU) ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped kernel's fused epilogue applies per group
// (docs/design/grouped-gemm.md): the reader takes its bias of one row per
// group (rank 2) and refuses the ranks its layout does not take, and a
// bias of rank 2 on any other kernel; the parameters pack the bias as
// G × entries and the residual like C; gemm-run's bias has the shape the
// kernel reads (GroupedEpilogueInputs.h).

#include "TestBundles.h"

#include "runtime/GroupedEpilogueInputs.h"
#include "runtime/KernelParams.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr uint64_t addressBias = 0x7f0000400000;
constexpr uint64_t addressResidual = 0x7f0000500000;
constexpr uint64_t addressGroups = 0x7f0000300000;

json::Object scalar(StringRef name) {
  return json::Object{{"kind", "scalar"}, {"name", name}, {"type", "f32"}};
}

/// What gemm-translate writes for a grouped bf16 kernel of `layout` with
/// `epilogue`: alpha and beta, the bias (of `biasRank`) and the residual
/// as the epilogue has them, after the tensor maps, the group operand last.
json::Object makeGroupedEpilogueKernel(bool masked, json::Object epilogue,
                                       int64_t biasRank) {
  json::Object kernel = makeValidKernel();
  kernel["block"] = json::Array{384, 1, 1};
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 256}, {"batch", 1}}}};
  int64_t rank = masked ? 3 : 2;
  json::Array parameters{
      makeMemRefParam("a", rank), makeMemRefParam("b", 3),
      makeMemRefParam("c", rank),
      makeTmaParam("a", masked ? json::Array{64, 128, 1} : json::Array{64, 128},
                   128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64, 1}, 128, "global_pointer")};
  if (epilogue.getBoolean("alpha_beta").value_or(false)) {
    parameters.push_back(scalar("alpha"));
    parameters.push_back(scalar("beta"));
  }
  if (epilogue.getString("bias").value_or("none") != "none")
    parameters.push_back(makeMemRefParam("bias", biasRank));
  if (epilogue.getBoolean("residual").value_or(false))
    parameters.push_back(makeMemRefParam("residual", rank));
  parameters.push_back(
      makeMemRefParam(masked ? "group_rows" : "group_offsets", 1));
  kernel["parameters"] = std::move(parameters);
  if (masked)
    kernel["batch"] = json::Object{{"strided", true}};
  kernel["grouped"] = masked ? "masked" : "contiguous";
  kernel["epilogue"] = std::move(epilogue);
  return kernel;
}

json::Object columnBiasSilu() {
  return json::Object{{"bias", "column"}, {"activation", "silu"}};
}

/// The packed parameter values of `spec` at G = 8 groups of M (M_max or
/// T) = 256 rows, N = 512, K = 128, with a bias and a residual.
std::vector<uint64_t> pack(const KernelSpec &spec) {
  GemmShape shape = GemmShape::get(256, 512, 128).withBatch(8);
  OperandAddresses addresses{addressA, addressB, addressC};
  addresses.groups = addressGroups;
  EpilogueArguments epilogue{1.0f, 0.0f, addressBias, addressResidual};
  std::vector<TensorMapArgument> maps(2);
  return packKernelParams(spec, shape, addresses, maps, epilogue)
      .getValues()
      .vec();
}

/// Where `first` starts in `values`, or -1.
int64_t find(ArrayRef<uint64_t> values, ArrayRef<uint64_t> first) {
  for (size_t i = 0; i + first.size() <= values.size(); ++i)
    if (values.slice(i, first.size()) == first)
      return static_cast<int64_t>(i);
  return -1;
}

TEST(GroupedEpilogueTest, ReaderTakesAPerGroupBias) {
  for (bool masked : {true, false}) {
    KernelSpec spec = parseSingleKernel(
        makeGroupedEpilogueKernel(masked, columnBiasSilu(), 2));
    ASSERT_TRUE(spec.grouped.has_value()) << masked;
    EXPECT_EQ(spec.epilogue.bias, EpilogueBias::Column);
    EXPECT_EQ(spec.epilogue.activation, EpilogueActivation::Silu);
  }
  EXPECT_EQ(getGroupedBiasRank(GroupedLayout::Masked, EpilogueBias::Row), 2u);
  EXPECT_EQ(getGroupedBiasRank(GroupedLayout::Contiguous, EpilogueBias::Row),
            1u);
  EXPECT_EQ(getGroupedBiasRank(GroupedLayout::Contiguous, EpilogueBias::Column),
            2u);
}

TEST(GroupedEpilogueTest, ReaderRefusesBiasRanks) {
  std::vector<RefusedKernelCase> cases;
  cases.push_back({"masked column bias of rank 1",
                   makeGroupedEpilogueKernel(true, columnBiasSilu(), 1),
                   "its bias (column) has rank 1, expected 2 (one row per "
                   "group"});
  cases.push_back(
      {"contiguous row bias of rank 2",
       makeGroupedEpilogueKernel(false, json::Object{{"bias", "row"}}, 2),
       "its bias (row) has rank 2, expected 1"});
  {
    json::Object kernel = makeValidKernel();
    kernel["epilogue"] = json::Object{{"bias", "column"}};
    kernel.getArray("parameters")->push_back(makeMemRefParam("bias", 2));
    cases.push_back({"rank-2 bias without grouped", std::move(kernel),
                     "its bias has rank 2; only a grouped kernel takes one "
                     "bias vector per group"});
  }
  {
    json::Object kernel = makeValidKernel();
    kernel["epilogue"] = json::Object{{"bias", "column"}};
    kernel.getArray("parameters")->push_back(makeMemRefParam("bias", 3));
    cases.push_back({"rank-3 bias", std::move(kernel),
                     "expected 1 (the bias is a vector), or 2 for a grouped "
                     "kernel's bias of one vector per group"});
  }
  for (RefusedKernelCase &test : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(test.kernel), test.expected))
        << test.what;
}

TEST(GroupedEpilogueTest, PacksTheBiasOneRowPerGroup) {
  // allocated, aligned, offset, sizes [G, N], strides [N, 1], then the
  // group operand.
  std::vector<uint64_t> masked = pack(
      parseSingleKernel(makeGroupedEpilogueKernel(true, columnBiasSilu(), 2)));
  int64_t at = find(masked, {addressBias, addressBias});
  ASSERT_GE(at, 0);
  EXPECT_EQ(ArrayRef<uint64_t>(masked).slice(static_cast<size_t>(at), 12),
            ArrayRef<uint64_t>({addressBias, addressBias, 0, 8, 512, 512, 1,
                                addressGroups, addressGroups, 0, 8, 1}));
  // A masked row bias: G × M_max.
  std::vector<uint64_t> row = pack(parseSingleKernel(
      makeGroupedEpilogueKernel(true, json::Object{{"bias", "row"}}, 2)));
  at = find(row, {addressBias, addressBias});
  ASSERT_GE(at, 0);
  EXPECT_EQ(ArrayRef<uint64_t>(row).slice(static_cast<size_t>(at), 7),
            ArrayRef<uint64_t>({addressBias, addressBias, 0, 8, 256, 256, 1}));
  // A contiguous row bias: the T rows' entries.
  std::vector<uint64_t> tokens = pack(parseSingleKernel(
      makeGroupedEpilogueKernel(false, json::Object{{"bias", "row"}}, 1)));
  at = find(tokens, {addressBias, addressBias});
  ASSERT_GE(at, 0);
  EXPECT_EQ(ArrayRef<uint64_t>(tokens).slice(static_cast<size_t>(at), 5),
            ArrayRef<uint64_t>({addressBias, addressBias, 0, 256, 1}));
}

TEST(GroupedEpilogueTest, PacksTheResidualLikeC) {
  json::Object epilogue{{"alpha_beta", true}, {"residual", true}};
  // Contiguous: T × N with C's pitch.
  std::vector<uint64_t> contiguous =
      pack(parseSingleKernel(makeGroupedEpilogueKernel(false, epilogue, 1)));
  int64_t at = find(contiguous, {addressResidual, addressResidual});
  ASSERT_GE(at, 0);
  EXPECT_EQ(ArrayRef<uint64_t>(contiguous).slice(static_cast<size_t>(at), 7),
            ArrayRef<uint64_t>(
                {addressResidual, addressResidual, 0, 256, 512, 512, 1}));
  // Masked: G × M_max × N, C's packed batch stride.
  std::vector<uint64_t> masked = pack(parseSingleKernel(
      makeGroupedEpilogueKernel(true, json::Object(epilogue), 1)));
  at = find(masked, {addressResidual, addressResidual});
  ASSERT_GE(at, 0);
  EXPECT_EQ(ArrayRef<uint64_t>(masked).slice(static_cast<size_t>(at), 9),
            ArrayRef<uint64_t>({addressResidual, addressResidual, 0, 8, 256,
                                512, 256 * 512, 512, 1}));
}

TEST(GroupedEpilogueTest, BiasShapes) {
  GroupedProblem problem;
  problem.groups = 8;
  problem.rows = 300;
  problem.n = 512;
  FusedEpilogueSpec epilogue;
  EXPECT_EQ(getGroupedBiasShape(epilogue, problem), std::make_pair(0l, 0l));
  epilogue.bias = EpilogueBias::Column;
  EXPECT_EQ(getGroupedBiasShape(epilogue, problem), std::make_pair(8l, 512l));
  epilogue.bias = EpilogueBias::Row;
  EXPECT_EQ(getGroupedBiasShape(epilogue, problem), std::make_pair(8l, 300l));
  problem.layout = GroupedLayout::Contiguous;
  EXPECT_EQ(getGroupedBiasShape(epilogue, problem), std::make_pair(1l, 300l));
}

} // namespace
