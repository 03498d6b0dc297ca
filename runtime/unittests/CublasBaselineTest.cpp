//===- CublasBaselineTest.cpp - What cuBLAS computes beside a kernel ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasBaseline.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;

namespace {

TEST(CublasBaselineTest, PlainProductWithoutReads) {
  FusedEpilogueSpec epilogue;
  epilogue.bias = EpilogueBias::Column;
  epilogue.activation = EpilogueActivation::GeluTanh;
  CublasBaseline baseline = getCublasBaseline(epilogue, 1.5f, 1.0f);
  // alpha and beta are not the kernel's without alpha_beta.
  EXPECT_TRUE(baseline.isPlainProduct());
  EXPECT_EQ(baseline.describe(), "A·B");
}

TEST(CublasBaselineTest, AlphaBetaReadsTheKernelsC) {
  FusedEpilogueSpec epilogue;
  epilogue.alphaBeta = true;
  CublasBaseline baseline = getCublasBaseline(epilogue, 1.5f, 1.0f);
  EXPECT_EQ(baseline.alpha, 1.5f);
  EXPECT_EQ(baseline.beta, 1.0f);
  EXPECT_EQ(baseline.initialC, CublasBaseline::InitialC::KernelC);
  EXPECT_EQ(baseline.describe(), "1.5·A·B + C (C: the kernel's initial C)");

  CublasBaseline scaled = getCublasBaseline(epilogue, 2.0f, -0.5f);
  EXPECT_EQ(scaled.describe(), "2·A·B + -0.5·C (C: the kernel's initial C)");
}

TEST(CublasBaselineTest, BetaZeroDoesNotReadC) {
  FusedEpilogueSpec epilogue;
  epilogue.alphaBeta = true;
  CublasBaseline baseline = getCublasBaseline(epilogue, 1.5f, 0.0f);
  EXPECT_EQ(baseline.beta, 0.0f);
  EXPECT_EQ(baseline.initialC, CublasBaseline::InitialC::None);
  EXPECT_EQ(baseline.describe(), "1.5·A·B");
}

TEST(CublasBaselineTest, ResidualIsBetaOneOverTheResidual) {
  FusedEpilogueSpec epilogue;
  epilogue.residual = true;
  epilogue.activation = EpilogueActivation::Silu;
  CublasBaseline baseline = getCublasBaseline(epilogue, 1.5f, 0.0f);
  EXPECT_EQ(baseline.alpha, 1.0f);
  EXPECT_EQ(baseline.beta, 1.0f);
  EXPECT_EQ(baseline.initialC, CublasBaseline::InitialC::Residual);
  EXPECT_FALSE(baseline.isPlainProduct());
  EXPECT_EQ(baseline.describe(), "A·B + C (C holding the residual)");
}

TEST(CublasBaselineTest, AlphaBetaWinsOverResidual) {
  // cuBLAS reads one M×N matrix: the kernel's C.
  FusedEpilogueSpec epilogue;
  epilogue.alphaBeta = true;
  epilogue.residual = true;
  CublasBaseline baseline = getCublasBaseline(epilogue, 1.5f, 1.0f);
  EXPECT_EQ(baseline.initialC, CublasBaseline::InitialC::KernelC);
  EXPECT_EQ(baseline.beta, 1.0f);
}

} // namespace
