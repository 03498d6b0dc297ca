//===- StagedTransposeTest.cpp - tf32 kernels with transposed copies ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A tf32 kernel compiled for a column-major A (or a row-major B) reads a
// K-major copy that a transpose kernel in its image writes before each
// launch ("staged_transposes", KernelSpec.h): the bundle entry, the
// problems it claims and the shape its tensor maps and memrefs describe.
//
//===----------------------------------------------------------------------===//

#include "runtime/BundleCapabilities.h"
#include "runtime/KernelParams.h"
#include "runtime/OperandStaging.h"
#include "runtime/TensorMapEncoding.h"

#include "TestBundles.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;
using llvm::json::Array;
using llvm::json::Object;

namespace {

/// The transpose entry tile-stage-transposed-operands' kernel gets
/// (compiler/MatrixMoveMetadata.cpp), of `type` elements.
Object makeStagingTranspose(llvm::StringRef name, llvm::StringRef type,
                            bool batched = false) {
  Object entry = makeMatrixMoveEntry("transpose", name, type, 64, 64, batched);
  entry["dynamic_shared_memory_bytes"] = 16640;
  return entry;
}

/// A tf32 128x256x32 kernel for a column-major A and a row-major B: its
/// tensor maps read the copies (boxes of K-major operands).
Object makeStagedTf32Kernel() {
  Object kernel = makeTf32Kernel();
  kernel["name"] = "tf32_kernel";
  kernel["layouts"] = Object{{"a", "col"}, {"b", "row"}, {"c", "row"}};
  kernel["staged_transposes"] =
      Object{{"a", makeStagingTranspose("tf32_kernel_stage_a", "f32")},
             {"b", makeStagingTranspose("tf32_kernel_stage_b", "f32")}};
  return kernel;
}

/// The batched variant: 3-D tensor maps and C memref, the batch along z,
/// and batched staging transposes (rank-3 memrefs, grid z over the batch)
/// unless `batchedStaging` is false, as in a bundle from before batches.
Object makeBatchedStagedTf32Kernel(bool batchedStaging = true) {
  Object kernel = makeStagedTf32Kernel();
  kernel["grid"] = Object{{"x", Object{{"extent", "n"}, {"tile", 256}}},
                          {"y", Object{{"extent", "m"}, {"tile", 128}}},
                          {"z", Object{{"extent", "batch"}, {"tile", 1}}}};
  kernel["parameters"] =
      Array{makeTmaParam("a", Array{32, 128, 1}, 128, "global_pointer"),
            makeTmaParam("b", Array{32, 256, 1}, 128, "global_pointer"),
            Object{{"kind", "memref"}, {"operand", "c"}, {"rank", 3}}};
  kernel["batch"] = Object{{"strided", true}};
  kernel["staged_transposes"] = Object{
      {"a", makeStagingTranspose("tf32_kernel_stage_a", "f32", batchedStaging)},
      {"b",
       makeStagingTranspose("tf32_kernel_stage_b", "f32", batchedStaging)}};
  return kernel;
}

TEST(StagedTransposeTest, EntryNamesTheTransposesInItsImage) {
  KernelSpec spec = parseSingleKernel(makeStagedTf32Kernel());
  ASSERT_EQ(spec.stagedTransposes.size(), 2u);
  const StagedTransposeSpec *a = spec.getStagedTranspose(Operand::A);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->kernel->kind, KernelKind::Transpose);
  EXPECT_EQ(a->kernel->name, "tf32_kernel_stage_a");
  // Same image and chip as the GEMM.
  EXPECT_EQ(a->kernel->cubinPath, spec.cubinPath);
  EXPECT_EQ(a->kernel->ptxPath, spec.ptxPath);
  EXPECT_EQ(a->kernel->chipName, "sm_90a");
  EXPECT_EQ(a->kernel->dynamicSharedMemoryBytes, 16640u);
  EXPECT_EQ(spec.getStagedTranspose(Operand::B)->kernel->name,
            "tf32_kernel_stage_b");
  EXPECT_EQ(spec.getStagedTranspose(Operand::C), nullptr);
  // The problem's layouts.
  EXPECT_EQ(spec.layouts.a, MatrixLayout::Col);
  EXPECT_EQ(spec.layouts.b, MatrixLayout::Row);
}

TEST(StagedTransposeTest, TransposeOfAnotherTypeIsRefused) {
  Object kernel = makeStagedTf32Kernel();
  kernel["staged_transposes"] =
      Object{{"a", makeStagingTranspose("tf32_kernel_stage_a", "bf16")}};
  EXPECT_TRUE(isRefusedKernel(std::move(kernel),
                              "field 'a' must be a transpose kernel of f32 "
                              "elements"));
}

TEST(StagedTransposeTest, NestedEntryIsCheckedLikeATransposeKernel) {
  Object kernel = makeStagedTf32Kernel();
  Object broken = makeStagingTranspose("tf32_kernel_stage_a", "f32");
  broken.erase("block");
  kernel["staged_transposes"] = Object{{"a", std::move(broken)}};
  ErrorSummary error = kernelError(std::move(kernel));
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("block"), std::string::npos) << error.message;
}

TEST(StagedTransposeTest, ClaimsProblemsInItsStatedLayouts) {
  std::string text = makeBundleText(makeStagedTf32Kernel());
  llvm::Expected<KernelBundle> bundle = parseKernelBundle(text, "/b", "k.json");
  ASSERT_TRUE(bool(bundle)) << llvm::toString(bundle.takeError());
  GemmShape shape = GemmShape::get(
      100, 200, 37, 0, 0, 0,
      MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row, MatrixLayout::Row});
  EXPECT_FALSE(bool(checkShapeSupported(bundle->kernels.front(), shape)));
  shape.layouts.a = MatrixLayout::Row;
  llvm::Error refused = checkShapeSupported(bundle->kernels.front(), shape);
  EXPECT_TRUE(bool(refused));
  llvm::consumeError(std::move(refused));
}

TEST(StagedTransposeTest, TensorMapsAndMemrefsDescribeTheCopies) {
  KernelSpec spec = parseSingleKernel(makeStagedTf32Kernel());
  // A: column-major 100 x 37 with lda 101 (stored 37 x 100); B: row-major
  // 37 x 200 with ldb 203. Neither pitch is one TMA takes.
  GemmShape shape = GemmShape::get(
      100, 200, 37, 101, 203, 0,
      MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row, MatrixLayout::Row});
  GemmShape mapped = OperandStaging::getTensorMapShape(spec, shape);
  // Copies: 100 x 37 row-major A and 200 x 37 (column-major K x N) B, rows
  // padded to 40 f32 (160 bytes).
  EXPECT_EQ(mapped.layouts.a, MatrixLayout::Row);
  EXPECT_EQ(mapped.layouts.b, MatrixLayout::Col);
  EXPECT_EQ(mapped.lda, 40);
  EXPECT_EQ(mapped.ldb, 40);
  EXPECT_EQ(mapped.ldc, shape.ldc);
  EXPECT_EQ(mapped.layouts.c, MatrixLayout::Row);

  llvm::Expected<TensorMapEncoding> a = computeTensorMapEncoding(
      spec, spec.parameters[0], mapped, addressA);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->globalDim[0], 37u); // K along the rows
  EXPECT_EQ(a->globalDim[1], 100u);
  EXPECT_EQ(a->globalStrides[0], 160u);
  llvm::Expected<TensorMapEncoding> b = computeTensorMapEncoding(
      spec, spec.parameters[1], mapped, addressB);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->globalDim[0], 37u);
  EXPECT_EQ(b->globalDim[1], 200u);

  MemRefDescriptor2D memrefA = describeOperand(mapped, Operand::A, addressA);
  EXPECT_EQ(memrefA.sizes[0], 100);
  EXPECT_EQ(memrefA.sizes[1], 37);
  EXPECT_EQ(memrefA.strides[0], 40);
  EXPECT_EQ(memrefA.strides[1], 1);
  MemRefDescriptor2D memrefB = describeOperand(mapped, Operand::B, addressB);
  EXPECT_EQ(memrefB.sizes[0], 37);
  EXPECT_EQ(memrefB.sizes[1], 200);
  EXPECT_EQ(memrefB.strides[0], 1);
  EXPECT_EQ(memrefB.strides[1], 40);
}

TEST(StagedTransposeTest, BatchesGetOneCopyPerEntry) {
  KernelSpec spec = parseSingleKernel(makeBatchedStagedTf32Kernel());
  ASSERT_TRUE(spec.getStagedTranspose(Operand::A)->kernel->matrixMove->batched);
  // 3 entries; A's 101-element pitch and 3800-element batch stride, B read
  // by every entry (batch stride 0).
  GemmShape shape = GemmShape::get(
      100, 200, 37, 101, 203, 0,
      MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row, MatrixLayout::Row})
                        .withBatch(3, 3800, 0);
  GemmShape mapped = OperandStaging::getTensorMapShape(spec, shape);
  EXPECT_EQ(mapped.lda, 40);
  EXPECT_EQ(mapped.ldb, 40);
  // Packed copies of A (100 x 40 each); one copy of B, still shared.
  EXPECT_EQ(mapped.batchStrideA, 4000);
  EXPECT_EQ(mapped.batchStrideB, 0);
  EXPECT_EQ(mapped.batchStrideC, shape.batchStrideC);

  llvm::Expected<TensorMapEncoding> a = computeTensorMapEncoding(
      spec, spec.parameters[0], mapped, addressA);
  ASSERT_TRUE(bool(a)) << llvm::toString(a.takeError());
  EXPECT_EQ(a->globalDim[2], 3u);
  EXPECT_EQ(a->globalStrides[1], 16000u); // 4000 f32
  llvm::Expected<TensorMapEncoding> b = computeTensorMapEncoding(
      spec, spec.parameters[1], mapped, addressB);
  ASSERT_TRUE(bool(b)) << llvm::toString(b.takeError());
  EXPECT_EQ(b->globalDim[2], 1u);
}

TEST(StagedTransposeTest, BatchThroughASingleMatrixTransposeIsRefused) {
  // A bundle whose staging transposes take one matrix cannot stage a batch
  // of distinct A matrices; the runtime says so before allocating anything.
  KernelSpec spec =
      parseSingleKernel(makeBatchedStagedTf32Kernel(/*batchedStaging=*/false));
  GemmShape shape = GemmShape::get(
      64, 64, 64, 0, 0, 0,
      MatrixLayouts{MatrixLayout::Col, MatrixLayout::Row, MatrixLayout::Row})
                        .withBatch(2);
  llvm::Expected<OperandStaging> staging =
      OperandStaging::create(spec, shape, {addressA, addressB, addressA});
  ASSERT_FALSE(bool(staging));
  ErrorSummary error = summarizeError(staging.takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_NE(error.message.find("needs a batched one"), std::string::npos)
      << error.message;
  // The bundle does not claim the problem either.
  llvm::Error claimed = checkShapeSupported(spec, shape);
  ASSERT_TRUE(bool(claimed));
  EXPECT_NE(summarizeError(std::move(claimed)).message.find(
                "needs a batched one"),
            std::string::npos);
  // One A and one B matrix for every entry (stride 0) need one copy each,
  // which a single-matrix transpose writes.
  GemmShape shared = shape.withBatch(2, 0, 0);
  llvm::Error sharedA = checkShapeSupported(spec, shared);
  EXPECT_FALSE(bool(sharedA)) << llvm::toString(std::move(sharedA));
}

} // namespace
