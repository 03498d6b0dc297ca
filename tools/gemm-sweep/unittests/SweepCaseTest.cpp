//===- SweepCaseTest.cpp - Case generation of gemm-sweep ------------------===//

#include "tools/gemm-sweep/SweepCase.h"

#include "runtime/BundleCapabilities.h"

#include "gtest/gtest.h"

#include <map>
#include <vector>

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

/// The tiles and types of the shipped bundles, roughly.
std::vector<SweepTarget> makeTargets() {
  return {{{128, 256, 64}, ElementType::BF16, ElementType::BF16,
           ElementType::BF16},
          {{128, 128, 32}, ElementType::F16, ElementType::F16,
           ElementType::F16},
          {{128, 128, 8}, ElementType::F32, ElementType::F32,
           ElementType::F32}};
}

bool sameProblem(const GemmProblem &x, const GemmProblem &y) {
  return x.str() == y.str();
}

TEST(SweepCaseTest, SameSeedSameCases) {
  auto first = generateSweepCases(42, 200, makeTargets());
  auto second = generateSweepCases(42, 200, makeTargets());
  ASSERT_EQ(first.size(), 200u);
  for (size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].index, i);
    EXPECT_TRUE(sameProblem(first[i].problem, second[i].problem)) << i;
  }
}

TEST(SweepCaseTest, EachCaseReplaysAlone) {
  auto cases = generateSweepCases(7, 200, makeTargets());
  for (uint64_t index : {0u, 1u, 57u, 199u})
    EXPECT_TRUE(sameProblem(generateSweepCase(7, index, makeTargets()).problem,
                            cases[index].problem))
        << index;
}

TEST(SweepCaseTest, DifferentSeedsDiffer) {
  auto first = generateSweepCases(1, 50, makeTargets());
  auto second = generateSweepCases(2, 50, makeTargets());
  int differing = 0;
  for (size_t i = 0; i < first.size(); ++i)
    differing += !sameProblem(first[i].problem, second[i].problem);
  EXPECT_GT(differing, 40);
}

TEST(SweepCaseTest, CasesAreValidAndWithinBudget) {
  for (uint64_t seed : {1u, 2u, 3u})
    for (const SweepCase &sweepCase :
         generateSweepCases(seed, 200, makeTargets())) {
      EXPECT_FALSE(llvm::errorToBool(verifyProblem(sweepCase.problem)))
          << sweepCase.problem.str();
      for (Operand operand : {Operand::A, Operand::B, Operand::C})
        EXPECT_LE(sweepCase.problem.getBufferElements(operand),
                  MaxOperandElements)
            << sweepCase.problem.str();
    }
}

TEST(SweepCaseTest, TwoHundredCasesCoverEveryCategory) {
  std::vector<SweepTarget> targets = makeTargets();
  int dimensionOne = 0, smallPrime = 0, largePrime = 0, powerOfTwo = 0,
      tileMultiple = 0, nonMultiple = 0, paddedLd = 0, columnMajor = 0,
      unalignedOffset = 0, batched = 0, alphaNotOne = 0, betaNonZero = 0,
      bias = 0, activation = 0, residual = 0, bf16 = 0, f16 = 0, f32 = 0;
  std::map<EpilogueActivation, int> activations;
  for (const SweepCase &sweepCase : generateSweepCases(2024, 200, targets)) {
    SweepCaseTraits traits = classifySweepCase(sweepCase.problem, targets);
    dimensionOne += traits.dimensionOne;
    smallPrime += traits.smallPrime;
    largePrime += traits.largePrime;
    powerOfTwo += traits.powerOfTwo;
    tileMultiple += traits.tileMultiple;
    nonMultiple += !traits.tileMultiple;
    paddedLd += traits.paddedLd;
    columnMajor += traits.columnMajor;
    unalignedOffset += traits.unalignedOffset;
    batched += traits.batched;
    alphaNotOne += traits.alphaNotOne;
    betaNonZero += traits.betaNonZero;
    bias += traits.bias;
    activation += traits.activation;
    residual += traits.residual;
    ++activations[sweepCase.problem.epilogue.activation];
    ElementType type = sweepCase.problem.c.type;
    bf16 += type == ElementType::BF16;
    f16 += type == ElementType::F16;
    f32 += type == ElementType::F32;
  }
  EXPECT_GE(dimensionOne, 20);
  EXPECT_GE(smallPrime, 20);
  EXPECT_GE(largePrime, 15);
  EXPECT_GE(powerOfTwo, 20);
  EXPECT_GE(tileMultiple, 60); // The aimed cases, at least.
  EXPECT_GE(nonMultiple, 60);
  EXPECT_GE(paddedLd, 40);
  EXPECT_GE(columnMajor, 40);
  EXPECT_GE(unalignedOffset, 20);
  EXPECT_GE(batched, 15);
  EXPECT_GE(alphaNotOne, 20);
  EXPECT_GE(betaNonZero, 20);
  EXPECT_GE(bias, 20);
  EXPECT_GE(activation, 20);
  // Every fused activation the DSL offers.
  for (EpilogueActivation each :
       {EpilogueActivation::Relu, EpilogueActivation::GeluErf,
        EpilogueActivation::GeluTanh, EpilogueActivation::Silu})
    EXPECT_GE(activations[each], 5) << getEpilogueActivationName(each).str();
  EXPECT_GE(residual, 10);
  EXPECT_GE(bf16, 30);
  EXPECT_GE(f16, 30);
  EXPECT_GE(f32, 30);
}

TEST(SweepCaseTest, AimedCasesAreClaimedByTheirKernel) {
  // A bf16 kernel of the first target's tile, declaring nothing optional.
  KernelCapabilities capabilities;
  capabilities.kernelName = "k";
  capabilities.requiresDivisible = {128, 256, 64};
  for (LayoutSet &set : capabilities.layouts)
    set.row = true;
  int claimed = 0;
  for (const SweepCase &sweepCase :
       generateSweepCases(5, 200, {makeTargets().front()}))
    claimed += findCapabilityGaps(capabilities, sweepCase.problem).empty();
  // About 40% are aimed at the only target; a few free ones may fit too.
  EXPECT_GE(claimed, 50);
  EXPECT_LE(claimed, 120);
}

TEST(SweepCaseTest, BatchedTargetsGetBatchesAndBroadcasts) {
  // A batched bf16 kernel (examples/gemm_bf16_wgmma_batched_sm90.mlir).
  SweepTarget batchedTarget{{1, 1, 1},       ElementType::BF16,
                            ElementType::BF16, ElementType::BF16,
                            MatrixLayouts(), /*batched=*/true};
  std::vector<SweepTarget> targets = {batchedTarget};
  KernelCapabilities capabilities;
  capabilities.kernelName = "batched";
  for (LayoutSet &set : capabilities.layouts)
    set.row = true;
  capabilities.alignmentBytes = {2, 2, 2};
  capabilities.stridedBatch = true;
  int batched = 0, broadcast = 0, claimedBatched = 0;
  for (const SweepCase &sweepCase : generateSweepCases(11, 300, targets)) {
    const GemmProblem &problem = sweepCase.problem;
    EXPECT_FALSE(llvm::errorToBool(verifyProblem(problem))) << problem.str();
    for (Operand operand : {Operand::A, Operand::B, Operand::C})
      EXPECT_LE(problem.getBufferElements(operand), MaxOperandElements)
          << problem.str();
    SweepCaseTraits traits = classifySweepCase(problem, targets);
    batched += traits.batched;
    broadcast += traits.broadcastBatch;
    claimedBatched +=
        traits.batched && findCapabilityGaps(capabilities, problem).empty();
    // C's entries never overlap; A's and B's are apart or one matrix.
    if (traits.batched) {
      EXPECT_GE(problem.c.batchStride, problem.getMatrixSpan(Operand::C));
      for (Operand operand : {Operand::A, Operand::B}) {
        int64_t stride = problem.getView(operand).batchStride;
        EXPECT_TRUE(stride == 0 || stride >= problem.getMatrixSpan(operand))
            << problem.str();
      }
    }
  }
  // About 40% aimed, 75% of those batched; 40% of the free ones batched.
  EXPECT_GE(batched, 90);
  EXPECT_GE(broadcast, 20);
  EXPECT_GE(claimedBatched, 60);
}

TEST(SweepCaseTest, CaseCountIsBounded) {
  // --cases 4000000000 ran out of memory drawing the cases (the sweep
  // holds them all) before a clear error could say why.
  EXPECT_FALSE(bool(checkSweepCaseCount(1)));
  EXPECT_FALSE(bool(checkSweepCaseCount(MaxSweepCases)));
  for (uint64_t count :
       {uint64_t(0), MaxSweepCases + 1, uint64_t(4000000000)}) {
    llvm::Error err = checkSweepCaseCount(count);
    ASSERT_TRUE(bool(err));
    EXPECT_EQ(llvm::toString(std::move(err)),
              "--cases " + std::to_string(count) +
                  " is out of range: draw 1 to 1000000 cases");
  }
}

} // namespace
