//===- TensorMapTest.cpp - "tma" parameters and their encoding (no GPU) ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/GemmShape.h"
#include "runtime/KernelArguments.h"
#include "runtime/RuntimeError.h"
#include "runtime/OperandStaging.h"
#include "runtime/TensorMapEncoding.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// makeValidKernel() with the parameters `a`, `b`, `c`.
json::Object withParams(json::Object a, json::Object b, json::Object c) {
  json::Object kernel = makeValidKernel();
  kernel["parameters"] = json::Array{std::move(a), std::move(b), std::move(c)};
  return kernel;
}

json::Object memref(StringRef operand) {
  return json::Object{{"kind", "memref"}, {"operand", operand}, {"rank", 2}};
}

/// The encoding of the first tma parameter for `operand`.
Expected<TensorMapEncoding> encode(const KernelSpec &spec, Operand operand,
                                   const GemmShape &shape, uint64_t address) {
  for (const KernelParamSpec &param : spec.parameters)
    if (param.isTensorMapOf(operand))
      return computeTensorMapEncoding(spec, param, shape, address);
  return makeBadInputError("no tma parameter");
}

/// The encoding of the tma parameter over the residual.
Expected<TensorMapEncoding> encodeResidual(const KernelSpec &spec,
                                           const GemmShape &shape,
                                           uint64_t address) {
  for (const KernelParamSpec &param : spec.parameters)
    if (param.isTensorMap() && param.overResidual)
      return computeTensorMapEncoding(spec, param, shape, address);
  return makeBadInputError("no tma parameter over the residual");
}

constexpr uint64_t addressResidual = 0x7f0000400000;

/// A map the kernel can do without, as a tma epilogue store passes C's and
/// the residual's.
json::Object nullableMap(StringRef operand, StringRef pass,
                         json::Array box = json::Array{64, 32}) {
  json::Object map = makeTmaParam(operand, std::move(box), 128, pass);
  map["null_when_unaligned"] = true;
  if (operand == "residual")
    map["l2_promotion"] = 0;
  return map;
}

json::Object tmaPresent(StringRef operand) {
  return json::Object{{"kind", "tma_present"}, {"operand", operand}};
}

json::Object residualMemref() {
  return json::Object{{"kind", "memref"}, {"operand", "residual"}, {"rank", 2}};
}

/// makeValidKernel() with a residual epilogue and `parameters` after the
/// memrefs of a, b and c.
json::Object withResidualEpilogue(json::Array parameters) {
  json::Object kernel = makeValidKernel();
  json::Array all{memref("a"), memref("b"), memref("c")};
  for (json::Value &value : parameters)
    all.push_back(std::move(value));
  kernel["parameters"] = std::move(all);
  kernel["epilogue"] = json::Object{{"residual", true}};
  return kernel;
}

/// What gemm-translate writes for a tma epilogue store with a residual: C's
/// map, then the residual's (each followed by its tma_present when passed
/// by_value), then the residual's memref.
json::Object makeResidualMapKernel(StringRef pass,
                                   json::Array box = json::Array{64, 32}) {
  bool byValue = pass == "by_value";
  json::Array parameters{nullableMap("c", pass, box)};
  if (byValue)
    parameters.push_back(tmaPresent("c"));
  parameters.push_back(nullableMap("residual", pass, box));
  if (byValue)
    parameters.push_back(tmaPresent("residual"));
  parameters.push_back(residualMemref());
  return withResidualEpilogue(std::move(parameters));
}

TEST(TensorMapTest, ParsesTmaParameters) {
  KernelSpec spec = parseSingleKernel(makeHopperKernel());
  ASSERT_EQ(spec.parameters.size(), 3u);
  EXPECT_TRUE(spec.hasTensorMaps());
  const KernelParamSpec &a = spec.parameters[0];
  EXPECT_EQ(a.kind, KernelParamSpec::Kind::TensorMap);
  EXPECT_EQ(a.operand, Operand::A);
  EXPECT_EQ(a.tensorMap.box, (std::array<uint32_t, 3>{64, 128, 1}));
  EXPECT_EQ(a.tensorMap.swizzleBytes, 128u);
  EXPECT_EQ(a.tensorMap.l2PromotionBytes, 256u);
  EXPECT_EQ(a.tensorMap.passing, TensorMapPassing::GlobalPointer);
  EXPECT_EQ(a.tensorMap.oobFill, TensorMapOobFill::Zero);
  EXPECT_EQ(spec.parameters[1].tensorMap.passing, TensorMapPassing::ByValue);
  EXPECT_FALSE(spec.parameters[2].isTensorMap());
  EXPECT_FALSE(parseSingleKernel(makeValidKernel()).hasTensorMaps());

  // Optional fields, and a memref next to a tma parameter of one operand.
  json::Object minimal{{"kind", "tma"},
                       {"operand", "c"},
                       {"box", json::Array{8, 256}},
                       {"swizzle", 0},
                       {"pass", "by_value"}};
  json::Object nan = makeTmaParam("b", json::Array{32, 8}, 64, "by_value");
  nan["oob_fill"] = "nan";
  json::Object kernel = makeValidKernel();
  kernel["parameters"] = json::Array{memref("a"), memref("b"), memref("c"),
                                     std::move(minimal), std::move(nan)};
  spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 5u);
  const TensorMapSpec &c = spec.parameters[3].tensorMap;
  EXPECT_EQ(c.box, (std::array<uint32_t, 3>{8, 256, 1}));
  EXPECT_EQ(c.swizzleBytes, 0u);
  EXPECT_EQ(c.l2PromotionBytes, 0u);
  EXPECT_EQ(c.oobFill, TensorMapOobFill::Zero);
  EXPECT_EQ(spec.parameters[4].tensorMap.oobFill, TensorMapOobFill::Nan);
}

TEST(TensorMapTest, RefusesBadTmaParameters) {
  struct Case {
    const char *field;
    json::Value value;
    const char *expected;
  };
  Case cases[] = {
      {"box", json::Array{64},
       "expected [inner, outer] (or [inner, outer, 1] for a batched operand)"},
      {"box", json::Array{64, 0}, "each in [1, 256]"},
      {"box", json::Array{64, 512}, "each in [1, 256]"},
      {"box", "64x64", "expected array at kernels[0].parameters[0].box"},
      // bf16: 128 elements are 256 bytes, over the 128-byte swizzle span.
      {"box", json::Array{128, 64},
       "box [128, 64] of bf16: the inner extent is 256 bytes, more than the "
       "128-byte swizzle span"},
      // bf16: 4 elements are 8 bytes.
      {"box", json::Array{4, 64},
       "box [4, 64] of bf16: the inner extent is 8 bytes, not a multiple of "
       "16 bytes"},
      {"swizzle", 16, "expected 0, 32, 64 or 128 at kernels[0].parameters[0].swizzle"},
      {"swizzle", "128B", "expected integer at kernels[0].parameters[0].swizzle"},
      {"l2_promotion", 32,
       "expected 0, 64, 128 or 256 at kernels[0].parameters[0].l2_promotion"},
      {"pass", "by_reference",
       "expected \"global_pointer\" or \"by_value\" at "
       "kernels[0].parameters[0].pass"},
      {"oob_fill", "inf", "expected \"zero\" or \"nan\" at "
                          "kernels[0].parameters[0].oob_fill"},
      {"operand", "d", "expected \"a\", \"b\", \"c\" or \"residual\" at "
                         "kernels[0].parameters[0].operand"},
  };
  for (Case &c : cases) {
    json::Object param =
        makeTmaParam("a", json::Array{64, 64}, 128, "by_value");
    param[c.field] = std::move(c.value);
    ErrorSummary error =
        kernelError(withParams(std::move(param), memref("b"), memref("c")));
    EXPECT_EQ(error.exitCode, ExitBadInput) << c.expected;
    EXPECT_NE(error.message.find(c.expected), std::string::npos)
        << error.message;
    EXPECT_NE(error.message.find("b.json: "), std::string::npos)
        << error.message;
    EXPECT_NE(error.message.find("parameters[0]"), std::string::npos)
        << error.message;
  }
  for (const char *field : {"operand", "box", "swizzle", "pass"}) {
    json::Object param =
        makeTmaParam("a", json::Array{64, 64}, 128, "by_value");
    param.erase(field);
    ErrorSummary error =
        kernelError(withParams(std::move(param), memref("b"), memref("c")));
    EXPECT_NE(error.message.find("missing value at kernels[0].parameters[0]." +
                                 std::string(field)),
              std::string::npos)
        << error.message;
  }

  // The swizzle span depends on the element type: f32 fits 32 elements in
  // 128 bytes, bf16 would fit 64.
  json::Object kernel =
      withParams(makeTmaParam("a", json::Array{64, 64}, 128, "by_value"),
                 memref("b"), memref("c"));
  kernel["types"] = json::Object{
      {"a", "f32"}, {"b", "f32"}, {"c", "f32"}, {"accumulator", "f32"}};
  ErrorSummary error = kernelError(std::move(kernel));
  EXPECT_NE(error.message.find("box [64, 64] of f32: the inner extent is 256 "
                               "bytes"),
            std::string::npos)
      << error.message;

  // Two tma parameters for one operand.
  error = kernelError(withParams(
      makeTmaParam("a", json::Array{64, 64}, 128, "by_value"),
      makeTmaParam("a", json::Array{64, 64}, 128, "by_value"), memref("c")));
  EXPECT_NE(error.message.find("parameters[1]: operand 'a' is passed twice "
                               "as a tma parameter"),
            std::string::npos)
      << error.message;
  error = kernelError(withParams(
      makeTmaParam("a", json::Array{64, 64}, 128, "by_value"),
      makeTmaParam("c", json::Array{64, 64}, 128, "by_value"), memref("c")));
  EXPECT_NE(error.message.find("no memref or tma parameter for operand 'b'"),
            std::string::npos)
      << error.message;
}

TEST(TensorMapTest, AByValueMapLeftOutHasItsPresenceParameter) {
  auto nullableC = [](StringRef pass) {
    json::Object map = makeTmaParam("c", json::Array{64, 32}, 128, pass);
    map["null_when_unaligned"] = true;
    return map;
  };
  auto present = [] {
    return json::Object{{"kind", "tma_present"}, {"operand", "c"}};
  };
  auto withTail = [&](json::Array tail) {
    json::Object kernel = makeValidKernel();
    json::Array parameters{memref("a"), memref("b"), memref("c")};
    for (json::Value &value : tail)
      parameters.push_back(std::move(value));
    kernel["parameters"] = std::move(parameters);
    return kernel;
  };
  // A global_pointer map needs none (a null pointer says it is left out),
  // but may have one.
  EXPECT_EQ(
      parseSingleKernel(withTail(json::Array{nullableC("global_pointer")}))
          .parameters.size(),
      4u);
  EXPECT_EQ(parseSingleKernel(
                withTail(json::Array{nullableC("global_pointer"), present()}))
                .parameters.size(),
            5u);
  EXPECT_EQ(
      parseSingleKernel(withTail(json::Array{nullableC("by_value"), present()}))
          .parameters.size(),
      5u);

  ErrorSummary missing =
      kernelError(withTail(json::Array{nullableC("by_value")}));
  EXPECT_EQ(missing.exitCode, ExitBadInput);
  EXPECT_NE(
      missing.message.find("parameters[3]: a by_value tma parameter with "
                           "null_when_unaligned must be followed by {\"kind\": "
                           "\"tma_present\", \"operand\": \"c\"}"),
      std::string::npos)
      << missing.message;

  const char *misplaced = "a tma_present parameter must follow its operand's "
                          "tma parameter with null_when_unaligned";
  json::Array misplacedTails[] = {
      json::Array{present()},
      json::Array{present(), nullableC("by_value")},
      json::Array{makeTmaParam("c", json::Array{64, 32}, 128, "by_value"),
                  present()},
      json::Array{nullableC("by_value"),
                  json::Object{{"kind", "tma_present"}, {"operand", "a"}}},
  };
  for (json::Array &tail : misplacedTails) {
    ErrorSummary error = kernelError(withTail(std::move(tail)));
    EXPECT_EQ(error.exitCode, ExitBadInput);
    EXPECT_NE(error.message.find(misplaced), std::string::npos)
        << error.message;
  }
}

TEST(TensorMapTest, EncodesTheOperands) {
  // bf16, every leading dimension above its extent.
  GemmShape shape = GemmShape::get(/*m=*/256, /*n=*/512, /*k=*/128,
                                   /*lda=*/136, /*ldb=*/520, /*ldc=*/528);
  json::Object paramB =
      makeTmaParam("b", json::Array{32, 64}, 64, "global_pointer");
  paramB["l2_promotion"] = 128;
  paramB["oob_fill"] = "nan";
  json::Object paramC = makeTmaParam("c", json::Array{16, 8}, 0, "by_value");
  paramC.erase("l2_promotion");
  json::Object kernel =
      withParams(makeTmaParam("a", json::Array{64, 128}, 128, "by_value"),
                 std::move(paramB), std::move(paramC));
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 3u);

  Expected<TensorMapEncoding> a = encode(spec, Operand::A, shape, addressA);
  ASSERT_TRUE(static_cast<bool>(a)) << toString(a.takeError());
  EXPECT_EQ(a->operand, Operand::A);
  EXPECT_EQ(a->dataType, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(a->globalAddress, addressA);
  EXPECT_EQ(a->globalDim, (std::array<cuuint64_t, 3>{128, 256, 1})); // [K, M]
  EXPECT_EQ(a->globalStrides, (std::array<cuuint64_t, 2>{136 * 2, 0}));
  EXPECT_EQ(a->boxDim, (std::array<cuuint32_t, 3>{64, 128, 1}));
  EXPECT_EQ(a->elementStrides, (std::array<cuuint32_t, 3>{1, 1, 1}));
  EXPECT_EQ(a->interleave, CU_TENSOR_MAP_INTERLEAVE_NONE);
  EXPECT_EQ(a->swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  EXPECT_EQ(a->l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_L2_256B);
  EXPECT_EQ(a->oobFill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);

  Expected<TensorMapEncoding> b = encode(spec, Operand::B, shape, addressB);
  ASSERT_TRUE(static_cast<bool>(b)) << toString(b.takeError());
  EXPECT_EQ(b->globalDim, (std::array<cuuint64_t, 3>{512, 128, 1})); // [N, K]
  EXPECT_EQ(b->globalStrides, (std::array<cuuint64_t, 2>{520 * 2, 0}));
  EXPECT_EQ(b->boxDim, (std::array<cuuint32_t, 3>{32, 64, 1}));
  EXPECT_EQ(b->swizzle, CU_TENSOR_MAP_SWIZZLE_64B);
  EXPECT_EQ(b->l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_L2_128B);
  EXPECT_EQ(b->oobFill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA);

  Expected<TensorMapEncoding> c = encode(spec, Operand::C, shape, addressC);
  ASSERT_TRUE(static_cast<bool>(c)) << toString(c.takeError());
  EXPECT_EQ(c->globalDim, (std::array<cuuint64_t, 3>{512, 256, 1})); // [N, M]
  EXPECT_EQ(c->globalStrides, (std::array<cuuint64_t, 2>{528 * 2, 0}));
  EXPECT_EQ(c->swizzle, CU_TENSOR_MAP_SWIZZLE_NONE);
  EXPECT_EQ(c->l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_NONE);
  EXPECT_EQ(c->describe(), "operand c: address 0x7f0000200000, dims [512, "
                           "256], row pitch 1056 B, box [16, 8], swizzle none");
}

TEST(TensorMapTest, ElementTypes) {
  EXPECT_EQ(getTensorMapDataType(ElementType::F16),
            CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(getTensorMapDataType(ElementType::BF16),
            CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(getTensorMapDataType(ElementType::F32),
            CU_TENSOR_MAP_DATA_TYPE_FLOAT32);

  // f16 inputs, f32 output: c's map is f32, its pitch 4 bytes per element.
  json::Object kernel = withParams(
      makeTmaParam("a", json::Array{64, 64}, 128, "by_value"), memref("b"),
      makeTmaParam("c", json::Array{32, 32}, 128, "by_value"));
  kernel["types"] = json::Object{
      {"a", "f16"}, {"b", "f16"}, {"c", "f32"}, {"accumulator", "f32"}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  GemmShape shape = GemmShape::get(128, 256, 64, 0, 0, /*ldc=*/260);
  Expected<TensorMapEncoding> a = encode(spec, Operand::A, shape, addressA);
  ASSERT_TRUE(static_cast<bool>(a)) << toString(a.takeError());
  EXPECT_EQ(a->dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT16);
  EXPECT_EQ(a->globalStrides[0], 64u * 2);
  Expected<TensorMapEncoding> c = encode(spec, Operand::C, shape, addressC);
  ASSERT_TRUE(static_cast<bool>(c)) << toString(c.takeError());
  EXPECT_EQ(c->dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(c->globalStrides[0], 260u * 4);
}

TEST(TensorMapTest, AlignmentErrorsNameTheOperand) {
  KernelSpec spec = parseSingleKernel(makeHopperKernel());
  GemmShape shape = GemmShape::get(256, 512, 128);

  ErrorSummary error =
      summarizeError(encode(spec, Operand::A, shape, addressA + 8).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message, "kernel gemm_kernel_0: operand a (tma): TMA needs "
                           "a global address aligned to 16 bytes, but the "
                           "buffer is at 0x7f0000000008");
  error = summarizeError(encode(spec, Operand::B, shape, 0).takeError());
  EXPECT_NE(error.message.find("operand b (tma): TMA needs a global address"),
            std::string::npos)
      << error.message;

  // bf16: ldb = 516 gives 1032-byte rows, not a multiple of 16.
  GemmShape badPitch = GemmShape::get(256, 512, 128, 0, /*ldb=*/516);
  error =
      summarizeError(encode(spec, Operand::B, badPitch, addressB).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message, "kernel gemm_kernel_0: operand b (tma): TMA needs "
                           "a row pitch that is a multiple of 16 bytes, but "
                           "ldb=516 (bf16) gives 1032 bytes");
  // a is fine at that shape.
  EXPECT_TRUE(static_cast<bool>(encode(spec, Operand::A, badPitch, addressA)));
}

TEST(TensorMapTest, ShapeChecksStageMisalignedTmaOperands) {
  // A tma operand whose pitch TMA cannot take (lda = 132 bf16 = 264 bytes)
  // is staged in a copy with a 16-byte pitch, so the shape is supported and
  // the tensor map describes the copy's leading dimension.
  json::Object kernel = makeHopperKernel();
  kernel["min_alignment_bytes"] = 2;
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  GemmShape shape = GemmShape::get(256, 512, 128, /*lda=*/132);
  EXPECT_FALSE(static_cast<bool>(checkShapeSupported(spec, shape)));
  GemmShape mapped = OperandStaging::getTensorMapShape(spec, shape);
  EXPECT_EQ(mapped.lda, 136);
  EXPECT_EQ(mapped.ldb, 512);
  EXPECT_EQ(mapped.ldc, shape.ldc) << "C is never staged";
  // Aligned pitches stay as they are.
  GemmShape aligned = GemmShape::get(256, 512, 128, /*lda=*/136);
  EXPECT_EQ(OperandStaging::getTensorMapShape(spec, aligned).lda, 136);
  // c is a memref in this kernel: any pitch of whole elements is fine.
  EXPECT_FALSE(static_cast<bool>(checkShapeSupported(
      spec, GemmShape::get(256, 512, 128, 0, 0, /*ldc=*/517))));
}

TEST(TensorMapTest, TmaStoresOfCStayInsideItsRows) {
  // TMA stores write whole 16-byte units at a row's end: C's rows must be
  // a multiple of 16 bytes long, or unpadded, else the threads store C.
  KernelSpec spec = parseSingleKernel(makeHopperKernel()); // bf16 C
  EXPECT_TRUE(tmaStoreStaysInRows(
      spec, GemmShape::get(4, 48, 64, 0, 0, /*ldc=*/56), Operand::C));
  EXPECT_FALSE(tmaStoreStaysInRows(
      spec, GemmShape::get(4, 46, 64, 0, 0, /*ldc=*/56), Operand::C));
  EXPECT_TRUE(tmaStoreStaysInRows(spec, GemmShape::get(4, 46, 64),
                                  Operand::C));
}

TEST(TensorMapTest, ParsesAMapOverTheResidual) {
  // global_pointer: C's map, the residual's, the residual's memref.
  KernelSpec spec = parseSingleKernel(makeResidualMapKernel("global_pointer"));
  ASSERT_EQ(spec.parameters.size(), 6u);
  const KernelParamSpec &c = spec.parameters[3];
  EXPECT_TRUE(c.isTensorMapOf(Operand::C));
  EXPECT_FALSE(c.overResidual);
  EXPECT_EQ(getParamOperandName(c), "c");
  const KernelParamSpec &residual = spec.parameters[4];
  EXPECT_EQ(residual.kind, KernelParamSpec::Kind::TensorMap);
  // Laid out like C: C's geometry, the residual's address.
  EXPECT_EQ(residual.operand, Operand::C);
  EXPECT_TRUE(residual.overResidual);
  EXPECT_FALSE(residual.isTensorMapOf(Operand::C));
  EXPECT_EQ(getParamOperandName(residual), "residual");
  EXPECT_EQ(residual.tensorMap.box, (std::array<uint32_t, 3>{64, 32, 1}));
  EXPECT_EQ(residual.tensorMap.swizzleBytes, 128u);
  EXPECT_EQ(residual.tensorMap.l2PromotionBytes, 0u);
  EXPECT_EQ(residual.tensorMap.oobFill, TensorMapOobFill::Zero);
  EXPECT_EQ(residual.tensorMap.passing, TensorMapPassing::GlobalPointer);
  EXPECT_TRUE(residual.tensorMap.nullWhenUnaligned);
  EXPECT_EQ(spec.parameters[5].kind, KernelParamSpec::Kind::EpilogueMemRef);
  EXPECT_EQ(spec.parameters[5].epilogueOperand, EpilogueOperand::Residual);

  // by_value: each map followed by its tma_present.
  spec = parseSingleKernel(makeResidualMapKernel("by_value"));
  ASSERT_EQ(spec.parameters.size(), 8u);
  EXPECT_EQ(spec.parameters[4].kind, KernelParamSpec::Kind::TensorMapPresent);
  EXPECT_FALSE(spec.parameters[4].overResidual);
  EXPECT_TRUE(spec.parameters[5].overResidual);
  EXPECT_EQ(spec.parameters[5].tensorMap.passing, TensorMapPassing::ByValue);
  const KernelParamSpec &present = spec.parameters[6];
  EXPECT_EQ(present.kind, KernelParamSpec::Kind::TensorMapPresent);
  EXPECT_EQ(present.operand, Operand::C);
  EXPECT_TRUE(present.overResidual);
  EXPECT_EQ(getParamOperandName(present), "residual");

  // Without C's map, or before it: the residual's map is no map of C's.
  EXPECT_EQ(parseSingleKernel(withResidualEpilogue(json::Array{
                                  nullableMap("residual", "global_pointer"),
                                  residualMemref()}))
                .parameters.size(),
            5u);
  EXPECT_EQ(
      parseSingleKernel(
          withResidualEpilogue(json::Array{
              nullableMap("residual", "by_value"), tmaPresent("residual"),
              nullableMap("c", "by_value"), tmaPresent("c"), residualMemref()}))
          .parameters.size(),
      8u);
  json::Object noC = makeValidKernel();
  noC["parameters"] =
      json::Array{memref("a"), memref("b"),
                  nullableMap("residual", "global_pointer"), residualMemref()};
  noC["epilogue"] = json::Object{{"residual", true}};
  EXPECT_TRUE(isRefusedKernel(std::move(noC),
                              "no memref or tma parameter for operand 'c'"));
}

TEST(TensorMapTest, RefusesBadMapsOverTheResidual) {
  std::vector<RefusedKernelCase> cases;
  {
    json::Object map = nullableMap("residual", "global_pointer");
    map.erase("null_when_unaligned");
    cases.push_back(
        {"without null_when_unaligned",
         withResidualEpilogue(json::Array{std::move(map), residualMemref()}),
         "b.json: kernels[0] (gemm_kernel_0): parameters[3]: a tma parameter "
         "over the residual needs \"null_when_unaligned\": true"});
  }
  {
    json::Object map = nullableMap("residual", "global_pointer");
    map["null_when_unaligned"] = false;
    cases.push_back(
        {"null_when_unaligned false",
         withResidualEpilogue(json::Array{std::move(map), residualMemref()}),
         "parameters[3]: a tma parameter over the residual needs "
         "\"null_when_unaligned\": true"});
  }
  cases.push_back(
      {"two residual maps",
       withResidualEpilogue(json::Array{
           nullableMap("c", "global_pointer"),
           nullableMap("residual", "global_pointer"),
           nullableMap("residual", "global_pointer"), residualMemref()}),
       "parameters[5]: operand 'residual' is passed twice as a tma "
       "parameter"});
  {
    // Neither a residual in the epilogue nor a residual memref.
    json::Object kernel = makeValidKernel();
    kernel["parameters"] =
        json::Array{memref("a"), memref("b"), memref("c"),
                    nullableMap("c", "global_pointer"),
                    nullableMap("residual", "global_pointer")};
    cases.push_back({"no residual in the epilogue", std::move(kernel),
                     "b.json: kernels[0] (gemm_kernel_0): parameters[4]: a "
                     "tma parameter over the residual, but the epilogue "
                     "(none) has no residual"});
  }
  {
    json::Object kernel = makeValidKernel();
    kernel["parameters"] = json::Array{
        memref("a"), memref("b"), memref("c"),
        json::Object{{"kind", "memref"}, {"operand", "bias"}, {"rank", 1}},
        nullableMap("residual", "global_pointer")};
    kernel["epilogue"] = json::Object{{"bias", "row"}};
    cases.push_back({"a bias but no residual", std::move(kernel),
                     "parameters[4]: a tma parameter over the residual, but "
                     "the epilogue (bias=row) has no residual"});
  }
  cases.push_back(
      {"by_value without its tma_present",
       withResidualEpilogue(
           json::Array{nullableMap("residual", "by_value"), residualMemref()}),
       "parameters[3]: a by_value tma parameter with null_when_unaligned "
       "must be followed by {\"kind\": \"tma_present\", \"operand\": "
       "\"residual\"}"});
  const char *misplaced = "a tma_present parameter must follow its operand's "
                          "tma parameter with null_when_unaligned";
  cases.push_back({"residual tma_present after C's map",
                   withResidualEpilogue(
                       json::Array{nullableMap("c", "by_value"),
                                   tmaPresent("residual"), residualMemref()}),
                   misplaced});
  cases.push_back(
      {"C's tma_present after the residual's map",
       withResidualEpilogue(json::Array{nullableMap("residual", "by_value"),
                                        tmaPresent("c"), residualMemref()}),
       misplaced});
  cases.push_back({"residual tma_present without a map",
                   withResidualEpilogue(
                       json::Array{tmaPresent("residual"), residualMemref()}),
                   misplaced});
  cases.push_back({"residual tma_present after the residual's memref",
                   withResidualEpilogue(
                       json::Array{nullableMap("residual", "global_pointer"),
                                   residualMemref(), tmaPresent("residual")}),
                   misplaced});
  {
    // Only maps may be over the residual; its memref is the epilogue's.
    json::Object kernel = makeValidKernel();
    kernel["parameters"] =
        json::Array{memref("a"), memref("b"), memref("c"),
                    json::Object{{"kind", "tma"}, {"operand", "bias"}}};
    cases.push_back({"a map over the bias", std::move(kernel),
                     "expected \"a\", \"b\", \"c\" or \"residual\" at "
                     "kernels[0].parameters[3].operand"});
  }
  for (RefusedKernelCase &c : cases)
    EXPECT_TRUE(isRefusedKernel(std::move(c.kernel), c.expected)) << c.what;
}

TEST(TensorMapTest, EncodesTheResidualMapAsC) {
  // f16 inputs, f32 C and residual; every leading dimension above its
  // extent.
  json::Object kernel = makeResidualMapKernel("by_value", json::Array{32, 16});
  kernel["types"] = json::Object{
      {"a", "f16"}, {"b", "f16"}, {"c", "f32"}, {"accumulator", "f32"}};
  KernelSpec spec = parseSingleKernel(std::move(kernel));
  ASSERT_EQ(spec.parameters.size(), 8u);
  GemmShape shape = GemmShape::get(/*m=*/256, /*n=*/512, /*k=*/128,
                                   /*lda=*/136, /*ldb=*/520, /*ldc=*/516);
  Expected<TensorMapEncoding> residual =
      encodeResidual(spec, shape, addressResidual);
  ASSERT_TRUE(static_cast<bool>(residual)) << toString(residual.takeError());
  EXPECT_EQ(residual->operand, Operand::C);
  EXPECT_TRUE(residual->overResidual);
  EXPECT_EQ(residual->dataType, CU_TENSOR_MAP_DATA_TYPE_FLOAT32);
  EXPECT_EQ(residual->globalAddress, addressResidual);
  EXPECT_EQ(residual->globalDim,
            (std::array<cuuint64_t, 3>{512, 256, 1})); // [N, M]
  EXPECT_EQ(residual->globalStrides, (std::array<cuuint64_t, 2>{516 * 4, 0}));
  EXPECT_EQ(residual->boxDim, (std::array<cuuint32_t, 3>{32, 16, 1}));
  EXPECT_EQ(residual->swizzle, CU_TENSOR_MAP_SWIZZLE_128B);
  EXPECT_EQ(residual->l2Promotion, CU_TENSOR_MAP_L2_PROMOTION_NONE);
  EXPECT_EQ(residual->oobFill, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  EXPECT_EQ(residual->describe(),
            "operand residual: address 0x7f0000400000, dims [512, 256], row "
            "pitch 2064 B, box [32, 16], swizzle 128B");
  // C's map is the same but for its address.
  Expected<TensorMapEncoding> c = encode(spec, Operand::C, shape, addressC);
  ASSERT_TRUE(static_cast<bool>(c)) << toString(c.takeError());
  EXPECT_FALSE(c->overResidual);
  EXPECT_EQ(c->globalAddress, addressC);
  EXPECT_EQ(c->globalDim, residual->globalDim);
  EXPECT_EQ(c->globalStrides, residual->globalStrides);
  EXPECT_EQ(c->dataType, residual->dataType);

  // A column-major C: so is the residual, [M, N].
  json::Object colKernel = makeResidualMapKernel("global_pointer");
  colKernel["layouts"] = json::Object{{"a", "row"}, {"b", "row"}, {"c", "col"}};
  KernelSpec colSpec = parseSingleKernel(std::move(colKernel));
  GemmShape colShape = GemmShape::get(
      256, 512, 128, 0, 0, /*ldc=*/264,
      MatrixLayouts{MatrixLayout::Row, MatrixLayout::Row, MatrixLayout::Col});
  Expected<TensorMapEncoding> col =
      encodeResidual(colSpec, colShape, addressResidual);
  ASSERT_TRUE(static_cast<bool>(col)) << toString(col.takeError());
  EXPECT_EQ(col->dataType, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16);
  EXPECT_EQ(col->globalDim, (std::array<cuuint64_t, 3>{256, 512, 1}));
  EXPECT_EQ(col->globalStrides, (std::array<cuuint64_t, 2>{264 * 2, 0}));

  // Errors name the residual.
  ErrorSummary error = summarizeError(
      encodeResidual(spec, shape, addressResidual + 8).takeError());
  EXPECT_EQ(error.exitCode, ExitBadInput);
  EXPECT_EQ(error.message, "kernel gemm_kernel_0: operand residual (tma): TMA "
                           "needs a global address aligned to 16 bytes, but "
                           "the buffer is at 0x7f0000400008");
  // f32: ldc = 513 gives 2052-byte rows.
  GemmShape badPitch = GemmShape::get(256, 512, 128, 136, 520, /*ldc=*/513);
  error = summarizeError(
      encodeResidual(spec, badPitch, addressResidual).takeError());
  EXPECT_EQ(error.message, "kernel gemm_kernel_0: operand residual (tma): TMA "
                           "needs a row pitch that is a multiple of 16 bytes, "
                           "but ldc=513 (f32) gives 2052 bytes");
  // The kernel does without the map there, so the shape is not refused for
  // it.
  EXPECT_FALSE(static_cast<bool>(checkTensorMapsSupported(spec, badPitch)));
}

/// Records each encoded map's address, first dimension and row pitch in
/// its first three words, as cuTensorMapEncodeTiled would encode them.
CUresult fakeEncode(CUtensorMap *map, CUtensorMapDataType, cuuint32_t,
                    void *address, const cuuint64_t *globalDim,
                    const cuuint64_t *globalStrides, const cuuint32_t *,
                    const cuuint32_t *, CUtensorMapInterleave,
                    CUtensorMapSwizzle, CUtensorMapL2promotion,
                    CUtensorMapFloatOOBfill) {
  map->opaque[0] = reinterpret_cast<uintptr_t>(address);
  map->opaque[1] = globalDim[0];
  map->opaque[2] = globalStrides[0];
  return CUDA_SUCCESS;
}

TEST(TensorMapTest, LeavesOutAResidualMapTmaCannotTake) {
  // by_value maps only: creating the arguments needs no GPU.
  KernelSpec spec = parseSingleKernel(makeResidualMapKernel("by_value"));
  ASSERT_EQ(spec.parameters.size(), 8u);
  DriverApi driver;
  driver.tensorMapEncodeTiled = fakeEncode;
  // C's map, its presence, the residual's map, its presence.
  constexpr size_t mapC = 3 * MemRef2DParamCount, presentC = mapC + 1,
                   mapResidual = mapC + 2, presentResidual = mapC + 3;
  struct Case {
    const char *what;
    GemmShape shape;
    uint64_t residual;
    bool cPresent, residualPresent;
  };
  Case cases[] = {
      {"aligned", GemmShape::get(256, 512, 128), addressResidual, true, true},
      {"misaligned residual", GemmShape::get(256, 512, 128),
       addressResidual + 8, true, false},
      {"no residual buffer", GemmShape::get(256, 512, 128), 0, true, false},
      // bf16: 46 columns are 92 bytes, padded to ldc = 56 (112 bytes). TMA
      // stores of C would overrun its rows; loads of the residual do not.
      {"padded rows", GemmShape::get(256, 46, 128, 0, 0, /*ldc=*/56),
       addressResidual, false, true},
      // ldc = 60 bf16 is a 120-byte pitch, which TMA cannot take.
      {"unaligned pitch", GemmShape::get(256, 46, 128, 0, 0, /*ldc=*/60),
       addressResidual, false, false},
  };
  for (const Case &c : cases) {
    EpilogueArguments epilogue;
    epilogue.residual = c.residual;
    Expected<KernelArguments> arguments = KernelArguments::create(
        driver, spec, c.shape, {addressA, addressB, addressC}, epilogue);
    ASSERT_TRUE(static_cast<bool>(arguments))
        << c.what << ": " << toString(arguments.takeError());
    EXPECT_FALSE(arguments->ownsDeviceMemory()) << c.what;
    PackedKernelParams &params = arguments->getParams();
    ASSERT_EQ(params.size(), 4 * MemRef2DParamCount + 4) << c.what;
    void **pointers = params.getPointers();
    const auto *packedC = static_cast<const CUtensorMap *>(pointers[mapC]);
    EXPECT_EQ(packedC->opaque[0], c.cPresent ? addressC : 0u) << c.what;
    EXPECT_EQ(*static_cast<uint32_t *>(pointers[presentC]),
              c.cPresent ? 1u : 0u)
        << c.what;
    const auto *packedResidual =
        static_cast<const CUtensorMap *>(pointers[mapResidual]);
    // Present: C's columns and pitch at the residual's address; left out:
    // all zeros.
    EXPECT_EQ(packedResidual->opaque[0], c.residualPresent ? c.residual : 0u)
        << c.what;
    EXPECT_EQ(packedResidual->opaque[1],
              c.residualPresent ? uint64_t(c.shape.n) : 0u)
        << c.what;
    EXPECT_EQ(packedResidual->opaque[2],
              c.residualPresent ? uint64_t(c.shape.ldc) * 2 : 0u)
        << c.what;
    EXPECT_EQ(*static_cast<uint32_t *>(pointers[presentResidual]),
              c.residualPresent ? 1u : 0u)
        << c.what;
    // The residual's memref follows, at the residual's address.
    EXPECT_EQ(*static_cast<uint64_t *>(pointers[presentResidual + 1]),
              c.residual)
        << c.what;
  }
}

} // namespace
