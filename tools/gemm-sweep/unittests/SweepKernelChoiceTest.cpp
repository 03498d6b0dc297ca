//===- SweepKernelChoiceTest.cpp - Which kernel a sweep case runs on ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepCase.h"
#include "tools/gemm-sweep/SweepKernelChoice.h"

#include "gtest/gtest.h"

#include <vector>

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

/// A kernel of `type` (A, B and C) taking the layouts (a, b, c), any shape
/// unless `tile` says otherwise, declaring nothing optional.
KernelCapabilities makeKernel(std::string name, ElementType type,
                              MatrixLayouts layouts, ProblemTile tile = {}) {
  KernelCapabilities kernel;
  kernel.kernelName = std::move(name);
  kernel.aType = kernel.bType = kernel.cType = type;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    LayoutSet &set = kernel.layouts[static_cast<size_t>(operand)];
    (layouts.get(operand) == Row ? set.row : set.col) = true;
  }
  kernel.requiresDivisible = tile;
  kernel.alignmentBytes = {2, 2, 2};
  return kernel;
}

GemmProblem makeProblem(ElementType type, MatrixLayouts layouts, int64_t m = 256,
                        int64_t n = 512, int64_t k = 64) {
  return GemmProblem::get(GemmShape::get(m, n, k, 0, 0, 0, layouts), type,
                          type, type);
}

/// The loaded kernels of the example: bf16 NN (whole 128x256x64 tiles
/// only) and NT, TN (any shape), f16 NN.
std::vector<KernelCapabilities> makeKernels() {
  return {makeKernel("bf16_nn", ElementType::BF16, {Row, Row, Row},
                     {128, 256, 64}),
          makeKernel("bf16_nt", ElementType::BF16, {Row, Col, Row}),
          makeKernel("bf16_tn", ElementType::BF16, {Col, Row, Row}),
          makeKernel("f16_nn", ElementType::F16, {Row, Row, Row})};
}

TEST(SweepKernelChoiceTest, RotatesOverTheKernelsThatClaimTheCase) {
  std::vector<KernelCapabilities> kernels = makeKernels();
  kernels.push_back(makeKernel("bf16_nn_any", ElementType::BF16,
                               {Row, Row, Row}));
  GemmProblem nn = makeProblem(ElementType::BF16, {Row, Row, Row});
  KernelChoice first = chooseSweepKernel(kernels, nn, 0);
  EXPECT_TRUE(first.claimsSupport);
  EXPECT_EQ(first.index, 0u);
  EXPECT_EQ(chooseSweepKernel(kernels, nn, 1).index, 4u);
  EXPECT_EQ(chooseSweepKernel(kernels, nn, 2).index, 0u);
  EXPECT_TRUE(first.missing.empty());
  // Another layout: the one kernel that takes it.
  KernelChoice nt = chooseSweepKernel(
      kernels, makeProblem(ElementType::BF16, {Row, Col, Row}), 1);
  EXPECT_TRUE(nt.claimsSupport);
  EXPECT_EQ(nt.index, 1u);
}

TEST(SweepKernelChoiceTest, RefusingKernelHasTheCasesTypesAndLayouts) {
  std::vector<KernelCapabilities> kernels = makeKernels();
  // bf16 NN, ragged: the NN kernel lacks divisibility (one gap), the NT
  // and TN kernels only the layout (one gap too); the NN kernel refuses,
  // for the real reason.
  GemmProblem ragged = makeProblem(ElementType::BF16, {Row, Row, Row}, 129,
                                   257, 65);
  KernelChoice choice = chooseSweepKernel(kernels, ragged, 3);
  EXPECT_FALSE(choice.claimsSupport);
  EXPECT_EQ(choice.index, 0u);
  EXPECT_TRUE(choice.missing.empty()) << choice.missing;
  EXPECT_EQ(findCapabilityGaps(kernels[choice.index], ragged).front().reason,
            RefusalReason::Divisibility);

  // f16 NT with a batch: the bf16 NT kernel lacks the types and the batch,
  // the f16 NN kernel the layout and the batch; the f16 kernel refuses, and
  // the choice says which layouts no f16 kernel takes.
  GemmProblem f16nt = makeProblem(ElementType::F16, {Row, Col, Row});
  f16nt.batchCount = 2;
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    f16nt.getView(operand).batchStride = f16nt.getMatrixSpan(operand);
  choice = chooseSweepKernel(kernels, f16nt, 0);
  EXPECT_FALSE(choice.claimsSupport);
  EXPECT_EQ(choice.index, 3u);
  EXPECT_EQ(choice.missing, "no loaded kernel of types a=f16 b=f16 c=f16 "
                            "takes layouts a=row b=col c=row (they take "
                            "a=row b=row c=row)");
  EXPECT_EQ(findCapabilityGaps(kernels[choice.index], f16nt).front().reason,
            RefusalReason::Layout);

  // f32: no kernel has the types.
  choice = chooseSweepKernel(
      kernels, makeProblem(ElementType::F32, {Row, Row, Row}), 0);
  EXPECT_FALSE(choice.claimsSupport);
  EXPECT_EQ(choice.missing, "no loaded kernel has types a=f32 b=f32 c=f32");
  EXPECT_EQ(findCapabilityGaps(kernels[choice.index],
                               makeProblem(ElementType::F32, {Row, Row, Row}))
                .front()
                .reason,
            RefusalReason::Types);
}

TEST(SweepKernelChoiceTest, EpilogueCaseIsRefusedByAKernelOfItsLayouts) {
  std::vector<KernelCapabilities> kernels = makeKernels();
  GemmProblem tn = makeProblem(ElementType::BF16, {Col, Row, Row});
  tn.epilogue.alpha = 2.0;
  KernelChoice choice = chooseSweepKernel(kernels, tn, 0);
  EXPECT_EQ(choice.index, 2u);
  EXPECT_TRUE(choice.missing.empty());
  EXPECT_EQ(findCapabilityGaps(kernels[choice.index], tn).front().reason,
            RefusalReason::Epilogue);
}

TEST(SweepKernelChoiceTest, BatchedCasesRunOnBatchedKernels) {
  std::vector<KernelCapabilities> kernels = makeKernels();
  GemmProblem batched = makeProblem(ElementType::BF16, {Row, Row, Row});
  batched.batchCount = 3;
  batched.b.batchStride = 0;
  // No batched kernel: a bf16 NN kernel refuses, naming the batch.
  KernelChoice refused = chooseSweepKernel(kernels, batched, 0);
  EXPECT_FALSE(refused.claimsSupport);
  EXPECT_TRUE(refused.missing.empty());
  EXPECT_EQ(findCapabilityGaps(kernels[refused.index], batched).front().reason,
            RefusalReason::Batch);
  // A batched kernel of those types and layouts claims it.
  kernels.push_back(
      makeKernel("bf16_nn_batched", ElementType::BF16, {Row, Row, Row}));
  kernels.back().stridedBatch = true;
  KernelChoice claimed = chooseSweepKernel(kernels, batched, 0);
  EXPECT_TRUE(claimed.claimsSupport);
  EXPECT_EQ(claimed.index, kernels.size() - 1);
}

TEST(SweepKernelChoiceTest, SameSeedSameChoices) {
  std::vector<KernelCapabilities> kernels = makeKernels();
  std::vector<SweepTarget> targets;
  for (const KernelCapabilities &kernel : kernels) {
    MatrixLayouts layouts;
    for (Operand operand : {Operand::A, Operand::B, Operand::C})
      layouts.get(operand) =
          kernel.layouts[static_cast<size_t>(operand)].row ? Row : Col;
    targets.push_back({kernel.requiresDivisible, kernel.aType, kernel.bType,
                       kernel.cType, layouts});
  }
  std::vector<SweepCase> cases = generateSweepCases(5, 300, targets);
  int layoutRefusals = 0;
  for (const SweepCase &sweepCase : cases) {
    KernelChoice choice =
        chooseSweepKernel(kernels, sweepCase.problem, sweepCase.index);
    KernelChoice again = chooseSweepKernel(
        kernels, generateSweepCase(5, sweepCase.index, targets).problem,
        sweepCase.index);
    EXPECT_EQ(choice.index, again.index) << sweepCase.index;
    EXPECT_EQ(choice.claimsSupport, again.claimsSupport);
    EXPECT_EQ(choice.missing, again.missing);
    if (choice.claimsSupport)
      continue;
    RefusalReason reason =
        findCapabilityGaps(kernels[choice.index], sweepCase.problem)
            .front()
            .reason;
    // A types or layouts refusal only where no kernel has them, and then
    // the choice says what is missing.
    if (reason == RefusalReason::Types || reason == RefusalReason::Layout) {
      EXPECT_FALSE(choice.missing.empty()) << sweepCase.problem.str();
      layoutRefusals += reason == RefusalReason::Layout;
    } else {
      EXPECT_TRUE(choice.missing.empty()) << sweepCase.problem.str();
    }
  }
  EXPECT_GT(layoutRefusals, 0);
}

} // namespace
