//===- GpuGroupedFp8LaunchTest.cpp - grouped FP8 launches on a GPU --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Grouped FP8 kernels compiled ahead of time (the "grouped-fp8-e4m3-out"
// bundle of scripts/prepare-launch-gpu-test.sh: an e4m3 C with scale_d and
// the amax of D, per-group tensor scales, masked layout), launched through
// GemmKernel with GemmArguments' scales, scaleD, amax and group counts in
// device memory, as a mixture-of-experts layer would launch them:
//
//   - QuantizedGroupsMatchFp64: G = 4 groups of 0, 1, 200 and 300 rows,
//     N = 512, K = 384, 8-bit A and B over the e4m3 range with random
//     scales per group (GroupedScales.h), C poisoned (0xff) and amax
//     poisoned (NaN; the launch zeroes it). gemm-run's grouped checker
//     (GroupChecker.h) then checks every non-empty group after
//     dequantization against fp64 and, where cuBLASLt takes the group's
//     matmul, against cuBLASLt into an e4m3 D with the same scale_d; the
//     amax against the largest |C| of the stored rows; and the rows no
//     group stores for the poison. A launch without scale_d, or without
//     amax, is refused before anything runs.
//
// Skips without a GPU or without a grouped FP8 bundle.
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"
#include "GpuTestChecks.h"
#include "GpuTestKernel.h"
#include "jit/GemmKernel.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GroupChecker.h"
#include "runtime/GroupedBuffers.h"
#include "runtime/GroupedProblem.h"
#include "runtime/GroupedScales.h"
#include "runtime/HostMatrix.h"
#include "runtime/HostScales.h"
#include "runtime/QuantizedOutput.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/Validation.h"

#include <limits>
#include <optional>

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

class GpuGroupedFp8LaunchTest : public GpuStreamTest {};

/// Launches `loaded` on `problem` through GemmKernel and checks it.
void launchAndCheck(const TestKernel &loaded, const GroupedProblem &problem,
                    cudaStream_t stream) {
  const KernelSpec &spec = *loaded.spec;
  bool masked = problem.layout == GroupedLayout::Masked;
  int64_t aRows = masked ? problem.groups * problem.rows : problem.rows;
  HostMatrix hostA(spec.aType, aRows, problem.k, problem.k);
  HostMatrix hostB(spec.bType, problem.k, problem.groups * problem.n, problem.k,
                   MatrixLayout::Col);
  fillFp8Random(hostA, Fp8InputDistribution::Wide, 31);
  fillFp8Random(hostB, Fp8InputDistribution::Wide, 32);
  GroupedScales scales(*spec.scaling, problem.layout, problem.groups,
                       problem.rows, problem.n, problem.k, 33,
                       chooseScaleCentre(hostA, problem.k),
                       chooseScaleCentre(hostB, problem.k));

  Expected<GroupedBuffers> allocated = createGroupedBuffers(
      spec, problem, hostA, hostB, &scales, /*withReference=*/true);
  ASSERT_TRUE(bool(allocated)) << toString(allocated.takeError());
  GroupedBuffers &buffers = *allocated;

  BenchmarkOptions options;
  options.timing = false;
  GroupChecker checker(spec, problem, hostA, hostB, &scales, buffers,
                       /*cublas=*/nullptr, stream, options);
  std::optional<float> scaleD;
  if (takesOutputScale(spec)) {
    scaleD = chooseOutputScale(checker.getLargestSampledOutput(problem), 34);
    ASSERT_NO_ERROR(buffers.scaleD.copyFromHost(&*scaleD));
    checker.setOutputScale(*scaleD);
  }
  if (recordsAmax(spec)) {
    float poison = std::numeric_limits<float>::quiet_NaN();
    ASSERT_NO_ERROR(buffers.amax.copyFromHost(&poison));
  }

  GemmArguments args;
  args.a = buffers.a.data();
  args.b = buffers.b.data();
  args.c = reinterpret_cast<void *>(buffers.cAddress);
  args.m = problem.rows;
  args.n = problem.n;
  args.k = problem.k;
  args.orderB = MatrixOrder::ColumnMajor;
  args.scaleA = buffers.scaleA.data();
  args.scaleB = buffers.scaleB.data();
  args.scaleD = scaleD ? buffers.scaleD.data() : nullptr;
  args.amax = recordsAmax(spec) ? buffers.amax.data() : nullptr;
  auto *groups = static_cast<const int32_t *>(buffers.groups.data());
  (masked ? args.groupRows : args.groupOffsets) = groups;
  args.groups = problem.groups;

  // Refused before anything runs: an e4m3 C without its scale, amax
  // missing where the kernel records it.
  if (scaleD) {
    GemmArguments noScaleD = args;
    noScaleD.scaleD = nullptr;
    expectLaunchRefused(*loaded.kernel, noScaleD, stream, "without scale_d");
  }
  if (args.amax) {
    GemmArguments noAmax = args;
    noAmax.amax = nullptr;
    expectLaunchRefused(*loaded.kernel, noAmax, stream, "without amax");
  }

  ASSERT_NO_ERROR(buffers.c.fill(OutputPoisonByte, stream));
  ASSERT_NO_ERROR(loaded.kernel->launch(args, stream));
  ASSERT_CUDA(cudaStreamSynchronize(stream));
  Expected<GroupCheck> checked = checker.check(problem);
  ASSERT_TRUE(bool(checked)) << toString(checked.takeError());
  EXPECT_EQ(checked->checkedGroups, 3);
  EXPECT_EQ(checked->failedGroups, 0);
  EXPECT_EQ(checked->clobbered, 0) << "bytes written outside the groups' rows";
  expectFp64Match(checked->vsFp64);
  if (checked->vsCublas)
    EXPECT_TRUE(checked->vsCublas->passed) << "against cuBLASLt";
  else
    ADD_FAILURE() << "no cuBLASLt anchor: " << checked->noCublasLtAnchor;
  if (recordsAmax(spec)) {
    ASSERT_TRUE(checked->amax.has_value());
    EXPECT_TRUE(checked->amax->passed) << checked->amax->failure;
  }
  EXPECT_TRUE(checked->passed());
}

TEST_F(GpuGroupedFp8LaunchTest, QuantizedGroupsMatchFp64) {
  std::vector<TestKernel> kernels;
  // Per-tensor scales: cuBLASLt anchors each group (its block-scaled
  // matmuls refuse these shapes, so those bundles are gemm-run's:
  // scripts/grouped-check.sh).
  ASSERT_NO_FATAL_FAILURE(loadTestKernels(
      [](const KernelSpec &spec) {
        return spec.grouped.has_value() && spec.scaling.has_value() &&
               !spec.scaling->hasBlockScales();
      },
      kernels));
  if (kernels.empty())
    GTEST_SKIP() << "no grouped FP8 bundle with tensor scales among the "
                    "bundles given";
  for (TestKernel &loaded : kernels) {
    SCOPED_TRACE(loaded.path);
    GroupedProblem problem;
    problem.layout = *loaded.spec->grouped;
    problem.groups = 4;
    // Empty, one row, and counts that are not multiples of the 128-row tile.
    problem.groupRows = {0, 1, 200, 300};
    problem.rows =
        problem.layout == GroupedLayout::Masked ? 300 : problem.getTokens();
    problem.n = 512;
    problem.k = 384;
    problem.bLayout = MatrixLayout::Col;
    problem.type = loaded.spec->aType;
    ASSERT_NO_FATAL_FAILURE(launchAndCheck(loaded, problem, stream));
  }
}

} // namespace
