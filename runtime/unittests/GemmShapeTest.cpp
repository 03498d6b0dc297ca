//===- GemmShapeTest.cpp - Shape checks and grid computation --------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/GemmShape.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

ErrorSummary supportError(const KernelSpec &spec, const GemmShape &shape) {
  return summarizeError(checkShapeSupported(spec, shape));
}

TEST(GemmShapeTest, DefaultsAndExtents) {
  GemmShape shape = GemmShape::get(128, 256, 64);
  EXPECT_EQ(shape.lda, 64);
  EXPECT_EQ(shape.ldb, 256);
  EXPECT_EQ(shape.ldc, 256);
  EXPECT_EQ(shape.getExtent(ProblemDim::M), 128);
  EXPECT_EQ(shape.getExtent(ProblemDim::N), 256);
  EXPECT_EQ(shape.getExtent(ProblemDim::K), 64);
  EXPECT_DOUBLE_EQ(shape.getFlops(), 2.0 * 128 * 256 * 64);
  EXPECT_EQ(shape.str(), "128x256x64");
  GemmShape padded = GemmShape::get(128, 256, 64, 72, 264, 300);
  EXPECT_EQ(padded.lda, 72);
  EXPECT_EQ(padded.ldc, 300);
  OperandLayout b = getOperandLayout(padded, Operand::B);
  EXPECT_EQ(b.rows, 64);
  EXPECT_EQ(b.cols, 256);
  EXPECT_EQ(b.ld, 264);
  EXPECT_EQ(b.getBufferBytes(2), 64u * 264u * 2u);
}

TEST(GemmShapeTest, VerifyShape) {
  EXPECT_FALSE(static_cast<bool>(verifyShape(GemmShape::get(1, 1, 1))));
  ErrorSummary zero = summarizeError(verifyShape(GemmShape::get(0, 8, 8)));
  EXPECT_EQ(zero.exitCode, ExitBadInput);
  EXPECT_NE(zero.message.find("M=0"), std::string::npos) << zero.message;
  ErrorSummary lda =
      summarizeError(verifyShape(GemmShape::get(8, 8, 16, /*lda=*/8)));
  EXPECT_NE(lda.message.find("lda=8 must be at least K=16"), std::string::npos)
      << lda.message;
  ErrorSummary ldc = summarizeError(
      verifyShape(GemmShape::get(8, 32, 16, 16, 32, /*ldc=*/16)));
  EXPECT_NE(ldc.message.find("ldc=16 must be at least N=32"), std::string::npos)
      << ldc.message;
}

TEST(GemmShapeTest, RefusesRaggedShapes) {
  KernelSpec spec = parseSingleKernel(makeValidKernel());
  EXPECT_EQ(supportError(spec, GemmShape::get(4096, 4096, 4096)).exitCode,
            ExitPass);
  EXPECT_EQ(supportError(spec, GemmShape::get(128, 256, 32)).exitCode,
            ExitPass);

  ErrorSummary m = supportError(spec, GemmShape::get(1000, 4096, 4096));
  EXPECT_EQ(m.exitCode, ExitBadInput);
  EXPECT_NE(m.message.find("ragged shapes are not supported yet: M=1000 is "
                           "not a multiple of the block tile 128"),
            std::string::npos)
      << m.message;
  EXPECT_NE(m.message.find("an mma.sync schedule with ragged = true in its "
                           "#tile.pipeline takes any shape"),
            std::string::npos)
      << m.message;
  ErrorSummary n = supportError(spec, GemmShape::get(128, 384, 32));
  EXPECT_NE(n.message.find("N=384 is not a multiple of the block tile 256"),
            std::string::npos)
      << n.message;
  ErrorSummary k = supportError(spec, GemmShape::get(128, 256, 48));
  EXPECT_NE(k.message.find("K=48 is not a multiple of the block tile 32"),
            std::string::npos)
      << k.message;
}

TEST(GemmShapeTest, ChecksRowPitchAlignment) {
  KernelSpec spec = parseSingleKernel(makeValidKernel());
  // bf16: lda 4100 elements = 8200 bytes, not a multiple of 16.
  ErrorSummary error =
      supportError(spec, GemmShape::get(128, 256, 4096, /*lda=*/4100));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("lda=4100 gives a row pitch of 8200 bytes"),
            std::string::npos)
      << error.message;
  EXPECT_EQ(
      supportError(spec, GemmShape::get(128, 256, 4096, /*lda=*/4104)).exitCode,
      ExitPass);
}

} // namespace
