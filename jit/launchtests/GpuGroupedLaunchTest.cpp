//===- GpuGroupedLaunchTest.cpp - grouped launches through GemmKernel -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Grouped kernels compiled ahead of time (the "grouped-masked",
// "grouped-contiguous" and "grouped-bias-silu" bundles of
// scripts/prepare-launch-gpu-test.sh),
// launched through GemmKernel with GemmArguments' groupRows / groupOffsets
// in device memory, as a mixture-of-experts layer would launch them:
//
//   - GroupsMatchFp64: G = 4 groups of 0, 1, 200 and 300 rows (masked:
//     M_max 300; contiguous: T = 501), random bf16 A and B, N = 512,
//     K = 256. C is poisoned (0xff: NaN) before each launch; every
//     non-empty group is checked at samples against the fp64 product
//     (computeFp64Reference) within the bf16 tolerance times the factor of
//     its sums (ToleranceFactor.h), and the rows outside the groups (a
//     masked group's rows past its count, guard rows around a contiguous
//     C) must still hold the poison. A kernel with a fused bias (and
//     activation) takes GemmArguments::bias as one random row per group
//     (G × N; a masked row bias G × M_max, a contiguous one T entries),
//     and the fp64 reference applies the epilogue with group g's row. A launch
//     without the counts, or with the other layout's pointer, is refused before
//     anything runs.
//   - Masked: the launch is prepared (prepare()), captured once in a CUDA
//     graph and replayed with three other count arrays written into the
//     same device buffer, each replay checked as above.
//
// Skips without a GPU or without grouped bundles.
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"
#include "GpuTestChecks.h"
#include "GpuTestKernel.h"
#include "jit/GemmKernel.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/GroupRouting.h"
#include "runtime/GroupedEpilogueInputs.h"
#include "runtime/GroupedProblem.h"
#include "runtime/HostMatrix.h"
#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"

#include <cstring>
#include <optional>

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

/// A `rows` x `cols` matrix of `type` in `layout`, packed, copied from the
/// elements of `source` starting `offset` elements in.
HostMatrix copyPart(const HostMatrix &source, ElementType type, int64_t offset,
                    int64_t rows, int64_t cols, MatrixLayout layout) {
  HostMatrix part(type, rows, cols, layout == MatrixLayout::Row ? cols : rows,
                  layout);
  size_t element = getElementSize(type);
  std::memcpy(part.data(),
              static_cast<const char *>(source.data()) + offset * element,
              part.getSizeInBytes());
  return part;
}

/// One grouped problem on the device: its inputs on both sides, C (with a
/// contiguous C's guard rows) and the group operand.
class GroupedLaunch {
public:
  GroupedLaunch(const KernelSpec &spec, GroupedProblem problem,
                cudaStream_t stream)
      : spec(spec), problem(std::move(problem)), stream(stream),
        hostA(spec.aType, aRows(), this->problem.k, this->problem.k),
        hostB(this->problem.bLayout == MatrixLayout::Row ? makeRowB()
                                                         : makeColumnB()) {}

  void SetUp();
  /// The arguments of the launch (the group operand of the kernel's
  /// layout).
  GemmArguments getArguments();
  /// Writes the group operand of `rows` into its buffer and poisons C, both
  /// on the stream.
  void writeCounts(ArrayRef<int32_t> rows);
  /// Waits for the stream and checks C for the counts last written.
  void check();

private:
  bool masked() const { return problem.layout == GroupedLayout::Masked; }
  int64_t aRows() const {
    return masked() ? problem.groups * problem.rows : problem.rows;
  }
  int64_t guardRows() const { return masked() ? 0 : GroupedGuardRows; }
  HostMatrix makeRowB() const {
    return HostMatrix(spec.bType, problem.groups * problem.k, problem.n,
                      problem.n);
  }
  HostMatrix makeColumnB() const {
    return HostMatrix(spec.bType, problem.k, problem.groups * problem.n,
                      problem.k, MatrixLayout::Col);
  }

  const KernelSpec &spec;
  GroupedProblem problem;
  cudaStream_t stream;
  /// Group `group`'s bias entry at its row `row` and column `col`.
  double getBias(int64_t group, int64_t row, int64_t col) const;

  HostMatrix hostA, hostB;
  /// A fused bias (getGroupedBiasShape), or none.
  std::optional<HostMatrix> hostBias;
  DeviceBuffer deviceA, deviceB, deviceC, deviceGroups, deviceBias;
};

double GroupedLaunch::getBias(int64_t group, int64_t row, int64_t col) const {
  if (spec.epilogue.bias == EpilogueBias::Column)
    return hostBias->get(group, col);
  if (masked())
    return hostBias->get(group, row);
  return hostBias->get(0, problem.getRowBase(group) + row);
}

void GroupedLaunch::SetUp() {
  hostA.fillRandom(21);
  hostB.fillRandom(22);
  ASSERT_NO_FATAL_FAILURE(
      uploadTestBuffer(hostA.data(), hostA.getSizeInBytes(), deviceA));
  ASSERT_NO_FATAL_FAILURE(
      uploadTestBuffer(hostB.data(), hostB.getSizeInBytes(), deviceB));
  int64_t cRows = aRows() + 2 * guardRows();
  ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(
      size_t(cRows * problem.n) * getElementSize(spec.cType), deviceC));
  ASSERT_NO_FATAL_FAILURE(allocateTestBuffer(
      size_t(getGroupOperandEntries(problem.layout, problem.groups)) *
          sizeof(int32_t),
      deviceGroups));
  auto [biasRows, biasCols] = getGroupedBiasShape(spec.epilogue, problem);
  if (biasRows > 0) {
    hostBias.emplace(spec.cType, biasRows, biasCols, biasCols);
    hostBias->fillRandom(23);
    ASSERT_NO_FATAL_FAILURE(uploadTestBuffer(
        hostBias->data(), hostBias->getSizeInBytes(), deviceBias));
  }
}

GemmArguments GroupedLaunch::getArguments() {
  GemmArguments args;
  args.a = deviceA.data();
  args.b = deviceB.data();
  args.c = static_cast<char *>(deviceC.data()) +
           size_t(guardRows() * problem.n) * getElementSize(spec.cType);
  args.m = problem.rows;
  args.n = problem.n;
  args.k = problem.k;
  args.orderB = problem.bLayout == MatrixLayout::Row ? MatrixOrder::RowMajor
                                                     : MatrixOrder::ColumnMajor;
  auto *groups = static_cast<const int32_t *>(deviceGroups.data());
  (masked() ? args.groupRows : args.groupOffsets) = groups;
  args.groups = problem.groups;
  if (hostBias)
    args.bias = deviceBias.data();
  return args;
}

void GroupedLaunch::writeCounts(ArrayRef<int32_t> rows) {
  problem.groupRows.assign(rows.begin(), rows.end());
  std::vector<int32_t> operand = getGroupOperand(problem.layout, rows);
  ASSERT_EQ(operand.size() * sizeof(int32_t), deviceGroups.size());
  // On the stream, as a router would write them: ordered before the next
  // launch or graph replay there.
  ASSERT_CUDA(cudaMemcpyAsync(deviceGroups.data(), operand.data(),
                              deviceGroups.size(), cudaMemcpyHostToDevice,
                              stream));
  ASSERT_NO_ERROR(deviceC.fill(OutputPoisonByte, stream));
}

void GroupedLaunch::check() {
  ASSERT_CUDA(cudaStreamSynchronize(stream));
  std::vector<uint8_t> hostC(deviceC.size());
  ASSERT_NO_ERROR(deviceC.copyToHost(hostC.data()));
  size_t element = getElementSize(spec.cType);
  size_t rowBytes = size_t(problem.n) * element;
  double base = getTolerance(spec.aType, spec.cType);
  for (int64_t group = 0; group < problem.groups; ++group) {
    int64_t rows = problem.groupRows[size_t(group)];
    if (rows == 0)
      continue;
    SCOPED_TRACE("group " + std::to_string(group) + " of " +
                 std::to_string(rows) + " rows");
    int64_t firstRow = problem.getRowBase(group);
    HostMatrix a = copyPart(hostA, spec.aType, firstRow * problem.k, rows,
                            problem.k, MatrixLayout::Row);
    HostMatrix b = copyPart(hostB, spec.bType, group * problem.k * problem.n,
                            problem.k, problem.n, problem.bLayout);
    auto samples =
        chooseSampleEntries(rows, problem.n, 512, uint64_t(7 + group));
    // The fused bias and activation with group g's bias row.
    const FusedEpilogueSpec &epilogue = spec.epilogue;
    auto biased = [&](int64_t row, int64_t col, double acc) {
      return hostBias ? acc + getBias(group, row, col) : acc;
    };
    std::vector<double> reference = computeFp64Reference(
        a, b, samples, [&](int64_t row, int64_t col, double acc) {
          return applyActivation(epilogue.activation, biased(row, col, acc));
        });
    std::vector<double> input = computeFp64Reference(a, b, samples, biased);
    std::vector<CheckedOutputTerms> terms;
    for (auto [squares, before, expected] :
         zip_equal(computeProductSquares(a, b, samples), input, reference))
      terms.push_back({squares, before, expected});
    double tolerance =
        base * getToleranceFactor(terms, epilogue.activation, base);
    HostMatrix c(spec.cType, rows, problem.n, problem.n);
    std::memcpy(c.data(),
                hostC.data() + size_t(guardRows() + firstRow) * rowBytes,
                c.getSizeInBytes());
    ErrorMetric metric =
        compareWithFp64Reference(c, samples, reference, tolerance);
    expectFp64Match(metric);
  }
  // The rows outside the groups keep the poison.
  std::vector<int64_t> outside;
  if (masked()) {
    for (int64_t group = 0; group < problem.groups; ++group)
      for (int64_t row = problem.groupRows[size_t(group)]; row < problem.rows;
           ++row)
        outside.push_back(group * problem.rows + row);
  } else {
    for (int64_t row = 0; row < GroupedGuardRows; ++row) {
      outside.push_back(row);
      outside.push_back(GroupedGuardRows + problem.rows + row);
    }
  }
  int64_t clobbered = 0;
  for (int64_t row : outside)
    for (size_t byte = 0; byte < rowBytes; ++byte)
      clobbered += hostC[size_t(row) * rowBytes + byte] != OutputPoisonByte;
  EXPECT_EQ(clobbered, 0) << "bytes written outside the groups' rows";
}

class GpuGroupedLaunchTest : public GpuStreamTest {};

/// The launch refused before anything runs: no counts, or the other
/// layout's pointer.
void expectRefusals(GemmKernel &kernel, const GemmArguments &args,
                    cudaStream_t stream) {
  GemmArguments none = args;
  none.groupRows = none.groupOffsets = nullptr;
  expectLaunchRefused(kernel, none, stream, "without the group counts");
  GemmArguments swapped = args;
  std::swap(swapped.groupRows, swapped.groupOffsets);
  expectLaunchRefused(kernel, swapped, stream,
                      "with the other layout's group operand");
}

/// Captures one launch of `args` and replays it with three other count
/// arrays in the same buffer.
void replayCapturedLaunch(GemmKernel &kernel, GroupedLaunch &launch,
                          cudaStream_t stream) {
  GemmArguments args = launch.getArguments();
  Expected<PreparedArguments> prepared = kernel.prepare(args, stream);
  ASSERT_TRUE(bool(prepared)) << toString(prepared.takeError());
  ASSERT_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  Error launched = kernel.launch(args, stream);
  cudaGraph_t graph = nullptr;
  cudaError_t ended = cudaStreamEndCapture(stream, &graph);
  scope_exit destroyGraph([&] {
    if (graph)
      EXPECT_EQ(cudaGraphDestroy(graph), cudaSuccess);
  });
  ASSERT_NO_ERROR(std::move(launched));
  ASSERT_CUDA(ended);
  cudaGraphExec_t exec = nullptr;
  ASSERT_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  scope_exit destroyExec(
      [&] { EXPECT_EQ(cudaGraphExecDestroy(exec), cudaSuccess); });
  for (std::vector<int32_t> rows : {std::vector<int32_t>{300, 0, 1, 129},
                                    {17, 300, 0, 256},
                                    {1, 1, 1, 1}}) {
    SCOPED_TRACE("replay with rows " + std::to_string(rows[0]) + ", " +
                 std::to_string(rows[1]) + ", " + std::to_string(rows[2]) +
                 ", " + std::to_string(rows[3]));
    ASSERT_NO_FATAL_FAILURE(launch.writeCounts(rows));
    ASSERT_CUDA(cudaGraphLaunch(exec, stream));
    ASSERT_NO_FATAL_FAILURE(launch.check());
  }
}

TEST_F(GpuGroupedLaunchTest, GroupsMatchFp64) {
  std::vector<TestKernel> kernels;
  // Kernels with at most a bias and an activation fused (alpha_beta and
  // residual kernels are gemm-run's: scripts/grouped-check.sh); FP8 ones
  // are GpuGroupedFp8LaunchTest's.
  ASSERT_NO_FATAL_FAILURE(loadTestKernels(
      [](const KernelSpec &spec) {
        return spec.grouped.has_value() && !spec.scaling.has_value() &&
               !spec.epilogue.alphaBeta && !spec.epilogue.residual;
      },
      kernels));
  if (kernels.empty())
    GTEST_SKIP() << "no grouped bundle among the bundles given";
  for (TestKernel &loaded : kernels) {
    SCOPED_TRACE(loaded.path);
    GroupedProblem problem;
    problem.layout = *loaded.spec->grouped;
    bool masked = problem.layout == GroupedLayout::Masked;
    problem.groups = 4;
    // Empty, one row, and counts that are not multiples of the 128-row tile.
    problem.groupRows = {0, 1, 200, 300};
    problem.rows = masked ? 300 : problem.getTokens();
    problem.n = 512;
    problem.k = 256;
    problem.bLayout = loaded.spec->layouts.b;
    problem.type = loaded.spec->aType;
    GroupedLaunch launch(*loaded.spec, problem, stream);
    ASSERT_NO_FATAL_FAILURE(launch.SetUp());
    GemmArguments args = launch.getArguments();
    ASSERT_NO_FATAL_FAILURE(expectRefusals(*loaded.kernel, args, stream));
    if (args.bias) {
      // A bias kernel refuses a launch without its bias.
      GemmArguments noBias = args;
      noBias.bias = nullptr;
      expectLaunchRefused(*loaded.kernel, noBias, stream, "without its bias");
    }
    ASSERT_NO_FATAL_FAILURE(launch.writeCounts(problem.groupRows));
    ASSERT_NO_ERROR(loaded.kernel->launch(args, stream));
    ASSERT_NO_FATAL_FAILURE(launch.check());
    if (masked)
      ASSERT_NO_FATAL_FAILURE(
          replayCapturedLaunch(*loaded.kernel, launch, stream));
  }
}

} // namespace
