//===- GroupedSweepCase.cpp - randomized cases of grouped kernels ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/GroupedSweepCase.h"

#include "tools/gemm-sweep/SweepRandom.h"
#include "tools/gemm-sweep/SweepReport.h"

#include "runtime/GroupedBenchmark.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <numeric>
#include <utility>
#include <vector>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

namespace {
/// Separates the grouped cases' generators from the other cases' of the
/// same seed and index.
constexpr uint64_t GroupedStream = 0x6a09e667f3bcc908ull;

/// Uniform in [low, high] (low <= high).
int64_t drawBetween(CaseRandom &random, int64_t low, int64_t high) {
  return low + static_cast<int64_t>(
                   random.below(static_cast<uint64_t>(high - low + 1)));
}

/// G: 1, 2 .. 8, 16 .. 256 by powers of two, or 1 .. 256; at least
/// `minimum`.
int64_t drawGroups(CaseRandom &random, int64_t minimum) {
  int64_t groups = 1;
  switch (random.below(4)) {
  case 0:
    break;
  case 1:
    groups = drawBetween(random, 2, 8);
    break;
  case 2:
    groups = int64_t(16) << random.below(5);
    break;
  default:
    groups = drawBetween(random, 1, 256);
  }
  return std::max(groups, minimum);
}

/// A count of rows that is not a multiple of `blockRows`, in [2, high]
/// (high >= 2; any count there where every count is a multiple).
int64_t drawRaggedRows(CaseRandom &random, int64_t blockRows, int64_t high) {
  int64_t rows = drawBetween(random, 2, high);
  if (blockRows > 2 && rows % blockRows == 0)
    --rows;
  return rows;
}

/// An explicit list of `groups` (>= 3) counts: a group of 0 rows, one of
/// 1 row and `ragged` rows, at random places among others of 0, 1, `full`
/// rows or any count up to `other`.
std::vector<int64_t> drawRowList(CaseRandom &random, int64_t groups,
                                 int64_t ragged, int64_t full, int64_t other) {
  std::vector<int64_t> rows = {0, 1, ragged};
  while (static_cast<int64_t>(rows.size()) < groups) {
    unsigned kind = static_cast<unsigned>(random.below(20));
    rows.push_back(kind < 5    ? 0
                   : kind < 7  ? 1
                   : kind < 10 ? full
                               : drawBetween(random, 0, other));
  }
  // Fisher-Yates, so that the edge cases land anywhere among the groups.
  for (size_t i = rows.size() - 1; i > 0; --i)
    std::swap(rows[i], rows[random.below(i + 1)]);
  return rows;
}

/// gemm-run's --group-rows for `rows`: "0,1,129".
std::string joinRowList(ArrayRef<int64_t> rows) {
  std::string list;
  raw_string_ostream os(list);
  interleave(rows, os, ",");
  return list;
}
} // namespace

int64_t getGroupedBlockRows(const KernelSpec &spec) {
  if (spec.tile)
    return spec.tile->m;
  if (spec.persistentGrid)
    return spec.persistentGrid->tileM;
  return 1;
}

GroupedSweepCase generateGroupedSweepCase(uint64_t seed, uint64_t index,
                                          const SweepBundles &bundles) {
  CaseRandom random(seed ^ GroupedStream, index);
  GroupedSweepCase result;
  result.index = index;
  result.kernel = index % bundles.groupedKernels.size();
  const KernelSpec &spec = *bundles.groupedKernels[result.kernel].spec;
  bool masked = spec.grouped == GroupedLayout::Masked;
  int64_t blockRows = getGroupedBlockRows(spec);
  GroupedRequest &request = result.request;
  request.seed = seed * 1000003 + index;
  request.bLayout = spec.getSourceLayouts().b;

  // 0 even, 1 skewed, 2 an explicit list.
  unsigned routing = static_cast<unsigned>(random.below(3));
  int64_t groups = drawGroups(random, routing == 2 ? 3 : 1);
  request.groups = groups;

  // N and K: 16-byte rows (grouped operands are never staged), and what
  // the kernel requires them to divide.
  int64_t step = 16 / static_cast<int64_t>(getElementSize(spec.aType));
  int64_t nMultiple = std::lcm(step, spec.requiresDivisible.n);
  int64_t kMultiple = std::lcm(step, spec.requiresDivisible.k);
  int64_t n = random.chance(50)
                  ? step * drawBetween(random, 1, 32)
                  : random.pick(ArrayRef<int64_t>({64, 128, 256, 512, 1024}));
  int64_t k = random.chance(50)
                  ? step * drawBetween(random, 1, 16)
                  : random.pick(ArrayRef<int64_t>({64, 128, 256, 512}));
  n = roundUpToMultiple(n, nMultiple);
  k = roundUpToMultiple(k, kMultiple);
  // B holds G matrices: halve the larger of N and K until it fits.
  while (groups * n * k > GroupedOperandElements &&
         (n > nMultiple || k > kMultiple)) {
    if (n >= k && n > nMultiple)
      n = roundUpToMultiple(n / 2, nMultiple);
    else
      k = roundUpToMultiple(k / 2, kMultiple);
  }
  request.n = n;
  request.k = k;
  if (spec.scaling)
    result.fp8Inputs = random.chance(50) ? Fp8InputDistribution::Wide
                                         : Fp8InputDistribution::Uniform;
  // Rows of A and C within the budget (a contiguous C has its guards too).
  int64_t rowBudget = GroupedOperandElements / std::max(n, k);

  if (masked) {
    int64_t capacity = std::max<int64_t>(1, rowBudget / groups);
    int64_t mMax = random.chance(50)
                       ? random.pick(ArrayRef<int64_t>(
                             {1, 7, blockRows - 1, blockRows, blockRows + 1,
                              2 * blockRows + 3, 256}))
                       : drawBetween(random, 1, 3 * blockRows);
    mMax = roundUpToMultiple(std::clamp<int64_t>(mMax, 1, capacity),
                             spec.requiresDivisible.m);
    if (routing == 2) {
      mMax = std::max<int64_t>(mMax,
                               roundUpToMultiple(2, spec.requiresDivisible.m));
      request.groupRows = joinRowList(drawRowList(
          random, groups, drawRaggedRows(random, blockRows, mMax), mMax, mMax));
    } else {
      request.routing = routing == 0 ? RoutingDistribution::Even
                                     : RoutingDistribution::Skewed;
      // gemm-run's default (G · M_max / 2), none, one per group (decode),
      // any count, or every row.
      switch (random.below(5)) {
      case 0:
        break;
      case 1:
        request.tokens = 0;
        break;
      case 2:
        request.tokens = groups;
        break;
      case 3:
        request.tokens = drawBetween(random, 0, groups * mMax);
        break;
      default:
        request.tokens = groups * mMax;
      }
    }
    request.m = mMax;
    return result;
  }

  int64_t tokenBudget = std::max<int64_t>(1, rowBudget - 2 * GroupedGuardRows);
  if (routing == 2) {
    int64_t ragged = drawRaggedRows(
        random, blockRows, std::clamp<int64_t>(3 * blockRows, 2, tokenBudget));
    int64_t other = std::clamp<int64_t>((tokenBudget - ragged - 1) / groups, 0,
                                        2 * blockRows);
    std::vector<int64_t> rows =
        drawRowList(random, groups, ragged, std::min(other, blockRows), other);
    // T is the sum of the list (gemm-run refuses any other -m).
    request.m = std::accumulate(rows.begin(), rows.end(), int64_t(0));
    request.groupRows = joinRowList(rows);
    return result;
  }
  request.routing =
      routing == 0 ? RoutingDistribution::Even : RoutingDistribution::Skewed;
  // Fewer tokens than groups, whole tiles per group and a ragged rest,
  // anything, or up to 2 BM per group.
  int64_t tokens = 1;
  switch (random.below(4)) {
  case 0:
    tokens = drawBetween(random, 1, groups);
    break;
  case 1:
    tokens = groups * blockRows + drawBetween(random, 1, blockRows);
    break;
  case 2:
    tokens = drawBetween(random, 1, tokenBudget);
    break;
  default:
    tokens = groups * drawBetween(random, 1, 2 * blockRows);
  }
  request.m = std::clamp<int64_t>(tokens, 1, tokenBudget);
  return result;
}

std::string getGroupedRunCommand(const GroupedSweepCase &sweepCase,
                                 StringRef bundlePath, StringRef kernelName,
                                 bool cublasReference) {
  const GroupedRequest &request = sweepCase.request;
  std::string command;
  raw_string_ostream os(command);
  os << "gemm-run " << bundlePath << " --kernel " << kernelName << " -m "
     << request.m << " -n " << request.n << " -k " << request.k << " --groups "
     << request.groups.value_or(1);
  if (request.routing)
    os << " --routing " << getRoutingDistributionName(*request.routing);
  if (request.tokens)
    os << " --tokens " << *request.tokens;
  if (request.groupRows)
    os << " --group-rows " << *request.groupRows;
  if (sweepCase.fp8Inputs)
    os << " --fp8-inputs " << getFp8InputDistributionName(*sweepCase.fp8Inputs);
  os << " --seed " << request.seed << " --no-timing";
  if (!cublasReference)
    os << " --no-cublas";
  return command;
}

std::string describeGroupedSweepCase(const GroupedSweepCase &sweepCase,
                                     GroupedLayout layout,
                                     ArrayRef<int32_t> rows) {
  const GroupedRequest &request = sweepCase.request;
  bool masked = layout == GroupedLayout::Masked;
  std::string text;
  raw_string_ostream os(text);
  os << "grouped " << getGroupedLayoutName(layout)
     << " G=" << request.groups.value_or(1) << (masked ? " M_max=" : " T=")
     << request.m << " N=" << request.n << " K=" << request.k
     << " b=" << getMatrixLayoutName(request.bLayout);
  if (request.groupRows)
    os << " list";
  else if (request.routing)
    os << " " << getRoutingDistributionName(*request.routing);
  if (request.tokens)
    os << " tokens=" << *request.tokens;
  if (sweepCase.fp8Inputs)
    os << " fp8 inputs " << getFp8InputDistributionName(*sweepCase.fp8Inputs);
  if (!rows.empty()) {
    constexpr size_t shown = 16;
    os << " rows ";
    interleave(rows.take_front(shown), os, ",");
    if (rows.size() > shown)
      os << ",...";
  }
  return text;
}

namespace {
std::string describeGroupCheck(const GroupedResult &run) {
  std::string text;
  raw_string_ostream os(text);
  const GroupCheck &check = run.check;
  if (check.vsCublas)
    describeErrorMetric(os, "vs cuBLAS", *check.vsCublas);
  else if (!check.noCublasLtAnchor.empty())
    os << "vs cuBLASLt none (" << check.noCublasLtAnchor << "); ";
  describeErrorMetric(os, "vs fp64", check.vsFp64);
  os << check.checkedGroups << " groups checked";
  if (check.failedGroups)
    os << ", " << check.failedGroups << " failed (worst: cuBLAS group "
       << check.worstCublasGroup << ", fp64 group " << check.worstFp64Group
       << ")";
  os << "; " << check.clobbered << " of " << check.poisonChecked
     << " poisoned entries overwritten";
  if (!run.replays.empty()) {
    size_t failed = count_if(run.replays, [](const GroupedReplay &replay) {
      return !replay.check.passed();
    });
    os << "; " << run.replays.size() << " graph replays, " << failed
       << " failed";
  }
  return text;
}
} // namespace

CaseResult runGroupedSweepCase(const DeviceInfo &device, SweepBundles &bundles,
                               const GroupedSweepCase &sweepCase,
                               bool cublasReference) {
  SweepKernel &kernel = bundles.groupedKernels[sweepCase.kernel];
  const KernelSpec &spec = *kernel.spec;
  const GroupedRequest &request = sweepCase.request;
  CaseResult result;
  result.index = sweepCase.index;
  result.kind = CaseKind::Grouped;
  result.kernel = spec.name;
  result.bundlePath = kernel.bundlePath;
  result.runCommand = getGroupedRunCommand(sweepCase, kernel.bundlePath,
                                           spec.name, cublasReference);

  // What gemm-run does with the same flags (tools/gemm-run, runGrouped).
  Expected<GroupedProblem> problem = makeGroupedProblem(spec, request);
  result.problem = describeGroupedSweepCase(
      sweepCase, spec.grouped.value_or(GroupedLayout::Masked),
      problem ? ArrayRef<int32_t>(problem->groupRows) : ArrayRef<int32_t>());
  Expected<GroupedResult> run = [&]() -> Expected<GroupedResult> {
    if (!problem)
      return problem.takeError();
    if (Error err = checkGroupedLaunch(spec, *problem))
      return std::move(err);
    Expected<const KernelImages *> images = kernel.getImages();
    if (!images)
      return images.takeError();
    GroupedOptions options;
    options.common.timing = false;
    options.common.seed = request.seed;
    options.common.cublasReference = cublasReference;
    if (sweepCase.fp8Inputs)
      options.common.fp8Inputs = *sweepCase.fp8Inputs;
    options.graphReplays = getGraphReplays(spec, request);
    return runGroupedBenchmark(device, spec, **images, *problem, options);
  }();
  judgeClaimedRun(result, std::move(run), describeGroupCheck);
  return result;
}

} // namespace sweep
} // namespace gemm_opt
