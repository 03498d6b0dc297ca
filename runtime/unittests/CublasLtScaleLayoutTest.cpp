//===- CublasLtScaleLayoutTest.cpp - FP8 scales in cuBLASLt's layouts -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasLtScaleLayout.h"
#include "runtime/HostScales.h"

#include "gtest/gtest.h"

#include <numeric>
#include <vector>

using namespace gemm_opt::runtime;

namespace {

/// 0, 1, 2, ...: every scale tells where it came from.
std::vector<float> numbered(int64_t count) {
  std::vector<float> values(static_cast<size_t>(count));
  std::iota(values.begin(), values.end(), 0.0f);
  return values;
}

TEST(CublasLtScaleLayoutTest, TensorAndVectorScalesKeepTheirLayout) {
  CublasLtScales tensor =
      convertToCublasLtScales(ScaleMode::Tensor, {0.5f}, 300, 200, 520);
  EXPECT_EQ(tensor.mode, CUBLASLT_MATMUL_MATRIX_SCALE_SCALAR_32F);
  EXPECT_EQ(tensor.values, (std::vector<float>{0.5f}));
  // Row scales: cuBLASLt's B is our A, whose outer vector has our M
  // entries; column scales: cuBLASLt's A is our B, N entries.
  CublasLtScales row =
      convertToCublasLtScales(ScaleMode::Row, numbered(300), 300, 200, 520);
  EXPECT_EQ(row.mode, CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F);
  EXPECT_EQ(row.values, numbered(300));
  CublasLtScales column =
      convertToCublasLtScales(ScaleMode::Column, numbered(200), 300, 200, 520);
  EXPECT_EQ(column.mode, CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F);
  EXPECT_EQ(column.values, numbered(200));
}

TEST(CublasLtScaleLayoutTest, OneByOneTwentyEightBlocksAreOuterContiguous) {
  // M = 300, K = 520: Kb = 5. cuBLASLt's VEC128_32F for its B (our A, K
  // innermost, M outer) puts scale (m, kb) at m + kb·M, as our layout does.
  ScalingSpec scaling{ScaleMode::Block1x128, ScaleMode::Tensor, false};
  HostScales scales(scaling, 300, 200, 520);
  scales.getBufferA() = numbered(1500);
  CublasLtScales converted = convertToCublasLtScales(
      ScaleMode::Block1x128, scales.getBufferA(), 300, 200, 520);
  EXPECT_EQ(converted.mode, CUBLASLT_MATMUL_MATRIX_SCALE_VEC128_32F);
  ASSERT_EQ(converted.values.size(), 1500u);
  for (int64_t m : {0, 1, 299})
    for (int64_t kb : {0, 3, 4})
      EXPECT_EQ(converted.values[static_cast<size_t>(m + kb * 300)],
                scales.getA(m, kb));
}

TEST(CublasLtScaleLayoutTest, BlockScalesGetALeadingDimensionOfFour) {
  // N = 300, K = 520: Kb = 5 blocks of K, rounded up to 8; Nb = 3.
  // cuBLASLt's BLK128x128_32F for its A (our B, K innermost, N outer) puts
  // scale (kb, nb) at kb + nb·8.
  ScalingSpec scaling{ScaleMode::Tensor, ScaleMode::Block128x128, false};
  HostScales scales(scaling, 64, 300, 520);
  scales.getBufferB() = numbered(15);
  CublasLtScales converted = convertToCublasLtScales(
      ScaleMode::Block128x128, scales.getBufferB(), 64, 300, 520);
  EXPECT_EQ(converted.mode, CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F);
  std::vector<float> expected = {
      0,  1,  2,  3,  4,  0, 0, 0, // columns 0 .. 127: our 0 .. 4
      5,  6,  7,  8,  9,  0, 0, 0, // columns 128 .. 255
      10, 11, 12, 13, 14, 0, 0, 0, // columns 256 .. 299
  };
  EXPECT_EQ(converted.values, expected);
  for (int64_t col : {0, 130, 299})
    for (int64_t kb : {0, 4})
      EXPECT_EQ(converted.values[static_cast<size_t>(kb + col / 128 * 8)],
                scales.getB(kb, col));
  // K = 512: Kb = 4 already is a multiple of 4, and nothing moves.
  HostScales aligned(scaling, 64, 300, 512);
  aligned.getBufferB() = numbered(12);
  EXPECT_EQ(convertToCublasLtScales(ScaleMode::Block128x128,
                                    aligned.getBufferB(), 64, 300, 512)
                .values,
            numbered(12));
}

TEST(CublasLtScaleLayoutTest, ModeNames) {
  EXPECT_STREQ(
      getCublasLtScaleModeName(CUBLASLT_MATMUL_MATRIX_SCALE_BLK128x128_32F),
      "BLK128x128_32F");
  EXPECT_STREQ(
      getCublasLtScaleModeName(CUBLASLT_MATMUL_MATRIX_SCALE_OUTER_VEC_32F),
      "OUTER_VEC_32F");
}

} // namespace
