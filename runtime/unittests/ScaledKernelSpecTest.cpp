//===- ScaledKernelSpecTest.cpp - FP8 kernels in bundles ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The FP8 fields of a bundle entry (types, "scaling", scale parameters)
// as the runtime reads, checks and passes them.
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/BundleCapabilities.h"
#include "runtime/KernelParams.h"
#include "runtime/ProblemRun.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/TensorMapEncoding.h"

#include "gtest/gtest.h"

#include <vector>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr uint64_t addressScaleA = 0x7f0000300000;
constexpr uint64_t addressScaleB = 0x7f0000400000;

/// A batched FP8 kernel (a=block_1x128 b=block_128x128) as
/// checkBatchedKernelSpec wants it, its scale parameters of these ranks.
json::Object makeBatchedFp8Kernel(int rankA, int rankB) {
  json::Object kernel = makeFp8Kernel();
  kernel["batch"] = json::Object{{"strided", true}};
  kernel["grid"] = json::Object{
      {"persistent", json::Object{{"ctas_per_sm", 1}}},
      {"tiles", json::Object{{"m", 128}, {"n", 128}, {"batch", 1}}}};
  json::Array parameters;
  for (StringRef operand : {"a", "b", "c"})
    parameters.push_back(
        json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", 3}});
  parameters.push_back(
      json::Object{{"kind", "memref"}, {"operand", "scale_a"}, {"rank", rankA}});
  parameters.push_back(
      json::Object{{"kind", "memref"}, {"operand", "scale_b"}, {"rank", rankB}});
  kernel["parameters"] = std::move(parameters);
  return kernel;
}

TEST(ScaledKernelSpecTest, BatchedScalesPerEntryOrShared) {
  // A's block scales per batch entry (rank 3), B's shared (rank 2).
  KernelSpec spec = parseSingleKernel(makeBatchedFp8Kernel(3, 2));
  EXPECT_TRUE(spec.stridedBatch);
  EXPECT_TRUE(hasPerEntryScales(spec, Operand::A));
  EXPECT_FALSE(hasPerEntryScales(spec, Operand::B));
  // The scales of each entry packed after the previous entry's.
  GemmShape shape = GemmShape::get(300, 200, 520, 0, 0, 0,
                                   {MatrixLayout::Row, MatrixLayout::Col,
                                    MatrixLayout::Row})
                        .withBatch(4);
  OperandAddresses addresses{0x1000, 0x2000, 0x3000, addressScaleA,
                             addressScaleB};
  ArrayRef<uint64_t> values =
      packKernelParams(spec, shape, addresses).getValues();
  ASSERT_EQ(values.size(), 3 * MemRef3DParamCount + 9 + 7);
  // scale_a: allocated, aligned, offset, sizes [4, 300, 5], strides
  // [1500, 1, 300]; scale_b shared: sizes [5, 2], strides [1, 5].
  EXPECT_EQ(values.slice(3 * MemRef3DParamCount, 9).vec(),
            (std::vector<uint64_t>{addressScaleA, addressScaleA, 0, 4, 300, 5,
                                   1500, 1, 300}));
  EXPECT_EQ(values.take_back(7).vec(),
            (std::vector<uint64_t>{addressScaleB, addressScaleB, 0, 5, 2, 1,
                                   5}));
}

TEST(ScaledKernelSpecTest, ReadsTheCompilersFp8Kernel) {
  KernelSpec spec = parseSingleKernel(makeFp8Kernel());
  EXPECT_EQ(spec.aType, ElementType::F8E4M3FN);
  EXPECT_EQ(spec.bType, ElementType::F8E4M3FN);
  EXPECT_EQ(spec.cType, ElementType::BF16);
  ASSERT_TRUE(spec.scaling.has_value());
  EXPECT_EQ(spec.scaling->a, ScaleMode::Block1x128);
  EXPECT_EQ(spec.scaling->b, ScaleMode::Block128x128);
  EXPECT_FALSE(spec.scaling->fastAccumulation);
  EXPECT_TRUE(isScaledGemm(spec));
  EXPECT_EQ(spec.scaling->describe(), "a=block_1x128 b=block_128x128");
  ASSERT_EQ(spec.parameters.size(), 8u);
  EXPECT_EQ(spec.parameters[6].kind, KernelParamSpec::Kind::ScaleMemRef);
  EXPECT_EQ(getParamOperandName(spec.parameters[6]), "scale_a");
  EXPECT_EQ(getParamOperandName(spec.parameters[7]), "scale_b");
  EXPECT_EQ(spec.parameters[7].rank, 2u);
  EXPECT_FALSE(isScaledGemm(parseSingleKernel(makeValidKernel())));
}

/// Sets the box of tma parameter `index` of `kernel` to [inner, outer].
void setBox(json::Object &kernel, size_t index, int inner, int outer) {
  (*(*kernel.getArray("parameters"))[index].getAsObject())["box"] =
      json::Array{inner, outer};
}

TEST(ScaledKernelSpecTest, ReadsEveryModeAndMix) {
  json::Object kernel = makeFp8Kernel("row", "tensor", 1, 0);
  (*kernel.getObject("types"))["a"] = "f8E5M2";
  (*kernel.getObject("types"))["c"] = "f32";
  setBox(kernel, 5, 32, 64); // 128 bytes of f32 C
  (*kernel.getObject("scaling"))["fast_accumulation"] = true;
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  EXPECT_EQ(spec.aType, ElementType::F8E5M2);
  EXPECT_EQ(spec.cType, ElementType::F32);
  ASSERT_TRUE(spec.scaling.has_value());
  EXPECT_EQ(spec.scaling->a, ScaleMode::Row);
  EXPECT_EQ(spec.scaling->b, ScaleMode::Tensor);
  EXPECT_TRUE(spec.scaling->fastAccumulation);
  EXPECT_EQ(spec.scaling->describe(), "a=row b=tensor, fast accumulation");
  json::Object column = makeFp8Kernel("tensor", "column", 0, 1);
  column["types"] = json::Object{
      {"a", "f8E4M3FN"}, {"b", "f8E5M2"}, {"c", "f16"}, {"accumulator", "f32"}};
  ASSERT_EQ(kernelError(column).exitCode, ExitPass)
      << kernelError(column).message;
  KernelSpec columnSpec = parseSingleKernel(std::move(column));
  ASSERT_TRUE(columnSpec.scaling.has_value());
  EXPECT_EQ(columnSpec.scaling->b, ScaleMode::Column);
}

TEST(ScaledKernelSpecTest, ReadsEightBitStagedCopies) {
  json::Object kernel = makeFp8Kernel();
  kernel["staged_copies"] = json::Object{
      {"a", makeMatrixMoveEntry("copy", "stage_copy", "f8E4M3FN", 16, 512,
                                /*batched=*/false)},
      {"b", makeMatrixMoveEntry("copy", "stage_copy", "f8E4M3FN", 16, 512,
                                /*batched=*/false)}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.stagedCopies.size(), 2u);
  EXPECT_EQ(spec.stagedCopies[0].kernel->matrixMove->elementType,
            ElementType::F8E4M3FN);
  EXPECT_EQ(spec.stagedCopies[0].kernel->matrixMove->vectorElements, 16);
}

TEST(ScaledKernelSpecTest, RefusesInconsistentEntries) {
  auto withTypes = [](json::Object kernel, StringRef a, StringRef b) {
    (*kernel.getObject("types"))["a"] = a;
    (*kernel.getObject("types"))["b"] = b;
    // 128 bytes per box row of B.
    if (!b.starts_with("f8"))
      setBox(kernel, 4, 64, 128);
    return kernel;
  };
  auto withField = [](json::Object kernel, StringRef key, json::Value value) {
    kernel[key] = std::move(value);
    return kernel;
  };
  auto withoutField = [](json::Object kernel, StringRef key) {
    kernel.erase(key);
    return kernel;
  };
  auto withParameter = [](json::Object kernel, json::Object parameter) {
    kernel.getArray("parameters")->push_back(std::move(parameter));
    return kernel;
  };
  auto scaleParameter = [](StringRef operand, int rank) {
    return json::Object{
        {"kind", "memref"}, {"operand", operand}, {"rank", rank}};
  };
  json::Object nanFill = makeFp8Kernel();
  (*(*nanFill.getArray("parameters"))[3].getAsObject())["oob_fill"] = "nan";
  json::Object bf16Layouts = makeValidKernel();
  bf16Layouts["scaling"] = json::Object{{"a", "tensor"}, {"b", "tensor"}};
  RefusedKernelCase cases[] = {
      {"e5m2 times e5m2", withTypes(makeFp8Kernel(), "f8E5M2", "f8E5M2"),
       "unsupported type combination a=f8E5M2 b=f8E5M2: cuBLASLt, the "
       "reference of FP8 GEMMs, multiplies f8E5M2 only by f8E4M3FN"},
      {"8-bit times 16-bit", withTypes(makeFp8Kernel(), "f8E4M3FN", "bf16"),
       "types a=f8E4M3FN b=bf16: an FP8 GEMM multiplies 8-bit floats by "
       "8-bit floats"},
      {"no scaling", withoutField(makeFp8Kernel(), "scaling"),
       "missing required field 'scaling': an FP8 GEMM (a=f8E4M3FN "
       "b=f8E4M3FN) states how its f32 scales apply"},
      {"scaling on bf16", std::move(bf16Layouts),
       "field 'scaling' is for FP8 GEMMs (8-bit a and b), but the kernel's "
       "types are a=bf16 b=bf16"},
      {"scales on bf16",
       withParameter(makeValidKernel(), scaleParameter("scale_a", 0)),
       "parameters: a 'scale_a' parameter, but the kernel has no "
       "\"scaling\""},
      {"row-major B",
       withField(makeFp8Kernel(), "layouts",
                 json::Object{{"a", "row"}, {"b", "row"}, {"c", "row"}}),
       "field 'layouts' is a=row b=row c=row; an FP8 GEMM takes a=row b=col "
       "c=row"},
      {"column-major C",
       withField(makeFp8Kernel(), "layouts",
                 json::Object{{"a", "row"}, {"b", "col"}, {"c", "col"}}),
       "field 'layouts' is a=row b=col c=col"},
      {"rank against mode", makeFp8Kernel("tensor", "block_128x128", 1, 2),
       "parameters: 'scale_a' has rank 1, but \"scaling\" has a = tensor, "
       "whose scales are a rank-0 memref"},
      {"vector rank", makeFp8Kernel("block_1x128", "column", 2, 2),
       "'scale_b' has rank 2, but \"scaling\" has b = column, whose scales "
       "are a rank-1 memref"},
      {"scale passed twice",
       withParameter(makeFp8Kernel(), scaleParameter("scale_b", 2)),
       "parameters: 'scale_b' is passed twice"},
      {"missing scale",
       [] {
         json::Object kernel = makeFp8Kernel();
         kernel.getArray("parameters")->pop_back();
         return kernel;
       }(),
       "parameters: no 'scale_b' memref, which \"scaling\" "
       "(a=block_1x128 b=block_128x128) needs"},
      {"block scales with fast accumulation",
       withField(makeFp8Kernel(), "scaling",
                 json::Object{{"a", "block_1x128"},
                              {"b", "tensor"},
                              {"fast_accumulation", true}}),
       "field 'scaling' has block scales and \"fast_accumulation\": true"},
      {"batched scales of neither rank",
       makeBatchedFp8Kernel(1, 2),
       "parameters: 'scale_a' has rank 1, but \"scaling\" has a = "
       "block_1x128, whose scales are a rank-2 memref (or rank 3: one set "
       "per batch entry)"},
      {"NaN fill of 8-bit maps", std::move(nanFill),
       "parameters[3]: \"oob_fill\": \"nan\" needs a float type TMA knows; "
       "it maps f8E4M3FN as UINT8"},
  };
  for (RefusedKernelCase &c : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(c.kernel), c.expected)) << c.what;
}

TEST(ScaledKernelSpecTest, ScaleTensorLayouts) {
  // M = 300, N = 200, K = 520: Kb = 5, Nb = 2.
  ScaleTensorLayout tensor =
      getScaleTensorLayout(ScaleMode::Tensor, 300, 200, 520);
  EXPECT_EQ(tensor.rank, 0u);
  EXPECT_EQ(tensor.elements, 1);
  EXPECT_EQ(tensor.getIndex(17, 3), 0);
  ScaleTensorLayout row = getScaleTensorLayout(ScaleMode::Row, 300, 200, 520);
  EXPECT_EQ(row.rank, 1u);
  EXPECT_EQ(row.sizes[0], 300);
  EXPECT_EQ(row.strides[0], 1);
  EXPECT_EQ(row.elements, 300);
  EXPECT_EQ(row.getIndex(17, 3), 17);
  ScaleTensorLayout column =
      getScaleTensorLayout(ScaleMode::Column, 300, 200, 520);
  EXPECT_EQ(column.elements, 200);
  EXPECT_EQ(column.getIndex(199, 4), 199);
  ScaleTensorLayout blockA =
      getScaleTensorLayout(ScaleMode::Block1x128, 300, 200, 520);
  EXPECT_EQ(blockA.rank, 2u);
  EXPECT_EQ(blockA.sizes, (std::array<int64_t, 2>{300, 5}));
  EXPECT_EQ(blockA.strides, (std::array<int64_t, 2>{1, 300}));
  EXPECT_EQ(blockA.elements, 1500);
  EXPECT_EQ(blockA.getIndex(17, 3), 17 + 3 * 300);
  ScaleTensorLayout blockB =
      getScaleTensorLayout(ScaleMode::Block128x128, 300, 200, 520);
  EXPECT_EQ(blockB.sizes, (std::array<int64_t, 2>{5, 2}));
  EXPECT_EQ(blockB.strides, (std::array<int64_t, 2>{1, 5}));
  EXPECT_EQ(blockB.elements, 10);
  // Column 130 lies in the second block of 128 columns.
  EXPECT_EQ(blockB.getIndex(130, 3), 3 + 1 * 5);
  EXPECT_EQ(blockB.getIndex(127, 4), 4);
}

TEST(ScaledKernelSpecTest, PacksScalesAfterTheOperands) {
  // 300 x 200 x 520 with A lda 528 and B (column-major) ldb 528.
  GemmShape shape =
      GemmShape::get(300, 200, 520, 528, 528, 200,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row});
  OperandAddresses addresses{addressA, addressB, addressC, addressScaleA,
                             addressScaleB};
  struct Case {
    const char *a, *b;
    int rankA, rankB;
    std::vector<uint64_t> scales;
  };
  Case cases[] = {
      {"tensor",
       "tensor",
       0,
       0,
       {addressScaleA, addressScaleA, 0, addressScaleB, addressScaleB, 0}},
      {"row",
       "column",
       1,
       1,
       {addressScaleA, addressScaleA, 0, 300, 1, addressScaleB, addressScaleB,
        0, 200, 1}},
      {"block_1x128",
       "block_128x128",
       2,
       2,
       {addressScaleA, addressScaleA, 0, 300, 5, 1, 300, addressScaleB,
        addressScaleB, 0, 5, 2, 1, 5}},
  };
  for (const Case &c : cases) {
    KernelSpec spec =
        parseSingleKernel(makeFp8Kernel(c.a, c.b, c.rankA, c.rankB));
    // The operands' memrefs, the tensor map addresses of a, b and c, then
    // the scales.
    PackedKernelParams params =
        packKernelParams(spec, shape, addresses,
                         {TensorMapArgument{CUtensorMap{}, 0x1000, true},
                          TensorMapArgument{CUtensorMap{}, 0x1080, true},
                          TensorMapArgument{CUtensorMap{}, 0x1100, true}});
    ArrayRef<uint64_t> values = params.getValues();
    ASSERT_EQ(values.size(), 3 * MemRef2DParamCount + 3 + c.scales.size())
        << c.a;
    std::vector<uint64_t> operandA = {addressA, addressA, 0, 300, 520, 528, 1};
    EXPECT_EQ(values.take_front(7).vec(), operandA);
    // B is column-major: K × N with unit stride along K.
    std::vector<uint64_t> operandB = {addressB, addressB, 0, 520, 200, 1, 528};
    EXPECT_EQ(values.slice(7, 7).vec(), operandB);
    EXPECT_EQ(values.slice(21, 3).vec(),
              (std::vector<uint64_t>{0x1000, 0x1080, 0x1100}));
    EXPECT_EQ(values.drop_front(24).vec(), c.scales) << c.a << " " << c.b;
  }
}

TEST(ScaledKernelSpecTest, EightBitTensorMapsAreBytes) {
  KernelSpec spec = parseSingleKernel(makeFp8Kernel());
  // K = 4096 bytes per row of A and of the stored N×K B.
  GemmShape shape =
      GemmShape::get(1024, 2048, 4096, 0, 0, 0,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row});
  Expected<TensorMapEncoding> a =
      computeTensorMapEncoding(spec, spec.parameters[3], shape, addressA);
  ASSERT_TRUE(static_cast<bool>(a)) << toString(a.takeError());
  EXPECT_EQ(a->dataType, CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(a->globalDim[0], 4096u); // K innermost
  EXPECT_EQ(a->globalDim[1], 1024u);
  EXPECT_EQ(a->globalStrides[0], 4096u);
  EXPECT_EQ(a->boxDim[0], 128u); // 128 bytes: the 128-byte swizzle span
  Expected<TensorMapEncoding> b =
      computeTensorMapEncoding(spec, spec.parameters[4], shape, addressB);
  ASSERT_TRUE(static_cast<bool>(b)) << toString(b.takeError());
  EXPECT_EQ(b->dataType, CU_TENSOR_MAP_DATA_TYPE_UINT8);
  EXPECT_EQ(b->globalDim[0], 4096u); // K innermost
  EXPECT_EQ(b->globalDim[1], 2048u);
  EXPECT_EQ(b->globalStrides[0], 4096u);
  // An odd K leaves rows TMA cannot read in place (the runtime stages them).
  GemmShape odd =
      GemmShape::get(1024, 2048, 4095, 0, 0, 0,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row});
  Expected<TensorMapEncoding> unaligned =
      computeTensorMapEncoding(spec, spec.parameters[3], odd, addressA);
  ASSERT_FALSE(static_cast<bool>(unaligned));
  EXPECT_NE(toString(unaligned.takeError())
                .find("lda=4095 (f8E4M3FN) gives "
                      "4095 bytes"),
            std::string::npos);
}

TEST(ScaledKernelSpecTest, TheProblemPathRefusesFp8Kernels) {
  KernelSpec spec = parseSingleKernel(makeFp8Kernel("row", "column", 1, 1));
  KernelCapabilities capabilities = getKernelCapabilities(spec);
  GemmProblem problem = GemmProblem::get(
      GemmShape::get(256, 256, 256, 0, 0, 0,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row}),
      ElementType::F8E4M3FN, ElementType::F8E4M3FN, ElementType::BF16);
  Error other = Error::success();
  std::optional<RefusalSummary> refusal =
      takeRefusal(checkProblemLaunchable(spec, capabilities, problem), other);
  EXPECT_FALSE(static_cast<bool>(other)) << toString(std::move(other));
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->reason, RefusalReason::Launch);
  EXPECT_EQ(refusal->message,
            "kernel gemm_kernel_0 is an FP8 GEMM (a=row b=column), whose "
            "scales a GemmProblem does not describe; gemm-run runs it");
}

} // namespace

namespace {

/// makeFp8Kernel() with an e4m3 C (its map's box 128 bytes wide), scale_d
/// and amax.
json::Object makeE4m3OutputKernel() {
  json::Object kernel = makeFp8Kernel("tensor", "tensor", 0, 0);
  (*kernel.getObject("types"))["c"] = "f8E4M3FN";
  (*(*kernel.getArray("parameters"))[5].getAsObject())["box"] =
      json::Array{128, 64};
  kernel["min_alignment_bytes"] = 1;
  for (StringRef operand : {"scale_d", "amax"})
    kernel.getArray("parameters")
        ->push_back(json::Object{
            {"kind", "memref"}, {"operand", operand}, {"rank", 0}});
  return kernel;
}

TEST(ScaledKernelSpecTest, ReadsAndPacksTheOutputScaleAndAmax) {
  KernelSpec spec = parseSingleKernel(makeE4m3OutputKernel());
  EXPECT_EQ(spec.cType, ElementType::F8E4M3FN);
  ASSERT_EQ(spec.parameters.size(), 10u);
  EXPECT_EQ(spec.parameters[8].kind, KernelParamSpec::Kind::ScaleDMemRef);
  EXPECT_EQ(spec.parameters[9].kind, KernelParamSpec::Kind::AmaxMemRef);
  EXPECT_EQ(getParamOperandName(spec.parameters[8]), "scale_d");
  EXPECT_EQ(getParamOperandName(spec.parameters[9]), "amax");
  GemmShape shape =
      GemmShape::get(256, 256, 256, 256, 256, 256,
                     {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row});
  OperandAddresses addresses{addressA,      addressB,      addressC,
                             addressScaleA, addressScaleB, 0x7f0000500000,
                             0x7f0000600000};
  PackedKernelParams params =
      packKernelParams(spec, shape, addresses,
                       {TensorMapArgument{CUtensorMap{}, 0x1000, true},
                        TensorMapArgument{CUtensorMap{}, 0x1080, true},
                        TensorMapArgument{CUtensorMap{}, 0x1100, true}});
  // The scales, then scale_d and amax: rank-0 memrefs each.
  EXPECT_EQ(
      params.getValues().drop_front(24).vec(),
      (std::vector<uint64_t>{addressScaleA, addressScaleA, 0, addressScaleB,
                             addressScaleB, 0, 0x7f0000500000, 0x7f0000500000,
                             0, 0x7f0000600000, 0x7f0000600000, 0}));
}

TEST(ScaledKernelSpecTest, RefusesOutputParametersThatDoNotFit) {
  json::Object noScaleD = makeE4m3OutputKernel();
  noScaleD.getArray("parameters")
      ->erase(noScaleD.getArray("parameters")->begin() + 8);
  json::Object twice = makeE4m3OutputKernel();
  twice.getArray("parameters")
      ->push_back(
          json::Object{{"kind", "memref"}, {"operand", "amax"}, {"rank", 0}});
  json::Object bf16ScaleD = makeFp8Kernel("tensor", "tensor", 0, 0);
  bf16ScaleD.getArray("parameters")
      ->push_back(json::Object{
          {"kind", "memref"}, {"operand", "scale_d"}, {"rank", 0}});
  json::Object vector = makeE4m3OutputKernel();
  (*(*vector.getArray("parameters"))[9].getAsObject())["rank"] = 1;
  json::Object amaxOnBf16 = makeValidKernel();
  amaxOnBf16.getArray("parameters")
      ->push_back(
          json::Object{{"kind", "memref"}, {"operand", "amax"}, {"rank", 0}});
  json::Object e5m2 = makeE4m3OutputKernel();
  (*e5m2.getObject("types"))["c"] = "f8E5M2";
  RefusedKernelCase cases[] = {
      {"e4m3 without scale_d", std::move(noScaleD),
       "parameters: no 'scale_d' memref, which an 8-bit c (f8E4M3FN) needs"},
      {"amax twice", std::move(twice), "parameters: 'amax' is passed twice"},
      {"scale_d on bf16", std::move(bf16ScaleD),
       "parameters: 'scale_d' quantizes an 8-bit c, but c is bf16"},
      {"amax vector", std::move(vector), "expected 0 (one f32)"},
      {"amax on bf16 inputs", std::move(amaxOnBf16),
       "parameters: a 'amax' parameter, but the kernel has no \"scaling\""},
      {"e5m2 output", std::move(e5m2),
       "expected \"f16\", \"bf16\", \"f32\" or \"f8E4M3FN\""},
  };
  for (RefusedKernelCase &c : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(c.kernel), c.expected)) << c.what;
}

} // namespace
