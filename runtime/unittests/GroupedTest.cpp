//===- GroupedTest.cpp - grouped GEMM bundles (no GPU)
//---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the runtime does with a grouped GEMM's bundle entry
// (docs/design/grouped-gemm.md) without a GPU: the schema keeps its
// "grouped" layout and its group parameter and refuses another layout
// name; the kernel reader carries the layout into the KernelSpec
// (GroupedKernelSpec.h) and refuses entries that mix the layouts up; the
// group operand is packed last; gemm-run's grouped flags are checked
// against the kernel (GroupedRequest.h).

#include "TestBundles.h"

#include "runtime/GroupedRequest.h"
#include "runtime/KernelParams.h"
#include "runtime/LaunchGrid.h"
#include "runtime/bundle/BundleSchema.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// What gemm-translate writes for
/// examples/gemm_bf16_wgmma_grouped_masked_sm90.mlir: a persistent batched
/// kernel with "grouped": "masked" and group_rows last.
json::Object makeMaskedGroupedKernel() {
  json::Object kernel = makeValidKernel();
  kernel["block"] = json::Array{384, 1, 1};
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 256}, {"batch", 1}}}};
  kernel["parameters"] = json::Array{
      makeMemRefParam("a", 3),
      makeMemRefParam("b", 3),
      makeMemRefParam("c", 3),
      makeTmaParam("a", json::Array{64, 128, 1}, 128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64, 1}, 128, "global_pointer"),
      makeMemRefParam("group_rows", 1)};
  kernel["batch"] = json::Object{{"strided", true}};
  kernel["grouped"] = "masked";
  return kernel;
}

TEST(GroupedTest, SchemaKeepsTheLayout) {
  Expected<gemm_opt::bundle::Bundle> parsed =
      gemm_opt::bundle::parseBundle(makeBundleText(makeMaskedGroupedKernel()));
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  const gemm_opt::bundle::KernelEntry &entry = parsed->kernels.front();
  ASSERT_TRUE(entry.gemm.has_value());
  ASSERT_TRUE(entry.gemm->grouped.has_value());
  EXPECT_EQ(*entry.gemm->grouped, "masked");
  const gemm_opt::bundle::Parameter &rows = entry.parameters.back();
  ASSERT_TRUE(rows.operand.has_value() && rows.rank.has_value());
  EXPECT_EQ(*rows.operand, "group_rows");
  EXPECT_EQ(*rows.rank, 1);

  // And writes it back.
  std::string text;
  raw_string_ostream(text) << gemm_opt::bundle::toJSON(*parsed);
  EXPECT_NE(text.find("\"grouped\":\"masked\""), std::string::npos) << text;
}

TEST(GroupedTest, SchemaRefusesAnotherLayout) {
  json::Object kernel = makeMaskedGroupedKernel();
  kernel["grouped"] = "ragged";
  Expected<gemm_opt::bundle::Bundle> parsed =
      gemm_opt::bundle::parseBundle(makeBundleText(std::move(kernel)));
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_EQ(toString(parsed.takeError()),
            "expected \"masked\" or \"contiguous\" at kernels[0].grouped");
}

TEST(GroupedTest, SchemaTakesOneEntryPerGroup) {
  json::Object kernel = makeMaskedGroupedKernel();
  (*kernel.getArray("parameters"))[5] = makeMemRefParam("group_rows", 2);
  Expected<gemm_opt::bundle::Bundle> parsed =
      gemm_opt::bundle::parseBundle(makeBundleText(std::move(kernel)));
  ASSERT_FALSE(static_cast<bool>(parsed));
  EXPECT_EQ(
      toString(parsed.takeError()),
      "expected 1 (one entry per group) at kernels[0].parameters[5].rank");
}

/// The contiguous layout as the design states it: rank-2 A and C, a
/// rank-3 B, group_offsets last.
json::Object makeContiguousGroupedKernel() {
  json::Object kernel = makeMaskedGroupedKernel();
  kernel["parameters"] = json::Array{
      makeMemRefParam("a", 2),
      makeMemRefParam("b", 3),
      makeMemRefParam("c", 2),
      makeTmaParam("a", json::Array{64, 128}, 128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64, 1}, 128, "global_pointer"),
      makeMemRefParam("group_offsets", 1)};
  kernel["grouped"] = "contiguous";
  return kernel;
}

std::string errorOf(Error err) {
  return err ? summarizeError(std::move(err)).message : "";
}

TEST(GroupedTest, ReaderKeepsTheLayout) {
  KernelSpec masked = parseSingleKernel(makeMaskedGroupedKernel());
  ASSERT_TRUE(masked.grouped.has_value());
  EXPECT_EQ(*masked.grouped, GroupedLayout::Masked);
  EXPECT_TRUE(masked.stridedBatch);
  ASSERT_EQ(masked.parameters.size(), 6u);
  EXPECT_EQ(masked.parameters.back().kind, KernelParamSpec::Kind::GroupMemRef);
  EXPECT_EQ(getParamOperandName(masked.parameters.back()), "group_rows");

  KernelSpec contiguous = parseSingleKernel(makeContiguousGroupedKernel());
  ASSERT_TRUE(contiguous.grouped.has_value());
  EXPECT_EQ(*contiguous.grouped, GroupedLayout::Contiguous);
  EXPECT_EQ(getParamOperandName(contiguous.parameters.back()), "group_offsets");
  // Without "batch" as well: a contiguous A and C are not batches.
  json::Object unbatched = makeContiguousGroupedKernel();
  unbatched.erase("batch");
  EXPECT_TRUE(parseSingleKernel(std::move(unbatched)).grouped.has_value());

  EXPECT_FALSE(parseSingleKernel(makeValidKernel()).grouped.has_value());
}

TEST(GroupedTest, ReaderRefusesInconsistentGroupedEntries) {
  std::vector<RefusedKernelCase> cases;
  {
    json::Object kernel = makeMaskedGroupedKernel();
    kernel.getArray("parameters")->pop_back();
    cases.push_back({"no group operand", std::move(kernel),
                     "its last parameter is not its group_rows memref; a "
                     "masked grouped kernel"});
  }
  {
    json::Object kernel = makeMaskedGroupedKernel();
    kernel["grouped"] = "contiguous";
    cases.push_back({"wrong group operand", std::move(kernel),
                     "its last parameter is not its group_offsets memref"});
  }
  {
    json::Object kernel = makeMaskedGroupedKernel();
    json::Array &params = *kernel.getArray("parameters");
    std::swap(params[4], params[5]);
    cases.push_back({"group operand not last", std::move(kernel),
                     "its last parameter is not its group_rows memref"});
  }
  {
    json::Object kernel = makeMaskedGroupedKernel();
    kernel.getArray("parameters")->push_back(makeMemRefParam("group_rows", 1));
    cases.push_back({"two group operands", std::move(kernel),
                     "more than one group parameter"});
  }
  {
    json::Object kernel = makeContiguousGroupedKernel();
    (*kernel.getArray("parameters"))[2] = makeMemRefParam("c", 3);
    cases.push_back({"rank-3 contiguous c", std::move(kernel),
                     "the memref of operand 'c' has rank 3; a contiguous "
                     "grouped kernel"});
  }
  {
    json::Object kernel = makeContiguousGroupedKernel();
    (*kernel.getArray("parameters"))[4] =
        makeTmaParam("b", json::Array{64, 64}, 128, "global_pointer");
    cases.push_back({"2-D contiguous b map", std::move(kernel),
                     "the tensor map of operand 'b' has rank 2"});
  }
  {
    json::Object kernel = makeMaskedGroupedKernel();
    kernel["grid"] =
        json::Object{{"x", json::Object{{"extent", "n"}, {"tile", 256}}},
                     {"y", json::Object{{"extent", "m"}, {"tile", 128}}},
                     {"z", json::Object{{"extent", "batch"}, {"tile", 1}}}};
    cases.push_back({"not persistent", std::move(kernel),
                     "its grid is not a data-parallel persistent one"});
  }
  {
    json::Object kernel = makeValidKernel();
    kernel.getArray("parameters")->push_back(makeMemRefParam("group_rows", 1));
    cases.push_back({"group operand without grouped", std::move(kernel),
                     "it takes a group_rows or group_offsets parameter, "
                     "which only a grouped kernel"});
  }
  for (RefusedKernelCase &test : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(test.kernel), test.expected))
        << test.what;
}

TEST(GroupedTest, PacksTheGroupOperandLast) {
  for (bool masked : {true, false}) {
    KernelSpec spec = parseSingleKernel(masked ? makeMaskedGroupedKernel()
                                               : makeContiguousGroupedKernel());
    GemmShape shape = GemmShape::get(256, 512, 128).withBatch(8);
    OperandAddresses addresses{addressA, addressB, addressC};
    addresses.groups = 0x7f0000300000;
    std::vector<TensorMapArgument> maps(2);
    PackedKernelParams params = packKernelParams(spec, shape, addresses, maps);
    ArrayRef<uint64_t> values = params.getValues();
    ASSERT_GE(values.size(), 5u);
    // allocated, aligned, offset, size (G or G + 1), stride.
    EXPECT_EQ(values.take_back(5),
              ArrayRef<uint64_t>(
                  {0x7f0000300000, 0x7f0000300000, 0, masked ? 8u : 9u, 1}));
    // A: rank 3 (masked) or rank 2 over T rows (contiguous).
    EXPECT_EQ(values[masked ? 3 : 3], masked ? 8u : 256u);
  }
}

TEST(GroupedTest, GridDependsOnNoCount) {
  KernelSpec spec = parseSingleKernel(makeMaskedGroupedKernel());
  GroupedProblem problem;
  problem.groups = 64;
  problem.rows = 128;
  problem.n = 4096;
  problem.k = 7168;
  Expected<LaunchGrid> grid = computeGrid(spec, problem.getShape(), 132);
  ASSERT_TRUE(static_cast<bool>(grid)) << toString(grid.takeError());
  EXPECT_EQ(grid->dims, (std::array<unsigned, 3>{132, 1, 1}));
}

GroupedRequest makeRequest(int64_t m) {
  GroupedRequest request;
  request.m = m;
  request.n = 256;
  request.k = 128;
  return request;
}

TEST(GroupedTest, RequestChecks) {
  KernelSpec masked = parseSingleKernel(makeMaskedGroupedKernel());
  KernelSpec contiguous = parseSingleKernel(makeContiguousGroupedKernel());
  KernelSpec plain = parseSingleKernel(makeValidKernel());

  GroupedRequest request = makeRequest(256);
  EXPECT_EQ(errorOf(makeGroupedProblem(masked, request).takeError()),
            "kernel gemm_kernel_0 is a masked grouped GEMM: give the group "
            "count with --groups G (and -m as each group's M_max)");
  EXPECT_EQ(errorOf(makeGroupedProblem(contiguous, request).takeError()),
            "kernel gemm_kernel_0 is a contiguous grouped GEMM: give the "
            "group count with --groups G (and -m as the total tokens T)");
  EXPECT_EQ(errorOf(checkNoGroupedFlags(plain, request)), "");
  request.groups = 8;
  EXPECT_EQ(errorOf(checkNoGroupedFlags(plain, request)),
            "--groups was given, but kernel gemm_kernel_0 is not a grouped "
            "GEMM (its bundle entry has no \"grouped\")");
  GroupedRequest routingOnly = makeRequest(256);
  routingOnly.routing = RoutingDistribution::Skewed;
  EXPECT_EQ(errorOf(checkNoGroupedFlags(plain, routingOnly)),
            "--routing was given, but kernel gemm_kernel_0 is not a grouped "
            "GEMM (its bundle entry has no \"grouped\")");

  // Bad lists.
  auto listError = [&](const KernelSpec &spec, int64_t groups, int64_t m,
                       const char *list) {
    GroupedRequest given = makeRequest(m);
    given.groups = groups;
    given.groupRows = list;
    return errorOf(makeGroupedProblem(spec, given).takeError());
  };
  EXPECT_EQ(listError(masked, 3, 256, "1,-1,2"),
            "--group-rows: group 1 has -1 rows; counts must not be negative");
  EXPECT_EQ(listError(masked, 4, 256, "1,2,3"),
            "--group-rows: has 3 entries; --groups=4 needs one per group");
  EXPECT_EQ(listError(masked, 3, 128, "0,129,1"),
            "--group-rows: group 1 has 129 rows, more than M_max = -m = 128 "
            "of the masked layout");
  EXPECT_EQ(listError(contiguous, 3, 128, "0,129,1"),
            "--group-rows: the rows add up to 130, but the contiguous "
            "layout's groups cover exactly T = -m = 128 rows");

  // Flags of the other layout.
  GroupedRequest replays = makeRequest(256);
  replays.groups = 4;
  replays.graphReplays = 2;
  EXPECT_NE(errorOf(makeGroupedProblem(contiguous, replays).takeError())
                .find("--graph-replays is for masked grouped kernels"),
            std::string::npos);
  GroupedRequest tokens = makeRequest(256);
  tokens.groups = 4;
  tokens.tokens = 100;
  EXPECT_NE(errorOf(makeGroupedProblem(contiguous, tokens).takeError())
                .find("--tokens is for masked grouped kernels"),
            std::string::npos);
  GroupedRequest unaligned = makeRequest(256);
  unaligned.groups = 4;
  unaligned.n = 100;
  EXPECT_NE(errorOf(makeGroupedProblem(masked, unaligned).takeError())
                .find("-n and -k must be multiples of 8"),
            std::string::npos);
}

TEST(GroupedTest, RequestMakesTheProblem) {
  KernelSpec masked = parseSingleKernel(makeMaskedGroupedKernel());
  KernelSpec contiguous = parseSingleKernel(makeContiguousGroupedKernel());
  GroupedRequest request = makeRequest(128);
  request.groups = 8;
  Expected<GroupedProblem> problem = makeGroupedProblem(masked, request);
  ASSERT_TRUE(static_cast<bool>(problem)) << toString(problem.takeError());
  // G · M_max / 2 tokens by default, evenly.
  EXPECT_EQ(problem->getTokens(), 512);
  EXPECT_EQ(problem->groupRows, std::vector<int32_t>(8, 64));
  EXPECT_EQ(getGraphReplays(masked, request), 3u);
  EXPECT_EQ(problem->getRowBase(3), 3 * 128);

  request.groupRows = "0,1,129,0,0,0,0,126";
  request.m = 256;
  Expected<GroupedProblem> listed = makeGroupedProblem(contiguous, request);
  ASSERT_TRUE(static_cast<bool>(listed)) << toString(listed.takeError());
  EXPECT_TRUE(listed->explicitRows);
  EXPECT_EQ(listed->getRowBase(3), 130);
  EXPECT_EQ(listed->getFlops(), 2.0 * 256 * 256 * 128);
  EXPECT_EQ(getGraphReplays(contiguous, request), 0u);
}

} // namespace
