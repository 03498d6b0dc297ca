//===- TransposedProblemTest.cpp - C^T = B^T * A^T on the same memory -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/HostMatrix.h"
#include "runtime/TransposedProblem.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

MatrixLayouts layouts(MatrixLayout a, MatrixLayout b, MatrixLayout c) {
  MatrixLayouts result;
  result.a = a;
  result.b = b;
  result.c = c;
  return result;
}

/// The logical matrix of `operand` as stored: its element (row, col) is at
/// indexOf(row, col) of the operand's buffer.
HostMatrix storedMatrix(const GemmShape &shape, Operand operand) {
  auto [rows, cols] = getLogicalExtents(shape, operand);
  return HostMatrix(ElementType::F32, rows, cols,
                    getOperandLayout(shape, operand).ld,
                    shape.layouts.get(operand));
}

TEST(TransposedProblemTest, LayoutsExchangeAAndBAndFlip) {
  EXPECT_EQ(getTransposedLayouts(layouts(Row, Row, Row)),
            layouts(Col, Col, Col));
  EXPECT_EQ(getTransposedLayouts(layouts(Col, Row, Col)),
            layouts(Col, Row, Row));
  EXPECT_EQ(getTransposedLayouts(layouts(Row, Col, Row)),
            layouts(Row, Col, Col));
  // Transposing twice is the identity.
  for (MatrixLayout a : {Row, Col})
    for (MatrixLayout b : {Row, Col})
      for (MatrixLayout c : {Row, Col})
        EXPECT_EQ(getTransposedLayouts(getTransposedLayouts(layouts(a, b, c))),
                  layouts(a, b, c));
}

TEST(TransposedProblemTest, ReadsAndWritesTheSameMemory) {
  // Padded leading dimensions and batch strides, so that a swap in the wrong
  // place shows.
  GemmShape shape = GemmShape::get(16, 40, 24, /*lda=*/32, /*ldb=*/48,
                                   /*ldc=*/56)
                        .withBatch(3, 1000, 2000, 3000);
  GemmShape transposed = getTransposedProblem(shape);
  EXPECT_EQ(transposed.m, 40);
  EXPECT_EQ(transposed.n, 16);
  EXPECT_EQ(transposed.k, 24);
  EXPECT_EQ(transposed.lda, 48);
  EXPECT_EQ(transposed.ldb, 32);
  EXPECT_EQ(transposed.ldc, 56);
  EXPECT_EQ(transposed.batch, 3);
  EXPECT_EQ(transposed.batchStrideA, 2000);
  EXPECT_EQ(transposed.batchStrideB, 1000);
  EXPECT_EQ(transposed.batchStrideC, 3000);
  EXPECT_EQ(transposed.layouts, layouts(Col, Col, Col));
  EXPECT_FALSE(bool(verifyShape(transposed)));

  // A[i][k] is B'[k][i], B[k][j] is A'[j][k], C[i][j] is C'[j][i]: at the
  // same index of the same buffer.
  HostMatrix a = storedMatrix(shape, Operand::A),
             b = storedMatrix(shape, Operand::B),
             c = storedMatrix(shape, Operand::C);
  HostMatrix aT = storedMatrix(transposed, Operand::B),
             bT = storedMatrix(transposed, Operand::A),
             cT = storedMatrix(transposed, Operand::C);
  for (int64_t i = 0; i < shape.m; ++i)
    for (int64_t k = 0; k < shape.k; ++k)
      ASSERT_EQ(a.indexOf(i, k), aT.indexOf(k, i));
  for (int64_t k = 0; k < shape.k; ++k)
    for (int64_t j = 0; j < shape.n; ++j)
      ASSERT_EQ(b.indexOf(k, j), bT.indexOf(j, k));
  for (int64_t i = 0; i < shape.m; ++i)
    for (int64_t j = 0; j < shape.n; ++j)
      ASSERT_EQ(c.indexOf(i, j), cT.indexOf(j, i));
  EXPECT_EQ(getOperandBufferElements(shape, Operand::A),
            getOperandBufferElements(transposed, Operand::B));
  EXPECT_EQ(getOperandBufferElements(shape, Operand::B),
            getOperandBufferElements(transposed, Operand::A));
  EXPECT_EQ(getOperandBufferElements(shape, Operand::C),
            getOperandBufferElements(transposed, Operand::C));
}

TEST(TransposedProblemTest, PackedLeadingDimensionsStayPacked) {
  GemmShape shape = GemmShape::get(16, 4096, 512);
  GemmShape transposed = getTransposedProblem(shape);
  GemmShape packed = GemmShape::get(4096, 16, 512, 0, 0, 0,
                                    layouts(Col, Col, Col));
  EXPECT_EQ(transposed.lda, packed.lda);
  EXPECT_EQ(transposed.ldb, packed.ldb);
  EXPECT_EQ(transposed.ldc, packed.ldc);
}

TEST(TransposedProblemTest, WhichKernelsRunTheTransposedProblem) {
  KernelSpec columnMajor;
  columnMajor.layouts = layouts(Col, Col, Col);
  EXPECT_TRUE(runsTransposed(columnMajor, layouts(Row, Row, Row)));
  // Its own layouts run as they are; others are refused elsewhere.
  EXPECT_FALSE(runsTransposed(columnMajor, layouts(Col, Col, Col)));
  EXPECT_FALSE(runsTransposed(columnMajor, layouts(Row, Row, Col)));

  KernelSpec mixed;
  mixed.layouts = layouts(Col, Row, Col);
  EXPECT_TRUE(runsTransposed(mixed, layouts(Col, Row, Row)));

  // alpha/beta, activations and a residual are symmetric; a bias would move
  // from C's rows to its columns.
  KernelSpec fused = columnMajor;
  fused.epilogue.alphaBeta = true;
  fused.epilogue.activation = EpilogueActivation::Relu;
  fused.epilogue.residual = true;
  EXPECT_TRUE(runsTransposed(fused, layouts(Row, Row, Row)));
  KernelSpec biased = columnMajor;
  biased.epilogue.bias = EpilogueBias::Row;
  EXPECT_FALSE(runsTransposed(biased, layouts(Row, Row, Row)));
  // ...unless the compiler exchanged A and B itself and moved the bias to
  // the other side ("source_layouts").
  biased.sourceLayouts = layouts(Row, Row, Row);
  EXPECT_TRUE(runsTransposed(biased, layouts(Row, Row, Row)));
}

} // namespace
