//===- LayoutsTest.cpp - column-major operands in the runtime (no GPU) ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bundle's "layouts", the shapes, memref descriptors, tensor maps and
// host matrices of row- and column-major operands, and the refusal of a
// problem whose layouts differ from the kernel's.
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/DeviceBuffer.h"
#include "runtime/GemmProblem.h"
#include "runtime/GemmShape.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelParams.h"
#include "runtime/OperandStaging.h"
#include "runtime/RuntimeError.h"
#include "runtime/TensorMapEncoding.h"
#include "runtime/Validation.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

/// A wgmma-style kernel as gemm-translate writes it for layouts
/// (a, b, c): tensor maps of A and B (boxes of the stored matrix, [inner,
/// outer]), a memref for C, any shape.
json::Object makeLayoutKernel(StringRef a, StringRef b, StringRef c) {
  json::Object kernel = makeValidKernel();
  kernel["layouts"] = json::Object{{"a", a}, {"b", b}, {"c", c}};
  kernel["requires_divisible"] =
      json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 2;
  // Column-major A: panels of 64 M-elements by BK = 64; column-major B:
  // one box of 64 K-elements by BN = 256 rows.
  json::Array boxA = a == "col" ? json::Array{64, 64} : json::Array{64, 128};
  json::Array boxB = b == "col" ? json::Array{64, 256} : json::Array{64, 64};
  kernel["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
      makeTmaParam("a", std::move(boxA), 128, "global_pointer"),
      makeTmaParam("b", std::move(boxB), 128, "global_pointer")};
  return kernel;
}

Expected<TensorMapEncoding> encode(const KernelSpec &spec, Operand operand,
                                   const GemmShape &shape, uint64_t address) {
  for (const KernelParamSpec &param : spec.parameters)
    if (param.isTensorMap() && param.operand == operand)
      return computeTensorMapEncoding(spec, param, shape, address);
  return makeBadInputError("no tma parameter");
}

TEST(LayoutsTest, ParsesTheBundleLayouts) {
  KernelSpec spec = parseSingleKernel(makeLayoutKernel("col", "row", "col"));
  EXPECT_EQ(spec.layouts.a, Col);
  EXPECT_EQ(spec.layouts.b, Row);
  EXPECT_EQ(spec.layouts.c, Col);
  EXPECT_EQ(spec.layouts.str(), "a=col b=row c=col");
  EXPECT_TRUE(parseSingleKernel(makeValidKernel()).layouts.isAllRow());

  json::Object bad = makeLayoutKernel("row", "diagonal", "row");
  ErrorSummary error = kernelError(std::move(bad));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("expected \"row\" or \"col\" at "
                               "kernels[0].layouts.b"),
            std::string::npos)
      << error.message;
  json::Object missing = makeValidKernel();
  missing["layouts"] = json::Object{{"a", "row"}, {"b", "row"}};
  EXPECT_EQ(kernelError(std::move(missing)).exitCode, ExitBadInput);
}

TEST(LayoutsTest, SourceLayoutsAreTheKernelsTransposedOnes) {
  // A tf32 GEMM on row-major A, B and C compiled as C^T = B^T·A^T.
  json::Object exchanged = makeLayoutKernel("col", "col", "col");
  exchanged["source_layouts"] =
      json::Object{{"a", "row"}, {"b", "row"}, {"c", "row"}};
  KernelSpec spec = parseSingleKernel(std::move(exchanged));
  ASSERT_TRUE(spec.sourceLayouts.has_value());
  EXPECT_TRUE(spec.sourceLayouts->isAllRow());
  EXPECT_TRUE(spec.getSourceLayouts().isAllRow());
  EXPECT_EQ(spec.layouts.str(), "a=col b=col c=col");
  // Without the field a kernel's problems are its own.
  KernelSpec own = parseSingleKernel(makeLayoutKernel("col", "col", "row"));
  EXPECT_FALSE(own.sourceLayouts.has_value());
  EXPECT_EQ(own.getSourceLayouts().str(), "a=col b=col c=row");

  // Anything but the transposed layouts is refused.
  json::Object wrong = makeLayoutKernel("col", "col", "row");
  wrong["source_layouts"] =
      json::Object{{"a", "row"}, {"b", "row"}, {"c", "row"}};
  ErrorSummary error = kernelError(std::move(wrong));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("source_layouts"), std::string::npos)
      << error.message;
  EXPECT_NE(error.message.find("runs the transposed layouts of its own "
                               "a=col b=col c=row, a=row b=row c=col"),
            std::string::npos)
      << error.message;
  json::Object malformed = makeLayoutKernel("col", "col", "col");
  malformed["source_layouts"] = json::Object{{"a", "row"}, {"b", "row"}};
  EXPECT_EQ(kernelError(std::move(malformed)).exitCode, ExitBadInput);
}

TEST(LayoutsTest, PackedLeadingDimensionsFollowTheLayout) {
  GemmShape shape =
      GemmShape::get(300, 200, 100, 0, 0, 0, MatrixLayouts{Col, Col, Col});
  EXPECT_EQ(shape.lda, 300); // M
  EXPECT_EQ(shape.ldb, 100); // K
  EXPECT_EQ(shape.ldc, 300); // M
  OperandLayout a = getOperandLayout(shape, Operand::A);
  EXPECT_EQ(a.rows, 100); // stored rows: K columns of M elements
  EXPECT_EQ(a.cols, 300);
  OperandLayout b = getOperandLayout(shape, Operand::B);
  EXPECT_EQ(b.rows, 200);
  EXPECT_EQ(b.cols, 100);
  EXPECT_FALSE(static_cast<bool>(verifyShape(shape)));

  // Column-major A needs lda >= M, not K.
  GemmShape shortLd =
      GemmShape::get(300, 200, 100, /*lda=*/200, 0, 0, MatrixLayouts{Col});
  ErrorSummary error = summarizeError(verifyShape(shortLd));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("lda=200 must be at least M=300"),
            std::string::npos)
      << error.message;
  EXPECT_FALSE(static_cast<bool>(verifyShape(
      GemmShape::get(300, 200, 100, /*lda=*/100, 0, 0, MatrixLayouts{Row}))));
}

TEST(LayoutsTest, KernelsRefuseOtherLayouts) {
  KernelSpec spec = parseSingleKernel(makeLayoutKernel("col", "col", "row"));
  GemmShape matching =
      GemmShape::get(4096, 4096, 4096, 0, 0, 0, MatrixLayouts{Col, Col, Row});
  EXPECT_FALSE(static_cast<bool>(checkShapeSupported(spec, matching)));
  GemmShape rowMajor = GemmShape::get(4096, 4096, 4096);
  ErrorSummary error = summarizeError(checkShapeSupported(spec, rowMajor));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("takes A col-major"), std::string::npos)
      << error.message;
  EXPECT_NE(error.message.find("the problem's A is row-major"),
            std::string::npos)
      << error.message;
  // A row-major kernel refuses a column-major C.
  KernelSpec rows = parseSingleKernel(makeLayoutKernel("row", "row", "row"));
  error = summarizeError(checkShapeSupported(
      rows, GemmShape::get(64, 64, 64, 0, 0, 0, MatrixLayouts{Row, Row, Col})));
  EXPECT_NE(error.message.find("takes C row-major"), std::string::npos)
      << error.message;
}

TEST(LayoutsTest, MemrefDescriptorsAreLogicalWithColumnStrides) {
  GemmShape shape = GemmShape::get(128, 256, 64, /*lda=*/136, /*ldb=*/72,
                                   /*ldc=*/144, MatrixLayouts{Col, Col, Col});
  MemRefDescriptor2D a = describeOperand(shape, Operand::A, addressA);
  EXPECT_EQ(a.sizes[0], 128); // M
  EXPECT_EQ(a.sizes[1], 64);  // K
  EXPECT_EQ(a.strides[0], 1);
  EXPECT_EQ(a.strides[1], 136);
  MemRefDescriptor2D b = describeOperand(shape, Operand::B, addressB);
  EXPECT_EQ(b.sizes[0], 64);
  EXPECT_EQ(b.sizes[1], 256);
  EXPECT_EQ(b.strides[0], 1);
  EXPECT_EQ(b.strides[1], 72);
  MemRefDescriptor2D c = describeOperand(shape, Operand::C, addressC);
  EXPECT_EQ(c.sizes[0], 128);
  EXPECT_EQ(c.sizes[1], 256);
  EXPECT_EQ(c.strides[0], 1);
  EXPECT_EQ(c.strides[1], 144);
  // Row-major operands are unchanged.
  MemRefDescriptor2D rowA = describeOperand(
      GemmShape::get(128, 256, 64, 72), Operand::A, addressA);
  EXPECT_EQ(rowA.strides[0], 72);
  EXPECT_EQ(rowA.strides[1], 1);
}

TEST(LayoutsTest, TensorMapsDescribeTheStoredMatrix) {
  KernelSpec spec = parseSingleKernel(makeLayoutKernel("col", "col", "row"));
  GemmShape shape = GemmShape::get(/*m=*/300, /*n=*/520, /*k=*/1000,
                                   /*lda=*/304, /*ldb=*/1008, 0,
                                   MatrixLayouts{Col, Col, Row});
  Expected<TensorMapEncoding> a = encode(spec, Operand::A, shape, addressA);
  ASSERT_TRUE(static_cast<bool>(a)) << toString(a.takeError());
  EXPECT_EQ(a->globalDim, (std::array<cuuint64_t, 3>{300, 1000, 1})); // [M, K]
  EXPECT_EQ(a->globalStrides, (std::array<cuuint64_t, 2>{304 * 2, 0}));
  EXPECT_EQ(a->boxDim, (std::array<cuuint32_t, 3>{64, 64, 1}));
  EXPECT_EQ(a->swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  Expected<TensorMapEncoding> b = encode(spec, Operand::B, shape, addressB);
  ASSERT_TRUE(static_cast<bool>(b)) << toString(b.takeError());
  EXPECT_EQ(b->globalDim, (std::array<cuuint64_t, 3>{1000, 520, 1})); // [K, N]
  EXPECT_EQ(b->globalStrides, (std::array<cuuint64_t, 2>{1008 * 2, 0}));
  EXPECT_EQ(b->boxDim, (std::array<cuuint32_t, 3>{64, 256, 1}));

  // A pitch TMA cannot read (lda = 301 bf16) is staged: the copy's leading
  // dimension rounds M up to 16 bytes, and K lines of it are copied.
  GemmShape odd = shape;
  odd.lda = 301;
  EXPECT_FALSE(static_cast<bool>(checkShapeSupported(spec, odd)));
  GemmShape mapped = OperandStaging::getTensorMapShape(spec, odd);
  EXPECT_EQ(mapped.lda, 304);
  EXPECT_EQ(mapped.layouts.a, Col);
  EXPECT_EQ(mapped.ldb, 1008);
}

TEST(LayoutsTest, HostMatricesIndexLogically) {
  HostMatrix rowMajor(ElementType::F32, 3, 5, 6, Row);
  HostMatrix colMajor(ElementType::F32, 3, 5, 4, Col);
  EXPECT_EQ(colMajor.getSizeInBytes(), 5u * 4u * 4u);
  EXPECT_EQ(colMajor.indexOf(2, 1), 1u * 4u + 2u);
  EXPECT_EQ(colMajor.getStoredLines(), 5);
  EXPECT_EQ(colMajor.getStoredLineLength(), 3);
  rowMajor.fillRandom(7);
  colMajor.fillRandom(7);
  // The same value at each logical entry whatever the layout.
  for (int64_t row = 0; row < 3; ++row)
    for (int64_t col = 0; col < 5; ++col)
      EXPECT_EQ(rowMajor.get(row, col), colMajor.get(row, col));
  // Padding (the 4th element of each stored column) is NaN.
  const auto *values = static_cast<const float *>(colMajor.data());
  for (int64_t line = 0; line < 5; ++line)
    EXPECT_TRUE(std::isnan(values[line * 4 + 3]));
  EXPECT_EQ(countNonFinite(colMajor), 0);

  // Clobbered padding is counted per stored column.
  HostMatrix c(ElementType::F32, 3, 5, 4, Col);
  std::memset(c.data(), OutputPoisonByte, c.getSizeInBytes());
  EXPECT_EQ(countClobberedPadding(c, OutputPoisonByte), 0);
  c.set(0, 1, 1.0f); // inside the matrix: not padding
  EXPECT_EQ(countClobberedPadding(c, OutputPoisonByte), 0);
  static_cast<float *>(c.data())[2 * 4 + 3] = 0.0f; // padding of column 2
  EXPECT_EQ(countClobberedPadding(c, OutputPoisonByte), 1);
}

TEST(LayoutsTest, ProblemsCarryTheirLayoutsToTheShape) {
  GemmShape shape = GemmShape::get(64, 32, 16, 72, 24, 0,
                                   MatrixLayouts{Col, Col, Col});
  GemmProblem problem = GemmProblem::get(shape, ElementType::BF16,
                                         ElementType::BF16, ElementType::F32);
  EXPECT_EQ(problem.a.layout, Col);
  EXPECT_EQ(problem.c.ld, 64);
  // Element (row, col) of a column-major view is at col * ld + row.
  EXPECT_EQ(problem.getElementIndex(Operand::A, 0, 3, 2), 2 * 72 + 3);
  GemmShape back = problem.getShape();
  EXPECT_EQ(back.layouts, shape.layouts);
  EXPECT_EQ(back.lda, 72);
  EXPECT_EQ(back.ldb, 24);
  EXPECT_EQ(back.ldc, 64);
}

} // namespace
