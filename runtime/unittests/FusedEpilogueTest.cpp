//===- FusedEpilogueTest.cpp - epilogue parameters and fp64 math ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/FusedEpilogueSpec.h"
#include "runtime/KernelParams.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

constexpr uint64_t addressBias = 0x7000'0000'4000ull;
constexpr uint64_t addressResidual = 0x7000'0000'8000ull;

/// The valid test kernel with every fused operation appended.
json::Object makeFusedKernel(StringRef bias) {
  json::Object kernel = makeValidKernel();
  json::Array *parameters = kernel.getArray("parameters");
  parameters->push_back(
      json::Object{{"kind", "scalar"}, {"name", "alpha"}, {"type", "f32"}});
  parameters->push_back(
      json::Object{{"kind", "scalar"}, {"name", "beta"}, {"type", "f32"}});
  parameters->push_back(
      json::Object{{"kind", "memref"}, {"operand", "bias"}, {"rank", 1}});
  parameters->push_back(
      json::Object{{"kind", "memref"}, {"operand", "residual"}, {"rank", 2}});
  kernel["epilogue"] = json::Object{{"alpha_beta", true},
                                    {"bias", bias},
                                    {"activation", "gelu_erf"},
                                    {"residual", true}};
  return kernel;
}

float floatAt(const PackedKernelParams &params, size_t index) {
  float value;
  std::memcpy(&value, &params.getValues()[index], sizeof(value));
  return value;
}

TEST(FusedEpilogueTest, ParsesTheEpilogue) {
  KernelSpec spec = parseSingleKernel(makeFusedKernel("row"));
  EXPECT_TRUE(spec.epilogue.alphaBeta);
  EXPECT_EQ(spec.epilogue.bias, EpilogueBias::Row);
  EXPECT_EQ(spec.epilogue.activation, EpilogueActivation::GeluErf);
  EXPECT_TRUE(spec.epilogue.residual);
  EXPECT_EQ(spec.epilogue.describe(),
            "alpha_beta,bias=row,activation=gelu_erf,residual");
  EXPECT_FALSE(parseSingleKernel(makeValidKernel()).epilogue.hasFusedOperations());
}

TEST(FusedEpilogueTest, PacksScalarsBiasAndResidualAfterTheOperands) {
  GemmShape shape = GemmShape::get(512, 768, 64, 64, 776, 784);
  for (auto [bias, length] : {std::pair<StringRef, int64_t>("row", 512),
                              {"column", 768}}) {
    KernelSpec spec = parseSingleKernel(makeFusedKernel(bias));
    EpilogueArguments epilogue{0.75f, -0.5f, addressBias, addressResidual};
    PackedKernelParams params = packKernelParams(
        spec, shape, {addressA, addressB, addressC}, {}, epilogue);
    // 3 memrefs, alpha, beta, bias (5), residual (7).
    ASSERT_EQ(params.size(), 21u + 2u + 5u + 7u);
    EXPECT_EQ(floatAt(params, 21), 0.75f);
    EXPECT_EQ(floatAt(params, 22), -0.5f);
    // The driver reads 4 bytes; the slot's upper half stays zero.
    EXPECT_EQ(params.getValues()[21] >> 32, 0u);
    std::vector<uint64_t> biasValues(params.getValues().begin() + 23,
                                     params.getValues().begin() + 28);
    EXPECT_EQ(biasValues, (std::vector<uint64_t>{addressBias, addressBias, 0,
                                                 uint64_t(length), 1}))
        << "bias = " << bias.str();
    // The residual has C's layout: M x N with C's leading dimension.
    std::vector<uint64_t> residualValues(params.getValues().begin() + 28,
                                         params.getValues().end());
    EXPECT_EQ(residualValues,
              (std::vector<uint64_t>{addressResidual, addressResidual, 0, 512,
                                     768, 784, 1}));
  }
}

TEST(FusedEpilogueTest, RefusesParametersTheEpilogueDoesNotUse) {
  json::Object kernel = makeFusedKernel("row");
  kernel["epilogue"] = json::Object{{"bias", "row"}};
  std::string message = kernelError(std::move(kernel)).message;
  EXPECT_NE(message.find("1 'alpha' parameter(s), but the epilogue (bias=row) "
                         "needs 0"),
            std::string::npos)
      << message;
}

TEST(FusedEpilogueTest, ActivationsInFp64) {
  EXPECT_EQ(applyActivation(EpilogueActivation::Relu, -2.0), 0.0);
  EXPECT_EQ(applyActivation(EpilogueActivation::Relu, 3.0), 3.0);
  EXPECT_TRUE(std::isnan(applyActivation(
      EpilogueActivation::Relu, std::numeric_limits<double>::quiet_NaN())));
  // Reference values from Python's math module (tanh, erf, exp) applied to
  // the same formulas.
  EXPECT_NEAR(applyActivation(EpilogueActivation::GeluTanh, 1.0),
              0.8411919906082768, 1e-14);
  EXPECT_NEAR(applyActivation(EpilogueActivation::GeluTanh, -1.5),
              -0.10042842301976707, 1e-14);
  EXPECT_NEAR(applyActivation(EpilogueActivation::GeluErf, 1.0),
              0.8413447460685429, 1e-14);
  EXPECT_NEAR(applyActivation(EpilogueActivation::GeluErf, -1.5),
              -0.10021080190328713, 1e-14);
  EXPECT_NEAR(applyActivation(EpilogueActivation::Silu, 2.0),
              1.7615941559557646, 1e-14);
  EXPECT_EQ(applyActivation(EpilogueActivation::None, -7.25), -7.25);
}

TEST(FusedEpilogueTest, AppliesTheDocumentedOrder) {
  FusedEpilogueSpec spec;
  spec.alphaBeta = true;
  spec.bias = EpilogueBias::Column;
  spec.activation = EpilogueActivation::Relu;
  spec.residual = true;
  EpilogueEntryInputs inputs;
  inputs.alpha = 2.0;
  inputs.beta = -1.0;
  inputs.oldC = 3.0;
  inputs.bias = 0.5;
  inputs.residual = 10.0;
  // relu(2·4 − 3 + 0.5) + 10 = 15.5; relu cuts before the residual.
  EXPECT_EQ(applyFusedEpilogue(spec, 4.0, inputs), 15.5);
  EXPECT_EQ(applyFusedEpilogue(spec, -4.0, inputs), 10.0);
  // Without alpha_beta, alpha and beta are ignored and C is not read.
  spec.alphaBeta = false;
  EXPECT_EQ(applyFusedEpilogue(spec, 4.0, inputs), 14.5);
}

} // namespace
