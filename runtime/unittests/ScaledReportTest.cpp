//===- ScaledReportTest.cpp - gemm-run's report of an FP8 kernel ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "TestBundles.h"

#include "runtime/Report.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace gemm_opt::runtime;
using namespace gemm_opt::runtime::test;

namespace {

/// The report of an FP8 kernel's run with `result`, as text and as JSON.
struct ScaledReport {
  DeviceInfo device;
  KernelSpec spec = parseSingleKernel(makeFp8Kernel());
  RunReport report;

  explicit ScaledReport(const BenchmarkResult &result) {
    device.name = "NVIDIA H200";
    device.ccMajor = 9;
    report.input = "fp8.json";
    report.bundlePath = "fp8.json";
    report.device = &device;
    report.spec = &spec;
    report.shape = GemmShape::get(
        4096, 4096, 4096, 0, 0, 0,
        {MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row});
    report.result = &result;
  }
  std::string text() const {
    std::string text;
    raw_string_ostream os(text);
    printReport(os, report);
    return text;
  }
  json::Object scaling() const {
    json::Value value = toJSON(report);
    return *value.getAsObject()->getObject("scaling");
  }
};

ErrorMetric passingMetric() {
  ErrorMetric metric;
  metric.relativeFrobenius = 1e-3;
  metric.tolerance = 2e-2;
  metric.count = 100;
  metric.passed = true;
  return metric;
}

TEST(ScaledReportTest, ReportsTheScalesAndTheCublasLtMatmul) {
  BenchmarkResult result;
  result.vsFp64 = passingMetric();
  result.vsCublas = passingMetric();
  ScaledGemmDetails &scaled = result.scaled.emplace();
  scaled.scaling = "a=block_1x128 b=block_128x128";
  scaled.cublasLtScaleModes =
      "A_SCALE_MODE=BLK128x128_32F (scale_b), B_SCALE_MODE=VEC128_32F "
      "(scale_a), FAST_ACCUM=0";
  scaled.cublasLtAlgorithm = "algo 66";
  result.kernelTiming = TimingStats{1.0, 0.9, 1.1, 1.0, 50};
  result.cublasTiming = TimingStats{1.1, 1.0, 1.2, 1.1, 50};
  ScaledReport report(result);
  std::string text = report.text();
  for (const char *line :
       {"scaling  : a=block_1x128 b=block_128x128; wide 8-bit inputs",
        "cuBLASLt : FP8 matmul with A_SCALE_MODE=BLK128x128_32F (scale_b), "
        "B_SCALE_MODE=VEC128_32F (scale_a), FAST_ACCUM=0 (algo 66)",
        "vs cuBLAS: rel. Frobenius error", "cuBLASLt : 1.1000 ms",
        "ratio    : 1.100x cuBLASLt throughput", "result   : PASS"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  json::Object scaling = report.scaling();
  EXPECT_EQ(scaling.getString("a"), "block_1x128");
  EXPECT_EQ(scaling.getString("b"), "block_128x128");
  EXPECT_EQ(scaling.getBoolean("fast_accumulation"), false);
  EXPECT_EQ(scaling.getString("inputs"), "wide");
  EXPECT_EQ(scaling.getString("cublaslt_algorithm"), "algo 66");
  EXPECT_TRUE(scaling.get("no_cublaslt_anchor")->getAsNull().has_value());
}

TEST(ScaledReportTest, SaysWhenCublasLtHasNoAnchor) {
  BenchmarkResult result;
  result.vsFp64 = passingMetric();
  ScaledGemmDetails &scaled = result.scaled.emplace();
  scaled.scaling = "a=block_1x128 b=tensor";
  scaled.inputs = Fp8InputDistribution::Uniform;
  scaled.noCublasLtAnchor = "cuBLASLt has no FP8 matmul for a=f8E4M3FN "
                            "b=f8E4M3FN c=bf16 with a=block_1x128 b=tensor "
                            "(cublasLtMatmulAlgoGetHeuristic: "
                            "CUBLAS_STATUS_NOT_SUPPORTED)";
  result.kernelTiming = TimingStats{1.0, 0.9, 1.1, 1.0, 50};
  // Checked against fp64 alone, it passes.
  EXPECT_TRUE(result.passed());
  ScaledReport report(result);
  std::string text = report.text();
  for (const char *line :
       {"scaling  : a=block_1x128 b=tensor; uniform 8-bit inputs",
        "cuBLASLt : no anchor: cuBLASLt has no FP8 matmul for a=f8E4M3FN "
        "b=f8E4M3FN c=bf16 with a=block_1x128 b=tensor",
        "checked against fp64 alone", "vs cuBLAS: none (no cuBLASLt anchor",
        "cuBLASLt : not timed (no cuBLASLt FP8 matmul for these scale modes)",
        "result   : PASS"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  json::Object scaling = report.scaling();
  EXPECT_EQ(scaling.getString("inputs"), "uniform");
  EXPECT_NE(scaling.getString("no_cublaslt_anchor")->find("NOT_SUPPORTED"),
            StringRef::npos);
  EXPECT_TRUE(scaling.get("cublaslt_scale_modes")->getAsNull().has_value());
}

} // namespace
