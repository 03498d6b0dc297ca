//===- ProblemReferenceTest.cpp - Views, inputs and the fp64 reference ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemReference.h"
#include "runtime/ProblemUpload.h"
#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace gemm_opt::runtime;

namespace {

/// A 3x2x4 f32 problem with a column-major A, padded ld, 2 batch entries and
/// offsets.
GemmProblem makeViewProblem() {
  GemmProblem problem;
  problem.m = 3;
  problem.n = 2;
  problem.k = 4;
  problem.batchCount = 2;
  problem.a = {ElementType::F32, MatrixLayout::Col, 5, 5 * 4 + 1, 3};
  problem.b = {ElementType::F32, MatrixLayout::Row, 2, 8, 0};
  problem.c = {ElementType::F32, MatrixLayout::Row, 4, 12, 1};
  return problem;
}

/// sum_k A(b, i, k) · B(b, k, j) at output entry `e`, in double.
double sumProducts(const ProblemInputs &inputs, const OutputEntry &e) {
  double sum = 0;
  for (int64_t k = 0; k < inputs.getProblem().k; ++k)
    sum += inputs.get(Operand::A, e.batch, e.row, k) *
           inputs.get(Operand::B, e.batch, k, e.col);
  return sum;
}

TEST(GemmProblemTest, IndexingFollowsLayoutStrideAndOffset) {
  GemmProblem problem = makeViewProblem();
  EXPECT_FALSE(llvm::errorToBool(verifyProblem(problem)));
  // Column-major A: (row, col) at offset + batch * stride + col * ld + row.
  EXPECT_EQ(problem.getElementIndex(Operand::A, 1, 2, 3), 3 + 21 + 15 + 2);
  EXPECT_EQ(problem.getElementIndex(Operand::C, 0, 1, 1), 1 + 4 + 1);
  EXPECT_EQ(problem.getBufferElements(Operand::A), 3 + 21 + 20);
  EXPECT_EQ(problem.getMinorExtent(Operand::A), 3);
  EXPECT_EQ(problem.getShape().layouts.a, MatrixLayout::Col);
  EXPECT_EQ(problem.getShape().lda, 5);
}

TEST(GemmProblemTest, VerifyRejectsOverlapAndShortLd) {
  GemmProblem problem = makeViewProblem();
  problem.b.batchStride = 7; // the 4x2 matrix spans 8
  EXPECT_TRUE(llvm::errorToBool(verifyProblem(problem)));
  problem = makeViewProblem();
  problem.a.ld = 2; // column-major A needs ld >= M = 3
  EXPECT_TRUE(llvm::errorToBool(verifyProblem(problem)));
}

TEST(ProblemInputsTest, PaddingIsNanAndOutputIsPoisoned) {
  GemmProblem problem = makeViewProblem();
  ProblemInputs inputs(problem, 9);
  // Element 0 of A's buffer lies before its offset: NaN.
  EXPECT_TRUE(std::isnan(
      loadElement(ElementType::F32, inputs.getBuffer(Operand::A).data(), 0)));
  EXPECT_GE(std::fabs(inputs.get(Operand::A, 1, 2, 3)), 1.0 / 16);
  for (uint8_t byte : inputs.getBuffer(Operand::C))
    EXPECT_EQ(byte, OutputPoisonByte);
}

TEST(ProblemReferenceTest, MatchesAHandComputedEpilogue) {
  GemmProblem problem = makeViewProblem();
  problem.epilogue = {2.0, -0.5, BiasKind::Col, EpilogueActivation::Relu};
  ProblemInputs inputs(problem, 3);
  std::vector<OutputEntry> entries = chooseOutputEntries(problem, 100, 0, 0);
  ASSERT_EQ(entries.size(), 12u); // all 2 x 3 x 2 entries
  std::vector<double> reference = computeProblemReference(inputs, entries);
  for (size_t i = 0; i < entries.size(); ++i) {
    const OutputEntry &e = entries[i];
    double sum = sumProducts(inputs, e);
    double expected =
        std::max(0.0, 2.0 * sum - 0.5 * inputs.get(Operand::C, e.batch, e.row,
                                                    e.col) +
                          inputs.getBias(e.row, 0));
    EXPECT_DOUBLE_EQ(reference[i], expected) << i;
  }
  // The tolerance factor sees the products (times alpha), the epilogue
  // before its ReLU, and the reference.
  std::vector<CheckedOutputTerms> terms;
  for (auto [e, expected] : llvm::zip_equal(entries, reference)) {
    CheckedOutputTerms &output = terms.emplace_back();
    double sum = 0;
    for (int64_t k = 0; k < problem.k; ++k) {
      double product = 2.0 * inputs.get(Operand::A, e.batch, e.row, k) *
                       inputs.get(Operand::B, e.batch, k, e.col);
      output.productSquares += product * product;
      sum += product;
    }
    output.preActivation = sum -
                           0.5 * inputs.get(Operand::C, e.batch, e.row, e.col) +
                           inputs.getBias(e.row, 0);
    output.expected = expected;
  }
  EXPECT_DOUBLE_EQ(computeProblemToleranceFactor(inputs, entries, 5e-3),
                   getToleranceFactor(terms, EpilogueActivation::Relu, 5e-3));
}

TEST(ProblemReferenceTest, ResidualIsLaidOutLikeCPerBatchEntry) {
  GemmProblem problem = makeViewProblem();
  problem.epilogue.activation = EpilogueActivation::Silu;
  problem.epilogue.residual = true;
  ProblemInputs inputs(problem, 5);
  // C's view (ld 4, row-major, batch stride 12) at offset 0: two entries;
  // the padding columns are NaN.
  EXPECT_EQ(problem.getResidualElements(), 12 + 12);
  EXPECT_EQ(problem.getResidualIndex(0, 2, 1), 2 * 4 + 1);
  EXPECT_EQ(problem.getResidualIndex(1, 2, 1), 12 + 2 * 4 + 1);
  ASSERT_EQ(inputs.getResidual().size(), 24u * 4);
  for (size_t padding : {2, 12 + 2})
    EXPECT_TRUE(std::isnan(
        loadElement(ElementType::F32, inputs.getResidual().data(), padding)))
        << padding;
  EXPECT_GE(std::fabs(inputs.getResidual(0, 2, 1)), 1.0 / 16);
  // Each batch entry has its own residual.
  EXPECT_NE(inputs.getResidual(0, 2, 1), inputs.getResidual(1, 2, 1));
  std::vector<OutputEntry> entries = chooseOutputEntries(problem, 100, 0, 0);
  std::vector<double> reference = computeProblemReference(inputs, entries);
  for (size_t i = 0; i < entries.size(); ++i) {
    const OutputEntry &e = entries[i];
    double sum = sumProducts(inputs, e);
    EXPECT_DOUBLE_EQ(reference[i],
                     applyActivation(EpilogueActivation::Silu, sum) +
                         inputs.getResidual(e.batch, e.row, e.col))
        << i;
  }
  EXPECT_NE(problem.str().find(" act=silu residual"), std::string::npos)
      << problem.str();
}

TEST(GemmProblemTest, ResidualOffsetMovesOnlyTheResidual) {
  GemmProblem problem = makeViewProblem();
  problem.epilogue.residual = true;
  problem.residualOffset = 3;
  EXPECT_FALSE(llvm::errorToBool(verifyProblem(problem)));
  // C's view (ld 4, row-major, batch stride 12) at the residual's offset 3,
  // not C's offset 1; the buffer holds the 3 elements before it.
  EXPECT_EQ(problem.getResidualIndex(0, 0, 0), 3);
  EXPECT_EQ(problem.getResidualIndex(1, 2, 1), 3 + 12 + 2 * 4 + 1);
  EXPECT_EQ(problem.getResidualElements(), 3 + 12 + 12);
  EXPECT_EQ(problem.getElementIndex(Operand::C, 1, 2, 1), 1 + 12 + 2 * 4 + 1);
  EXPECT_EQ(problem.getBufferElements(Operand::C), 1 + 12 + 12);
  EXPECT_NE(problem.str().find(" residual/offset3"), std::string::npos)
      << problem.str();
  // Without a residual there is no buffer, whatever the offset.
  problem.epilogue.residual = false;
  EXPECT_EQ(problem.getResidualElements(), 0);

  problem.epilogue.residual = true;
  problem.residualOffset = -1;
  llvm::Error err = verifyProblem(problem);
  ASSERT_TRUE(bool(err));
  EXPECT_EQ(llvm::toString(std::move(err)),
            "invalid problem: offset of the residual must not be negative");
  problem.residualOffset = int64_t(1) << 41;
  EXPECT_TRUE(llvm::errorToBool(verifyProblem(problem)));

  // The device address of the view: offset times C's element size past
  // the buffer's, as for A, B and C.
  EXPECT_EQ(getViewAddress(0x10000, 3, ElementType::BF16), 0x10006u);
  EXPECT_EQ(getViewAddress(0x10000, 3, ElementType::F32), 0x1000cu);
}

TEST(ProblemReferenceTest, OffsetResidualGivesTheSameOutput) {
  GemmProblem problem = makeViewProblem();
  problem.epilogue.activation = EpilogueActivation::GeluTanh;
  problem.epilogue.residual = true;
  ProblemInputs aligned(problem, 11);
  problem.residualOffset = 3;
  ProblemInputs offset(problem, 11);
  ASSERT_EQ(offset.getResidual().size(),
            aligned.getResidual().size() + 3 * sizeof(float));
  // NaN before the view, then the same bytes as at offset 0.
  for (size_t i = 0; i < 3; ++i)
    EXPECT_TRUE(std::isnan(
        loadElement(ElementType::F32, offset.getResidual().data(), i)))
        << i;
  EXPECT_EQ(std::memcmp(offset.getResidual().data() + 3 * sizeof(float),
                        aligned.getResidual().data(),
                        aligned.getResidual().size()),
            0);
  // So every reader of the residual sees the same values, and the fp64
  // reference (the cuBLAS check's epilogue tail too) gives the same D.
  std::vector<OutputEntry> entries = chooseOutputEntries(problem, 100, 0, 0);
  ASSERT_EQ(entries.size(), 12u);
  for (const OutputEntry &e : entries) {
    EXPECT_EQ(offset.getResidual(e.batch, e.row, e.col),
              aligned.getResidual(e.batch, e.row, e.col));
    EXPECT_FALSE(std::isnan(offset.getResidual(e.batch, e.row, e.col)));
    EXPECT_EQ(applyEpilogueTail(offset, 0.25, e),
              applyEpilogueTail(aligned, 0.25, e));
  }
  std::vector<double> reference = computeProblemReference(offset, entries);
  EXPECT_EQ(reference, computeProblemReference(aligned, entries));
  for (size_t i = 0; i < entries.size(); ++i) {
    const OutputEntry &e = entries[i];
    EXPECT_DOUBLE_EQ(
        reference[i],
        applyActivation(EpilogueActivation::GeluTanh, sumProducts(offset, e)) +
            offset.getResidual(e.batch, e.row, e.col))
        << i;
  }
}

TEST(ProblemReferenceTest, BigOutputsAreSampledPerBatch) {
  GemmProblem problem =
      GemmProblem::get(GemmShape::get(1000, 1000, 8), ElementType::BF16,
                       ElementType::BF16, ElementType::BF16);
  problem.batchCount = 2;
  std::vector<OutputEntry> entries =
      chooseOutputEntries(problem, 1 << 16, 100, 1);
  EXPECT_LE(entries.size(), 2u * (100 + 2000));
  EXPECT_GT(entries.size(), 2u * 1990);
  EXPECT_EQ(entries.back().batch, 1);
}

TEST(ProblemToleranceTest, ByOutputTypeAndNanNeverPasses) {
  EXPECT_EQ(getTolerance(ElementType::BF16, ElementType::BF16),
            tolerance::Bf16Output);
  EXPECT_EQ(getTolerance(ElementType::F16, ElementType::F16),
            tolerance::F16Output);
  EXPECT_EQ(getTolerance(ElementType::F32, ElementType::F32, true),
            tolerance::F32ExactMath);
  // A bf16 rounding of each output (~2^-9 relative) passes, 5% does not.
  std::vector<double> expected = {1.0, -2.0, 3.0};
  EXPECT_TRUE(computeErrorMetric({1.002, -2.004, 3.0}, expected,
                                 tolerance::Bf16Output)
                  .passed);
  EXPECT_FALSE(computeErrorMetric({1.05, -2.1, 3.15}, expected,
                                  tolerance::Bf16Output)
                   .passed);
  EXPECT_FALSE(computeErrorMetric({1.0, NAN, 3.0}, expected, 1e9).passed);
  EXPECT_NE(describeTolerances().find("bf16 output 0.02"), std::string::npos);
}

} // namespace
