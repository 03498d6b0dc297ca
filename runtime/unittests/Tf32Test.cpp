//===- Tf32Test.cpp - f32 inputs on tensor cores are tf32 -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A wgmma kernel with f32 A and B ("math": "tensor_core") multiplies as
// tf32: the runtime checks it with the tf32 tolerance and compares with and
// times cuBLAS tf32; an ffma kernel ("math": "ffma") stays exact fp32
// (SGEMM). The sweep claims a tf32 kernel's f32 problems in its layouts.
//
//===----------------------------------------------------------------------===//

#include "runtime/BundleCapabilities.h"
#include "runtime/CublasReference.h"
#include "runtime/Validation.h"

#include "TestBundles.h"

#include "gtest/gtest.h"

using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;
using llvm::json::Array;
using llvm::json::Object;

namespace {

KernelCapabilities parseCapabilities(Object kernel) {
  std::string text = makeBundleText(std::move(kernel));
  llvm::Expected<KernelBundle> bundle = parseKernelBundle(text, "/b", "k.json");
  EXPECT_TRUE(bool(bundle)) << llvm::toString(bundle.takeError());
  std::vector<KernelCapabilities> capabilities = getBundleCapabilities(*bundle);
  return capabilities.front();
}

TEST(Tf32Test, TensorCoreF32KernelIsCheckedAgainstCublasTf32) {
  KernelSpec spec = parseSingleKernel(makeTf32Kernel());
  EXPECT_EQ(spec.aType, ElementType::F32);
  EXPECT_FALSE(spec.exactFp32Math);
  EXPECT_EQ(getTolerance(spec.aType, spec.cType, spec.exactFp32Math), 5e-3);
  EXPECT_EQ(getCublasComputeType(spec.aType, spec.exactFp32Math),
            CUBLAS_COMPUTE_32F_FAST_TF32);
  EXPECT_STREQ(getCublasComputeTypeName(CUBLAS_COMPUTE_32F_FAST_TF32),
               "CUBLAS_COMPUTE_32F_FAST_TF32");
}

TEST(Tf32Test, FfmaKernelStaysExactFp32) {
  Object kernel = makeValidKernel();
  kernel["types"] = Object{
      {"a", "f32"}, {"b", "f32"}, {"c", "f32"}, {"accumulator", "f32"}};
  kernel["math"] = "ffma";
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  EXPECT_TRUE(spec.exactFp32Math);
  EXPECT_EQ(getTolerance(spec.aType, spec.cType, spec.exactFp32Math),
            tolerance::F32ExactMath);
  EXPECT_EQ(getCublasComputeType(spec.aType, spec.exactFp32Math),
            CUBLAS_COMPUTE_32F);
}

TEST(Tf32Test, SweepClaimsF32ProblemsInTheKernelsLayouts) {
  KernelCapabilities tf32 = parseCapabilities(makeTf32Kernel());
  // 4097x4095x4093, A row-major, B column-major, C row-major.
  MatrixLayouts layouts;
  layouts.b = MatrixLayout::Col;
  GemmShape shape = GemmShape::get(4097, 4095, 4093, 0, 0, 0, layouts);
  GemmProblem nt =
      GemmProblem::get(shape, ElementType::F32, ElementType::F32,
                       ElementType::F32);
  EXPECT_TRUE(findCapabilityGaps(tf32, nt).empty());
  // A row-major B (what tf32 wgmma cannot read) is refused for its layout.
  GemmProblem nn = GemmProblem::get(GemmShape::get(64, 64, 64),
                                    ElementType::F32, ElementType::F32,
                                    ElementType::F32);
  auto gaps = findCapabilityGaps(tf32, nn);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps.front().reason, RefusalReason::Layout);
  // bf16 problems are another kernel's.
  GemmProblem bf16 = nt;
  bf16.a.type = bf16.b.type = bf16.c.type = ElementType::BF16;
  EXPECT_EQ(findCapabilityGaps(tf32, bf16).front().reason,
            RefusalReason::Types);
}

} // namespace
