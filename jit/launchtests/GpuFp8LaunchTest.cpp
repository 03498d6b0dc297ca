//===- GpuFp8LaunchTest.cpp - FP8 launches through GemmKernel on a GPU ----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// FP8 kernels compiled ahead of time (an FP8 bundle among GpuTestBundles.h's,
// e.g. examples/gemm_fp8_wgmma_sm90 per tensor and
// examples/gemm_fp8_block_scaled_sm90 with block scales), launched through
// GemmKernel with GemmArguments' column-major B and scale pointers, as a
// service would launch them:
//
//   - ScaledLaunchMatchesFp64: random 8-bit A (row-major) and B (stored
//     N×K) over the e4m3/e5m2 range and random scales of the kernel's modes
//     (HostScales.h), C poisoned (0xff) before the launch; C checked at
//     samples against the fp64 product of the dequantized inputs
//     (ScaledReference.h) within getFp8Tolerance times the scaled
//     products' factor (ToleranceFactor.h). A NaN never passes. An 8-bit
//     C (scale_d) is compared after dequantization (QuantizedOutput.h)
//     with scale_d chosen from the largest sampled |D| so that the largest
//     outputs may saturate; the amax of D, poisoned before the launch
//     (which zeroes it), must agree with C exactly and with fp64 within
//     the tolerance.
//   - A launch with B row-major (the caller's default) or without scales
//     is refused before anything runs.
//
// A batched FP8 bundle runs its batch entries with one set of scales per
// operand as its metadata says (per entry or shared). Skips without a GPU
// or without FP8 bundles.
//
//===----------------------------------------------------------------------===//

#include "GpuTestBundles.h"
#include "GpuTestChecks.h"
#include "GpuTestKernel.h"
#include "jit/GemmKernel.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/HostMatrix.h"
#include "runtime/HostScales.h"
#include "runtime/QuantizedOutput.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/ScaledReference.h"
#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

using namespace llvm;
using namespace gemm_opt::jit;
using namespace gemm_opt::runtime;

namespace {

class GpuFp8LaunchTest : public GpuStreamTest {};

/// Launches `loaded` at M × N × K (`batch` entries, packed) and checks
/// every entry against fp64.
void launchAndCheck(const TestKernel &loaded, int64_t m, int64_t n, int64_t k,
                    int64_t batch, cudaStream_t stream) {
  const KernelSpec &spec = *loaded.spec;
  const ScalingSpec &scaling = *spec.scaling;
  // Each entry's inputs and scales (a shared operand's scales: entry 0's).
  std::vector<HostMatrix> a, b;
  std::vector<HostScales> scales;
  std::vector<uint8_t> bytesA, bytesB;
  std::vector<float> scalesA, scalesB;
  for (int64_t entry = 0; entry < batch; ++entry) {
    HostMatrix &hostA = a.emplace_back(spec.aType, m, k, k, MatrixLayout::Row);
    HostMatrix &hostB = b.emplace_back(spec.bType, k, n, k, MatrixLayout::Col);
    fillFp8Random(hostA, Fp8InputDistribution::Wide, 11 + 2 * entry);
    fillFp8Random(hostB, Fp8InputDistribution::Wide, 12 + 2 * entry);
    HostScales &entryScales = scales.emplace_back(scaling, m, n, k);
    entryScales.fillRandom(13 + entry, chooseScaleCentre(hostA, k),
                           chooseScaleCentre(hostB, k));
    if (entry > 0 && !hasPerEntryScales(spec, Operand::A))
      entryScales.getBufferA() = scales.front().getBufferA();
    if (entry > 0 && !hasPerEntryScales(spec, Operand::B))
      entryScales.getBufferB() = scales.front().getBufferB();
    for (auto [bytes, matrix] : {std::pair(&bytesA, &hostA), {&bytesB, &hostB}})
      bytes->insert(bytes->end(), static_cast<const uint8_t *>(matrix->data()),
                    static_cast<const uint8_t *>(matrix->data()) +
                        matrix->getSizeInBytes());
    if (entry == 0 || hasPerEntryScales(spec, Operand::A))
      llvm::append_range(scalesA, entryScales.getBufferA());
    if (entry == 0 || hasPerEntryScales(spec, Operand::B))
      llvm::append_range(scalesB, entryScales.getBufferB());
  }
  auto samples = chooseSampleEntries(m, n, 2048, 5);
  std::vector<std::vector<double>> references;
  double sampledMaximum = 0.0;
  for (int64_t entry = 0; entry < batch; ++entry) {
    references.push_back(computeScaledFp64Reference(
        a[size_t(entry)], b[size_t(entry)], scales[size_t(entry)], samples));
    for (double value : references.back())
      sampledMaximum = std::max(sampledMaximum, std::abs(value));
  }
  // An 8-bit C's output scale (one for the launch) and the amax of D.
  std::optional<float> scaleD;
  if (takesOutputScale(spec))
    scaleD = chooseOutputScale(sampledMaximum, 17);
  DeviceBuffer deviceScaleD, deviceAmax;
  if (scaleD)
    ASSERT_NO_FATAL_FAILURE(
        uploadTestBuffer(&*scaleD, sizeof(float), deviceScaleD));
  if (recordsAmax(spec)) {
    float poison = std::numeric_limits<float>::quiet_NaN();
    ASSERT_NO_FATAL_FAILURE(
        uploadTestBuffer(&poison, sizeof(float), deviceAmax));
  }
  DeviceBuffer deviceA, deviceB, deviceScaleA, deviceScaleB, deviceC;
  ASSERT_NO_FATAL_FAILURE(
      uploadTestBuffer(bytesA.data(), bytesA.size(), deviceA));
  ASSERT_NO_FATAL_FAILURE(
      uploadTestBuffer(bytesB.data(), bytesB.size(), deviceB));
  ASSERT_NO_FATAL_FAILURE(uploadTestBuffer(
      scalesA.data(), scalesA.size() * sizeof(float), deviceScaleA));
  ASSERT_NO_FATAL_FAILURE(uploadTestBuffer(
      scalesB.data(), scalesB.size() * sizeof(float), deviceScaleB));
  size_t entryBytesC = size_t(m) * size_t(n) * getElementSize(spec.cType);
  Expected<DeviceBuffer> allocatedC =
      DeviceBuffer::allocate(entryBytesC * size_t(batch));
  ASSERT_TRUE(bool(allocatedC)) << toString(allocatedC.takeError());
  deviceC = std::move(*allocatedC);

  GemmArguments args;
  args.a = deviceA.data();
  args.b = deviceB.data();
  args.c = deviceC.data();
  args.m = m;
  args.n = n;
  args.k = k;
  args.orderB = MatrixOrder::ColumnMajor;
  args.scaleA = deviceScaleA.data();
  args.scaleB = deviceScaleB.data();
  args.scaleD = scaleD ? deviceScaleD.data() : nullptr;
  args.amax = recordsAmax(spec) ? deviceAmax.data() : nullptr;
  args.batch = batch;

  // Refused before anything runs: B in the caller's default order, and no
  // scales.
  GemmArguments rowMajorB = args;
  rowMajorB.orderB = MatrixOrder::RowMajor;
  expectLaunchRefused(*loaded.kernel, rowMajorB, stream, "with B row-major");
  GemmArguments noScales = args;
  noScales.scaleA = nullptr;
  expectLaunchRefused(*loaded.kernel, noScales, stream, "without scale_a");

  ASSERT_CUDA(cudaMemsetAsync(deviceC.data(), OutputPoisonByte,
                              deviceC.size(), stream));
  ASSERT_NO_ERROR(loaded.kernel->launch(args, stream));
  ASSERT_CUDA(cudaStreamSynchronize(stream));
  std::vector<uint8_t> hostC(deviceC.size());
  ASSERT_NO_ERROR(deviceC.copyToHost(hostC.data()));
  float amax = 0.0f;
  if (recordsAmax(spec))
    ASSERT_NO_ERROR(deviceAmax.copyToHost(&amax));

  double base = scaleD ? getE4m3OutputTolerance(scaling.fastAccumulation)
                       : getFp8Tolerance(spec.cType, scaling.fastAccumulation);
  for (int64_t entry = 0; entry < batch; ++entry) {
    SCOPED_TRACE("batch entry " + std::to_string(entry));
    const HostMatrix &hostA = a[size_t(entry)], &hostB = b[size_t(entry)];
    const HostScales &entryScales = scales[size_t(entry)];
    const std::vector<double> &reference = references[size_t(entry)];
    std::vector<CheckedOutputTerms> terms;
    for (auto [squares, expected] :
         zip_equal(computeScaledProductSquares(hostA, hostB, entryScales,
                                               samples),
                   reference))
      terms.push_back({squares, expected, expected});
    double tolerance =
        base * getToleranceFactor(terms, EpilogueActivation::None, base);
    HostMatrix c(spec.cType, m, n, n);
    std::memcpy(c.data(), hostC.data() + size_t(entry) * entryBytesC,
                entryBytesC);
    ErrorMetric metric =
        scaleD ? compareQuantizedWithFp64(c, samples, reference, *scaleD,
                                          tolerance)
               : compareWithFp64Reference(c, samples, reference, tolerance);
    expectFp64Match(metric);
    if (recordsAmax(spec)) {
      AmaxCheck check = checkAmax(amax, c, scaleD, sampledMaximum,
                                  /*cublasAmax=*/std::nullopt, tolerance);
      EXPECT_TRUE(check.passed) << check.failure;
    }
  }
}

TEST_F(GpuFp8LaunchTest, ScaledLaunchMatchesFp64) {
  std::vector<TestKernel> kernels;
  ASSERT_NO_FATAL_FAILURE(loadTestKernels(
      // Grouped ones are GpuGroupedFp8LaunchTest's.
      [](const KernelSpec &spec) {
        return spec.scaling.has_value() && !spec.grouped.has_value();
      },
      kernels));
  if (kernels.empty())
    GTEST_SKIP() << "no FP8 bundle among the bundles given";
  for (TestKernel &loaded : kernels) {
    SCOPED_TRACE(loaded.path);
    // Extents that are not multiples of the tiles or of 128 (the last
    // K block of block scales is partial).
    const ProblemTile &divisible = loaded.spec->requiresDivisible;
    auto up = [](int64_t value, int64_t step) {
      return int64_t(alignTo(uint64_t(value), uint64_t(std::max<int64_t>(
                                                  step, 1))));
    };
    int64_t batch = loaded.spec->stridedBatch ? 3 : 1;
    ASSERT_NO_FATAL_FAILURE(launchAndCheck(loaded, up(520, divisible.m),
                                           up(392, divisible.n),
                                           up(1040, divisible.k), batch,
                                           stream));
  }
}

} // namespace
