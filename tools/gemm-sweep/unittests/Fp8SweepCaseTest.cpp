//===- Fp8SweepCaseTest.cpp - FP8 case generation of gemm-sweep -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/Fp8SweepCase.h"

#include "gtest/gtest.h"

#include <set>

using namespace gemm_opt::runtime;
using namespace gemm_opt::sweep;

namespace {

/// A row-major, B column-major: the layout wgmma reads 8-bit operands in.
MatrixLayouts fp8Layouts() {
  MatrixLayouts layouts;
  layouts.b = MatrixLayout::Col;
  return layouts;
}

/// Sweep bundles holding a bf16 kernel and two FP8 kernels, the second with
/// divisibility requirements.
class Fp8SweepCaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    bf16.name = "bf16";
    perTensor.name = "fp8_tensor";
    perTensor.scaling.emplace();
    perTensor.layouts = blocks.layouts = fp8Layouts();
    blocks.name = "fp8_blocks";
    blocks.scaling.emplace();
    blocks.requiresDivisible = {64, 128, 128};
    for (KernelSpec *spec : {&bf16, &perTensor, &blocks})
      bundles.kernels.push_back({"b/kernel.json", spec, std::nullopt});
    bundles.targetKernels = bundles.kernels.size();
  }

  KernelSpec bf16, perTensor, blocks;
  SweepBundles bundles;
};

TEST_F(Fp8SweepCaseTest, OnlyFp8KernelsGetFp8Cases) {
  EXPECT_EQ(bundles.getFp8Kernels(), (std::vector<size_t>{1, 2}));
  // Cover bundles are chosen from, never aimed at.
  bundles.targetKernels = 2;
  EXPECT_EQ(bundles.getFp8Kernels(), (std::vector<size_t>{1}));
}

TEST_F(Fp8SweepCaseTest, CasesTakeTurnsFitAndReplay) {
  std::vector<size_t> kernels = bundles.getFp8Kernels();
  std::set<std::string> shapes;
  std::set<Fp8InputDistribution> inputs;
  int padded = 0;
  for (uint64_t index = 0; index < 200; ++index) {
    Fp8SweepCase sweepCase =
        generateFp8SweepCase(7, index, bundles, kernels);
    EXPECT_EQ(sweepCase.kernel, kernels[index % 2]);
    const GemmShape &shape = sweepCase.shape;
    EXPECT_GE(shape.m, 1);
    // Each operand's buffer: its rows or columns times its pitch.
    EXPECT_LE(shape.m * shape.lda, MaxOperandElements) << shape.str();
    EXPECT_LE(shape.n * shape.ldb, MaxOperandElements) << shape.str();
    EXPECT_LE(shape.m * shape.ldc, MaxOperandElements) << shape.str();
    // The kernel's layouts: A row-major, B column-major.
    EXPECT_EQ(shape.layouts.str(), "a=row b=col c=row") << shape.str();
    padded += shape.lda > shape.k || shape.ldb > shape.k || shape.ldc > shape.n;
    if (sweepCase.kernel == 2) {
      EXPECT_EQ(shape.m % 64, 0) << shape.str();
      EXPECT_EQ(shape.n % 128, 0) << shape.str();
      EXPECT_EQ(shape.k % 128, 0) << shape.str();
    }
    // The same seed and index give the same case.
    Fp8SweepCase again = generateFp8SweepCase(7, index, bundles, kernels);
    EXPECT_EQ(again.shape.str(), shape.str());
    EXPECT_EQ(again.inputs, sweepCase.inputs);
    shapes.insert(shape.str());
    inputs.insert(sweepCase.inputs);
  }
  EXPECT_GT(shapes.size(), 150u);
  EXPECT_EQ(inputs.size(), 2u);
  EXPECT_GT(padded, 40);
}

TEST_F(Fp8SweepCaseTest, BatchedKernelsGetBatchesAndBroadcasts) {
  KernelSpec batched;
  batched.name = "fp8_batched";
  batched.scaling.emplace();
  batched.layouts = fp8Layouts();
  batched.stridedBatch = true;
  SweepBundles only;
  only.kernels.push_back({"b/kernel.json", &batched, std::nullopt});
  only.targetKernels = 1;
  int broadcastA = 0, broadcastB = 0, paddedC = 0;
  for (uint64_t index = 0; index < 200; ++index) {
    const GemmShape shape =
        generateFp8SweepCase(3, index, only, {0}).shape;
    EXPECT_GE(shape.batch, 1) << shape.str();
    EXPECT_LE(shape.batch, 7) << shape.str();
    for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
      int64_t span = getOperandLayout(shape, operand).getMatrixSpan();
      int64_t stride = shape.getBatchStride(operand);
      // Entries never overlap; only A or B is broadcast, never both.
      EXPECT_TRUE(stride == 0 ? operand != Operand::C : stride >= span)
          << shape.str();
      EXPECT_LE(getOperandBufferElements(shape, operand), MaxOperandElements)
          << shape.str();
    }
    EXPECT_FALSE(shape.batch > 1 && shape.batchStrideA == 0 &&
                 shape.batchStrideB == 0)
        << shape.str();
    broadcastA += shape.batch > 1 && shape.batchStrideA == 0;
    broadcastB += shape.batch > 1 && shape.batchStrideB == 0;
    paddedC += shape.batchStrideC >
               getOperandLayout(shape, Operand::C).getMatrixSpan();
  }
  EXPECT_GT(broadcastA, 10);
  EXPECT_GT(broadcastB, 10);
  EXPECT_GT(paddedC, 20);
}

} // namespace
