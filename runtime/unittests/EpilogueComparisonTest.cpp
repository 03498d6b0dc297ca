//===- EpilogueComparisonTest.cpp - gemm-run --compare-epilogue, no GPU ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What --compare-epilogue decides without a GPU: which epilogues it takes,
// the cuBLASLt epilogue of each gemm-opt epilogue, the reference kernel's
// name, vector path and grid (and that the embedded fatbin has every kernel
// the host can ask for), and the table and JSON it prints.
//
//===----------------------------------------------------------------------===//

#include "runtime/BiasActivationKernel.h"
#include "runtime/CublasLtEpilogue.h"
#include "runtime/EpilogueComparison.h"
#include "runtime/EpilogueComparisonReport.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cmath>
#include <string>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace {

FusedEpilogueSpec makeEpilogue(EpilogueBias bias,
                               EpilogueActivation activation) {
  FusedEpilogueSpec spec;
  spec.bias = bias;
  spec.activation = activation;
  return spec;
}

KernelSpec makeFusedKernel(FusedEpilogueSpec epilogue) {
  KernelSpec spec;
  spec.name = "gemm_bias_gelu";
  spec.chipName = "sm_90a";
  spec.epilogue = epilogue;
  return spec;
}

TEST(EpilogueComparisonTest, MapsEpiloguesToCublasLt) {
  struct Case {
    EpilogueBias bias;
    EpilogueActivation activation;
    std::optional<cublasLtEpilogue_t> expected;
  };
  const Case cases[] = {
      {EpilogueBias::Column, EpilogueActivation::GeluTanh,
       CUBLASLT_EPILOGUE_GELU_BIAS},
      {EpilogueBias::Column, EpilogueActivation::Relu,
       CUBLASLT_EPILOGUE_RELU_BIAS},
      {EpilogueBias::Column, EpilogueActivation::None, CUBLASLT_EPILOGUE_BIAS},
      {EpilogueBias::None, EpilogueActivation::GeluTanh,
       CUBLASLT_EPILOGUE_GELU},
      {EpilogueBias::None, EpilogueActivation::Relu, CUBLASLT_EPILOGUE_RELU},
      {EpilogueBias::None, EpilogueActivation::None,
       CUBLASLT_EPILOGUE_DEFAULT},
      // No cuBLASLt equivalent: erf-GELU, SiLU, a bias per row of C.
      {EpilogueBias::Column, EpilogueActivation::GeluErf, std::nullopt},
      {EpilogueBias::None, EpilogueActivation::Silu, std::nullopt},
      {EpilogueBias::Row, EpilogueActivation::GeluTanh, std::nullopt},
      {EpilogueBias::Row, EpilogueActivation::None, std::nullopt},
  };
  for (const Case &c : cases) {
    FusedEpilogueSpec spec = makeEpilogue(c.bias, c.activation);
    CublasLtEpilogueChoice choice = chooseCublasLtEpilogue(spec);
    EXPECT_EQ(choice.epilogue, c.expected) << spec.describe();
    EXPECT_EQ(choice.reason.empty(), c.expected.has_value())
        << spec.describe() << ": " << choice.reason;
  }
  EXPECT_NE(chooseCublasLtEpilogue(makeEpilogue(EpilogueBias::Row,
                                                EpilogueActivation::Relu))
                .reason.find("bias = column"),
            std::string::npos);
  EXPECT_NE(chooseCublasLtEpilogue(makeEpilogue(EpilogueBias::Column,
                                                EpilogueActivation::GeluErf))
                .reason.find("tanh approximation"),
            std::string::npos);
  FusedEpilogueSpec alphaBeta =
      makeEpilogue(EpilogueBias::Column, EpilogueActivation::Relu);
  alphaBeta.alphaBeta = true;
  EXPECT_FALSE(chooseCublasLtEpilogue(alphaBeta).epilogue);
}

TEST(EpilogueComparisonTest, NamesCublasLtEpilogues) {
  EXPECT_EQ(getCublasLtEpilogueName(CUBLASLT_EPILOGUE_GELU_BIAS), "GELU_BIAS");
  EXPECT_EQ(getCublasLtEpilogueName(CUBLASLT_EPILOGUE_RELU_BIAS), "RELU_BIAS");
  EXPECT_EQ(getCublasLtEpilogueName(CUBLASLT_EPILOGUE_BIAS), "BIAS");
  EXPECT_EQ(getCublasLtEpilogueName(CUBLASLT_EPILOGUE_DEFAULT), "DEFAULT");
}

TEST(EpilogueComparisonTest, TakesBiasAndActivationEpiloguesOnly) {
  EXPECT_FALSE(errorToBool(checkEpilogueComparable(makeFusedKernel(
      makeEpilogue(EpilogueBias::Column, EpilogueActivation::GeluTanh)))));
  EXPECT_FALSE(errorToBool(checkEpilogueComparable(makeFusedKernel(
      makeEpilogue(EpilogueBias::Row, EpilogueActivation::Silu)))));

  ErrorSummary plain = summarizeError(checkEpilogueComparable(
      makeFusedKernel(makeEpilogue(EpilogueBias::None,
                                   EpilogueActivation::None))));
  EXPECT_EQ(plain.exitCode, ExitBadInput);
  EXPECT_NE(plain.message.find("fuses no epilogue"), std::string::npos);

  FusedEpilogueSpec residual =
      makeEpilogue(EpilogueBias::Column, EpilogueActivation::GeluTanh);
  residual.residual = true;
  ErrorSummary refused =
      summarizeError(checkEpilogueComparable(makeFusedKernel(residual)));
  EXPECT_EQ(refused.exitCode, ExitBadInput);
  EXPECT_NE(refused.message.find("also fuses residual"), std::string::npos)
      << refused.message;
}

BiasActivationLaunch makeLaunch(ElementType type, int64_t m, int64_t n,
                                int64_t ld) {
  alignas(16) static char storage[64];
  BiasActivationLaunch launch;
  launch.type = type;
  launch.bias = EpilogueBias::Column;
  launch.activation = EpilogueActivation::GeluTanh;
  launch.c = storage;
  launch.d = storage;
  launch.biasVector = storage;
  launch.ldc = launch.ldd = ld;
  launch.m = m;
  launch.n = n;
  return launch;
}

TEST(EpilogueComparisonTest, ChoosesTheReferenceKernel) {
  BiasActivationLaunch launch = makeLaunch(ElementType::BF16, 8192, 8192, 8192);
  EXPECT_TRUE(canUseVectorKernel(launch));
  EXPECT_EQ(getBiasActivationKernelName(launch),
            "gemm_opt_bias_activation_bf16_column_gelu_tanh_v16");
  // 8 bf16 per thread, 256 threads: 4 blocks per row, one row per block.
  EXPECT_EQ(getBiasActivationGrid(launch),
            (std::array<unsigned, 3>{4, 8192, 1}));

  // N not a multiple of 8 (16 bytes of bf16): one element per thread.
  BiasActivationLaunch ragged = makeLaunch(ElementType::BF16, 70000, 1001, 1008);
  EXPECT_FALSE(canUseVectorKernel(ragged));
  EXPECT_EQ(getBiasActivationKernelName(ragged),
            "gemm_opt_bias_activation_bf16_column_gelu_tanh_v1");
  EXPECT_EQ(getBiasActivationGrid(ragged),
            (std::array<unsigned, 3>{4, 65535, 1}));

  // f32: 4 per vector; a misaligned D takes the scalar kernel.
  BiasActivationLaunch f32 = makeLaunch(ElementType::F32, 16, 64, 68);
  f32.bias = EpilogueBias::Row;
  f32.activation = EpilogueActivation::Relu;
  EXPECT_EQ(getBiasActivationKernelName(f32),
            "gemm_opt_bias_activation_f32_row_relu_v16");
  f32.d = static_cast<char *>(f32.d) + 4;
  EXPECT_EQ(getBiasActivationKernelName(f32),
            "gemm_opt_bias_activation_f32_row_relu_v1");
}

TEST(EpilogueComparisonTest, TheFatbinHasEveryReferenceKernel) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> fatbin =
      MemoryBuffer::getFile(GEMM_OPT_BIAS_ACTIVATION_FATBIN);
  ASSERT_TRUE(bool(fatbin)) << GEMM_OPT_BIAS_ACTIVATION_FATBIN;
  StringRef bytes = (*fatbin)->getBuffer();
  for (ElementType type : {ElementType::BF16, ElementType::F16,
                           ElementType::F32})
    for (EpilogueBias bias :
         {EpilogueBias::None, EpilogueBias::Row, EpilogueBias::Column})
      for (EpilogueActivation activation :
           {EpilogueActivation::None, EpilogueActivation::Relu,
            EpilogueActivation::GeluTanh, EpilogueActivation::GeluErf,
            EpilogueActivation::Silu})
        for (int64_t ld : {64, 65}) {
          BiasActivationLaunch launch = makeLaunch(type, 4, ld, ld);
          launch.bias = bias;
          launch.activation = activation;
          std::string name = getBiasActivationKernelName(launch);
          // The name followed by its NUL, so that _v1 does not match _v16.
          EXPECT_NE(bytes.find(StringRef(name.c_str(), name.size() + 1)),
                    StringRef::npos)
              << name;
        }
}

/// A result as a GPU run at 8192x8192x4096 might give.
EpilogueComparisonResult makeResult(bool withLt) {
  EpilogueComparisonResult result;
  result.tolerance = 2e-2;
  result.l2FlushBytes = size_t(256) << 20;
  result.kernelInfo.registersPerThread = 168;
  auto add = [&](EpiloguePipeline pipeline, double ms, bool checked,
                 std::string unavailable = "") {
    PipelineResult entry;
    entry.pipeline = pipeline;
    entry.description = getEpiloguePipelineName(pipeline).str() + " run";
    entry.unavailable = std::move(unavailable);
    if (entry.isAvailable()) {
      TimingStats stats;
      stats.medianMs = stats.minMs = stats.maxMs = stats.meanMs = ms;
      stats.runs = 30;
      entry.timing = stats;
      if (checked) {
        ErrorMetric metric;
        metric.relativeFrobenius = 1.7e-3;
        metric.tolerance = 2e-2;
        metric.count = 20000;
        metric.passed = true;
        entry.vsFp64 = metric;
        if (pipeline != EpiloguePipeline::Fused)
          entry.vsFused = metric;
      }
    }
    result.pipelines.push_back(std::move(entry));
  };
  add(EpiloguePipeline::Fused, 0.70, true);
  add(EpiloguePipeline::Unfused, 0.91, true);
  if (withLt)
    add(EpiloguePipeline::CublasLt, 0.735, true);
  else
    add(EpiloguePipeline::CublasLt, 0, true, "silu has no cuBLASLt epilogue");
  add(EpiloguePipeline::CublasGemm, 0.72, false);
  add(EpiloguePipeline::BiasActivation, 0.12, false);
  return result;
}

EpilogueComparisonReport makeReport(const KernelSpec &spec,
                                    const EpilogueComparisonResult &result) {
  EpilogueComparisonReport report;
  report.input = "kernel.json";
  report.bundlePath = "kernel.json";
  report.spec = &spec;
  report.shape = GemmShape::get(8192, 8192, 4096);
  report.options.timedRuns = 30;
  report.result = &result;
  return report;
}

TEST(EpilogueComparisonTest, ComputesSpeedupsAgainstTargets) {
  EpilogueComparisonResult result = makeResult(true);
  EXPECT_NEAR(*result.getSpeedup(EpiloguePipeline::Unfused), 1.3, 1e-12);
  EXPECT_NEAR(*result.getSpeedup(EpiloguePipeline::CublasLt), 1.05, 1e-12);
  EXPECT_TRUE(result.passed());
  EXPECT_EQ(formatSpeedup(1.3, UnfusedSpeedupTarget),
            "1.300x (target 1.20x: met)");
  EXPECT_EQ(formatSpeedup(0.97, UnfusedSpeedupTarget),
            "0.970x (target 1.20x: NOT met)");
  EXPECT_EQ(formatSpeedup(1.05, std::nullopt), "1.050x");
  EXPECT_EQ(formatSpeedup(std::nullopt, CublasLtSpeedupTarget), "n/a");

  EpilogueComparisonResult without = makeResult(false);
  EXPECT_FALSE(without.getSpeedup(EpiloguePipeline::CublasLt));
  EXPECT_TRUE(without.passed()); // An unavailable pipeline is no failure.
  without.pipelines[1].vsFused->passed = false;
  EXPECT_FALSE(without.passed());
}

TEST(EpilogueComparisonTest, PrintsTheTable) {
  KernelSpec spec = makeFusedKernel(
      makeEpilogue(EpilogueBias::Column, EpilogueActivation::GeluTanh));
  EpilogueComparisonResult result = makeResult(true);
  std::string text;
  raw_string_ostream os(text);
  printEpilogueComparison(os, makeReport(spec, result));
  EXPECT_NE(text.find("bias=column,activation=gelu_tanh (bias[col], N = 8192 "
                      "entries"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| fused | fused run | 0.7000 | 785.4 | 1.70e-03 PASS "
                      "| - | - |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| unfused | unfused run | 0.9100 | 604.1 | 1.70e-03 "
                      "PASS | 1.70e-03 PASS | 1.300x (target 1.20x: met) |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("| cublaslt | cublaslt run | 0.7350 | 748.0 | "
                      "1.70e-03 PASS | 1.70e-03 PASS | 1.050x (target 1.00x: "
                      "met) |"),
            std::string::npos)
      << text;
  // 2 x 8192 x 8192 bf16 + 8192 bias entries in 0.12 ms.
  EXPECT_NE(text.find("| bias_activation | bias_activation run | 0.1200 | "
                      "(2237 GB/s) | - | - | - |"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("result   : PASS"), std::string::npos);

  EpilogueComparisonResult without = makeResult(false);
  text.clear();
  printEpilogueComparison(os, makeReport(spec, without));
  EXPECT_NE(text.find("| cublaslt | cublaslt run: not run (silu has no "
                      "cuBLASLt epilogue) | - | - | - | - | n/a |"),
            std::string::npos)
      << text;
}

TEST(EpilogueComparisonTest, WritesTheJson) {
  KernelSpec spec = makeFusedKernel(
      makeEpilogue(EpilogueBias::Column, EpilogueActivation::GeluTanh));
  EpilogueComparisonResult result = makeResult(true);
  json::Value value = toJSON(makeReport(spec, result));
  json::Object *object = value.getAsObject();
  ASSERT_TRUE(object);
  EXPECT_EQ(object->getString("format"), "gemm-run-epilogue-comparison-v1");
  EXPECT_EQ(object->getString("status"), "pass");
  EXPECT_EQ(object->getString("epilogue"), "bias=column,activation=gelu_tanh");
  EXPECT_NEAR(*object->getNumber("ratio_to_unfused"), 1.3, 1e-12);
  EXPECT_NEAR(*object->getNumber("ratio_to_cublaslt"), 1.05, 1e-12);
  const json::Object *targets = object->getObject("targets");
  ASSERT_TRUE(targets);
  EXPECT_EQ(targets->getObject("unfused")->getNumber("target"), 1.2);
  EXPECT_EQ(targets->getObject("unfused")->getBoolean("met"), true);
  EXPECT_EQ(targets->getObject("cublaslt")->getBoolean("met"), true);
  const json::Array *pipelines = object->getArray("pipelines");
  ASSERT_TRUE(pipelines);
  ASSERT_EQ(pipelines->size(), 5u);
  const json::Object *unfused = (*pipelines)[1].getAsObject();
  EXPECT_EQ(unfused->getString("name"), "unfused");
  EXPECT_EQ(unfused->getObject("vs_fp64")->getBoolean("pass"), true);
  EXPECT_NEAR(*unfused->getObject("timing")->getNumber("median_ms"), 0.91,
              1e-12);
  EXPECT_FALSE(object->get("device")); // No device in this report.

  EpilogueComparisonResult without = makeResult(false);
  json::Value other = toJSON(makeReport(spec, without));
  json::Object *otherObject = other.getAsObject();
  EXPECT_EQ(otherObject->get("ratio_to_cublaslt")->kind(),
            json::Value::Null);
  EXPECT_EQ(otherObject->getObject("targets")
                ->getObject("cublaslt")
                ->get("met")
                ->kind(),
            json::Value::Null);
  const json::Object *lt =
      (*otherObject->getArray("pipelines"))[2].getAsObject();
  EXPECT_EQ(lt->getBoolean("available"), false);
  EXPECT_EQ(lt->getString("unavailable"), "silu has no cuBLASLt epilogue");
}

} // namespace
