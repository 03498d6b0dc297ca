//===- OperandAlignmentTest.cpp - per-operand alignment requirements ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/BundleCapabilities.h"
#include "runtime/GemmBenchmark.h"
#include "runtime/GemmShape.h"
#include "runtime/OperandAlignment.h"
#include "runtime/ProblemRun.h"
#include "runtime/RuntimeError.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr MatrixLayout Row = MatrixLayout::Row, Col = MatrixLayout::Col;

/// The layouts example as gemm-translate writes it: bf16 A (column-major)
/// and B through TMA, a column-major f32 C as a memref, any shape, and
/// min_alignment_bytes = sizeof(C) = 4.
json::Object makeF32CKernel() {
  json::Object kernel = makeValidKernel();
  kernel["types"] = json::Object{
      {"a", "bf16"}, {"b", "bf16"}, {"c", "f32"}, {"accumulator", "f32"}};
  kernel["layouts"] = json::Object{{"a", "col"}, {"b", "row"}, {"c", "col"}};
  kernel["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  kernel["min_alignment_bytes"] = 4;
  kernel["parameters"] = json::Array{
      json::Object{{"kind", "memref"}, {"operand", "a"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "b"}, {"rank", 2}},
      json::Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 2}},
      makeTmaParam("a", json::Array{64, 64}, 128, "global_pointer"),
      makeTmaParam("b", json::Array{64, 64}, 128, "global_pointer")};
  return kernel;
}

/// A wgmma kernel with a fused column bias: TMA for A and B, whole tiles and
/// min_alignment_bytes 16 (the epilogue loads C and the bias 8 at a time).
json::Object makeFusedTmaKernel() {
  json::Object kernel = makeHopperKernel();
  kernel.getArray("parameters")
      ->push_back(
          json::Object{{"kind", "memref"}, {"operand", "bias"}, {"rank", 1}});
  kernel["epilogue"] = json::Object{{"bias", "column"}};
  return kernel;
}

/// A wgmma kernel with a fused residual (a memref laid out like C): TMA
/// for A and B, min_alignment_bytes 16 (its threads load the residual 8 at
/// a time).
json::Object makeResidualKernel() {
  json::Object kernel = makeHopperKernel();
  kernel.getArray("parameters")
      ->push_back(json::Object{
          {"kind", "memref"}, {"operand", "residual"}, {"rank", 2}});
  kernel["epilogue"] = json::Object{{"residual", true}};
  return kernel;
}

struct Parsed {
  KernelSpec spec;
  KernelCapabilities capabilities;
};

Parsed parse(json::Object kernel) {
  std::string text = makeBundleText(std::move(kernel));
  Expected<KernelBundle> bundle = parseKernelBundle(text, "/b", "k.json");
  EXPECT_TRUE(bool(bundle)) << toString(bundle.takeError());
  std::vector<KernelCapabilities> capabilities = getBundleCapabilities(*bundle);
  return {bundle->kernels.front(), capabilities.front()};
}

std::string shapeError(const KernelSpec &spec, const GemmShape &shape) {
  Error err = checkShapeSupported(spec, shape);
  return err ? toString(std::move(err)) : "";
}

TEST(OperandAlignmentTest, DerivedFromTheParameters) {
  KernelSpec f32c = parse(makeF32CKernel()).spec;
  EXPECT_TRUE(isStagedOperand(f32c, Operand::A));
  EXPECT_TRUE(isStagedOperand(f32c, Operand::B));
  EXPECT_FALSE(isStagedOperand(f32c, Operand::C));
  EXPECT_EQ(getOperandAlignmentBytes(f32c, Operand::A), 2);
  EXPECT_EQ(getOperandAlignmentBytes(f32c, Operand::B), 2);
  EXPECT_EQ(getOperandAlignmentBytes(f32c, Operand::C), 4);

  // mma.sync: A, B and C are memrefs read in 16-byte cp.async chunks.
  KernelSpec sync = parse(makeValidKernel()).spec;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    EXPECT_FALSE(isStagedOperand(sync, operand));
    EXPECT_EQ(getOperandAlignmentBytes(sync, operand), 16);
  }

  KernelSpec fused = parse(makeFusedTmaKernel()).spec;
  EXPECT_EQ(getOperandAlignmentBytes(fused, Operand::A), 2);
  EXPECT_EQ(getOperandAlignmentBytes(fused, Operand::C), 16);
  EXPECT_EQ(getEpilogueOperandAlignmentBytes(fused), 16);
}

TEST(OperandAlignmentTest, F32CKernelTakesAnyPitchOfAAndB) {
  Parsed kernel = parse(makeF32CKernel());
  MatrixLayouts layouts{Col, Row, Col};
  // 1x1x1: lda = 1 is a 2-byte pitch of the column-major A.
  EXPECT_EQ(shapeError(kernel.spec, GemmShape::get(1, 1, 1, 0, 0, 0, layouts)),
            "");
  EXPECT_EQ(shapeError(kernel.spec,
                       GemmShape::get(129, 257, 65, 0, 0, 0, layouts)),
            "");
  // Odd padded leading dimensions of A and B, and of C (4-byte elements).
  EXPECT_EQ(shapeError(kernel.spec, GemmShape::get(129, 257, 65, /*lda=*/131,
                                                   /*ldb=*/259, /*ldc=*/133,
                                                   layouts)),
            "");

  // The same through the sweep's capabilities and launch checks, with odd
  // element offsets of A and B.
  GemmProblem problem = GemmProblem::get(
      GemmShape::get(129, 257, 65, 131, 259, 133, layouts), ElementType::BF16,
      ElementType::BF16, ElementType::F32);
  problem.a.offset = 3;
  problem.b.offset = 1;
  problem.c.offset = 1;
  EXPECT_TRUE(findCapabilityGaps(kernel.capabilities, problem).empty());
  EXPECT_FALSE(errorToBool(
      checkProblemLaunchable(kernel.spec, kernel.capabilities, problem)));
}

TEST(OperandAlignmentTest, FusedEpilogueStillNeedsAlignedC) {
  Parsed kernel = parse(makeFusedTmaKernel());
  // A is staged: any pitch; C is stored 8 bf16 at a time: 16 bytes.
  EXPECT_EQ(shapeError(kernel.spec, GemmShape::get(256, 512, 64, /*lda=*/65)),
            "");
  std::string message = shapeError(
      kernel.spec, GemmShape::get(256, 512, 64, 0, 0, /*ldc=*/516));
  EXPECT_NE(message.find("ldc=516 gives a row pitch of 1032 bytes, not a "
                         "multiple of the kernel's min_alignment_bytes 16 (C "
                         "is stored by the kernel itself"),
            std::string::npos)
      << message;

  // The capabilities name C's offset (the fused epilogue is a gap too).
  GemmProblem problem = GemmProblem::get(GemmShape::get(256, 512, 64),
                                         ElementType::BF16, ElementType::BF16,
                                         ElementType::BF16);
  problem.a.offset = 1;
  problem.c.offset = 4;
  auto gaps = findCapabilityGaps(kernel.capabilities, problem);
  ASSERT_EQ(gaps.size(), 2u);
  EXPECT_EQ(gaps[0].reason, RefusalReason::Epilogue);
  EXPECT_EQ(gaps[1].reason, RefusalReason::Alignment);
  EXPECT_NE(gaps[1].message.find("the offset of c (4 elements, 8 bytes) is "
                                 "not a multiple of 16 bytes"),
            std::string::npos)
      << gaps[1].message;
}

TEST(OperandAlignmentTest, SyncKernelStillNeedsSixteenBytes) {
  Parsed kernel = parse(makeValidKernel());
  std::string message = shapeError(
      kernel.spec, GemmShape::get(128, 256, 4096, /*lda=*/4100));
  EXPECT_NE(message.find("lda=4100 gives a row pitch of 8200 bytes, not a "
                         "multiple of the kernel's min_alignment_bytes 16 (A "
                         "is loaded by the kernel itself, not through TMA)"),
            std::string::npos)
      << message;

  GemmProblem problem = GemmProblem::get(GemmShape::get(256, 512, 64),
                                         ElementType::BF16, ElementType::BF16,
                                         ElementType::BF16);
  problem.b.offset = 4;
  auto gaps = findCapabilityGaps(kernel.capabilities, problem);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0].reason, RefusalReason::Alignment);
  EXPECT_NE(gaps[0].message.find("the offset of b (4 elements, 8 bytes)"),
            std::string::npos)
      << gaps[0].message;
  Error err = checkProblemLaunchable(kernel.spec, kernel.capabilities, problem);
  Error other = Error::success();
  std::optional<RefusalSummary> refusal = takeRefusal(std::move(err), other);
  EXPECT_FALSE(bool(other)) << toString(std::move(other));
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->reason, RefusalReason::Alignment);
}

TEST(OperandAlignmentTest, ResidualOffsetNeedsTheEpilogueAlignment) {
  Parsed kernel = parse(makeResidualKernel());
  ASSERT_EQ(getEpilogueOperandAlignmentBytes(kernel.spec), 16);
  GemmProblem problem =
      GemmProblem::get(GemmShape::get(256, 512, 64), ElementType::BF16,
                       ElementType::BF16, ElementType::BF16);
  problem.epilogue.residual = true;
  // 8 bf16 elements are 16 bytes: claimed, as at offset 0.
  problem.residualOffset = 8;
  EXPECT_TRUE(findCapabilityGaps(kernel.capabilities, problem).empty());
  EXPECT_FALSE(errorToBool(checkResidualOffset(kernel.spec, 8)));

  // 3 elements unalign the residual alone (C stays at offset 0): refused
  // for its alignment, naming the residual.
  problem.residualOffset = 3;
  auto gaps = findCapabilityGaps(kernel.capabilities, problem);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0].reason, RefusalReason::Alignment);
  EXPECT_NE(gaps[0].message.find("the offset of the residual (3 elements, 6 "
                                 "bytes) is not a multiple of 16 bytes"),
            std::string::npos)
      << gaps[0].message;
  Error err = checkResidualOffset(kernel.spec, 3);
  ASSERT_TRUE(bool(err));
  std::string message = toString(std::move(err));
  EXPECT_NE(message.find("(3 elements, 6 bytes) is not a multiple of the "
                         "16-byte min_alignment_bytes of kernel"),
            std::string::npos)
      << message;
  err = checkResidualOffset(kernel.spec, -1);
  ASSERT_TRUE(bool(err));
  message = toString(std::move(err));
  EXPECT_NE(message.find("must not be negative"), std::string::npos) << message;

  // Without a residual the offset is unused: the only gap is the residual
  // the kernel adds.
  problem.epilogue.residual = false;
  EXPECT_EQ(findCapabilityGaps(kernel.capabilities, problem).front().reason,
            RefusalReason::Epilogue);
  EXPECT_EQ(findCapabilityGaps(kernel.capabilities, problem).size(), 1u);

  // A kernel whose threads load element by element (min_alignment_bytes
  // sizeof(C)) takes the unaligned residual: it loads it without TMA.
  json::Object ragged = makeResidualKernel();
  ragged["min_alignment_bytes"] = 2;
  ragged["requires_divisible"] = json::Object{{"m", 1}, {"n", 1}, {"k", 1}};
  Parsed raggedKernel = parse(std::move(ragged));
  problem.epilogue.residual = true;
  EXPECT_TRUE(findCapabilityGaps(raggedKernel.capabilities, problem).empty());
  EXPECT_FALSE(errorToBool(checkResidualOffset(raggedKernel.spec, 3)));
}

} // namespace
