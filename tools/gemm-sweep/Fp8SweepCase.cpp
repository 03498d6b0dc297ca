//===- Fp8SweepCase.cpp - randomized cases of FP8 kernels -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/Fp8SweepCase.h"

#include "tools/gemm-sweep/SweepCase.h"
#include "tools/gemm-sweep/SweepRandom.h"

#include "tools/gemm-sweep/SweepReport.h"

#include "runtime/BatchedScaledBenchmark.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledGemmBenchmark.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <optional>
#include <set>

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

namespace {
/// Separates the FP8 cases' generators from the ordinary cases' of the
/// same seed and index.
constexpr uint64_t Fp8Stream = 0xf8f8f8f8f8f8f8f8ull;

/// Whether every operand, with up to 40 elements of padding per row or
/// column, in `batch` entries with up to 64 elements between them, fits
/// the sweep's budget.
bool fitsBudget(int64_t m, int64_t n, int64_t k, int64_t batch = 1) {
  auto fits = [&](int64_t rows, int64_t cols) {
    return (std::max(rows, cols) * (std::min(rows, cols) + 40) + 64) * batch <=
           MaxOperandElements;
  };
  return fits(m, k) && fits(k, n) && fits(m, n);
}

/// A batched kernel's batch count and batch strides for `shape`: 2 to 7
/// entries, each operand's entries packed or up to 64 elements apart, A or
/// B now and then broadcast (stride 0); fewer entries where the budget
/// asks.
GemmShape drawBatch(CaseRandom &random, const GemmShape &shape) {
  int64_t batch = static_cast<int64_t>(2 + random.below(6));
  while (batch > 1 && !fitsBudget(shape.m, shape.n, shape.k, batch))
    --batch;
  auto stride = [&](Operand operand,
                    bool broadcast) -> std::optional<int64_t> {
    if (broadcast)
      return 0;
    if (!random.chance(30))
      return std::nullopt;
    return getOperandLayout(shape, operand).getMatrixSpan() + 1 +
           static_cast<int64_t>(random.below(64));
  };
  bool broadcastA = random.chance(20);
  bool broadcastB = !broadcastA && random.chance(20);
  return shape.withBatch(batch, stride(Operand::A, broadcastA),
                         stride(Operand::B, broadcastB),
                         stride(Operand::C, false));
}

std::string describeMetrics(const BenchmarkResult &run) {
  std::string text;
  raw_string_ostream os(text);
  auto describe = [&](StringRef name, const ErrorMetric &metric) {
    describeErrorMetric(os, name, metric);
  };
  if (run.vsCublas)
    describe("vs cuBLASLt", *run.vsCublas);
  describe("vs fp64", run.vsFp64);
  if (run.scaled && !run.scaled->noCublasLtAnchor.empty())
    os << "no cuBLASLt anchor: " << run.scaled->noCublasLtAnchor << "; ";
  if (run.clobberedPadding)
    os << run.clobberedPadding << " padding entries overwritten; ";
  os << "scales " << (run.scaled ? run.scaled->scaling : "?");
  if (run.scaled && run.scaled->scaleD)
    os << "; e4m3 output, scale_d " << format("%.6g", *run.scaled->scaleD);
  if (run.scaled && run.scaled->amax) {
    const AmaxCheck &amax = *run.scaled->amax;
    os << "; amax " << format("%.9g", amax.kernel);
    if (amax.cublas)
      os << (amax.matchesCublasExactly ? " (cuBLASLt's, bit-identical)"
                                       : " (cuBLASLt's within tolerance)");
    if (!amax.passed)
      os << " FAIL: " << amax.failure;
  }
  return text;
}
} // namespace

Fp8SweepCase generateFp8SweepCase(uint64_t seed, uint64_t index,
                                  const SweepBundles &bundles,
                                  ArrayRef<size_t> fp8Kernels) {
  CaseRandom random(seed ^ Fp8Stream, index);
  Fp8SweepCase result;
  result.index = index;
  result.kernel = fp8Kernels[index % fp8Kernels.size()];
  const KernelSpec &spec = *bundles.kernels[result.kernel].spec;
  const ProblemTile &divisible = spec.requiresDivisible;
  std::set<int64_t> sizes = {64, 128};
  for (int64_t size : {divisible.m, divisible.n, divisible.k})
    if (size > 1)
      sizes.insert(size);
  std::vector<int64_t> tileSizes(sizes.begin(), sizes.end());
  std::array<int64_t, 3> multiples = {divisible.m, divisible.n, divisible.k};
  std::array<int64_t, 3> dims;
  for (auto [dim, multiple] : llvm::zip_equal(dims, multiples))
    dim = roundUpToMultiple(drawDimension(random, tileSizes), multiple);
  // Shrink the largest dimension until every operand fits the budget.
  while (!fitsBudget(dims[0], dims[1], dims[2])) {
    size_t largest = llvm::max_element(dims) - dims.begin();
    dims[largest] = roundUpToMultiple(drawSmallDimension(random, tileSizes),
                                      multiples[largest]);
  }
  auto [m, n, k] = dims;
  // Padded leading dimensions, some of them not 16-byte multiples (the
  // runtime stages what TMA cannot read).
  MatrixLayouts layouts = spec.getSourceLayouts();
  auto drawLeadingDimension = [&](int64_t packed) -> int64_t {
    return random.chance(30) ? packed + 1 + static_cast<int64_t>(random.below(40))
                             : 0;
  };
  auto packedLeadingDimension = [&](Operand operand, int64_t rows,
                                    int64_t cols) {
    return layouts.get(operand) == MatrixLayout::Row ? cols : rows;
  };
  int64_t lda = drawLeadingDimension(packedLeadingDimension(Operand::A, m, k));
  int64_t ldb = drawLeadingDimension(packedLeadingDimension(Operand::B, k, n));
  int64_t ldc = drawLeadingDimension(packedLeadingDimension(Operand::C, m, n));
  result.shape = GemmShape::get(m, n, k, lda, ldb, ldc, layouts);
  if (spec.stridedBatch)
    result.shape = drawBatch(random, result.shape);
  result.inputs = random.chance(50) ? Fp8InputDistribution::Wide
                                    : Fp8InputDistribution::Uniform;
  return result;
}

CaseResult runFp8SweepCase(const DeviceInfo &device, SweepBundles &bundles,
                           const Fp8SweepCase &sweepCase, uint64_t seed,
                           bool cublasReference) {
  SweepKernel &kernel = bundles.kernels[sweepCase.kernel];
  CaseResult result;
  result.index = sweepCase.index;
  result.kind = CaseKind::Fp8;
  result.problem = sweepCase.shape.str() + " fp8 inputs " +
                   getFp8InputDistributionName(sweepCase.inputs).str();
  result.kernel = kernel.spec->name;
  result.bundlePath = kernel.bundlePath;

  BenchmarkOptions options;
  options.timing = false;
  options.seed = seed * 1000003 + sweepCase.index;
  options.cublasReference = cublasReference;
  options.fp8Inputs = sweepCase.inputs;
  Expected<BenchmarkResult> run = [&]() -> Expected<BenchmarkResult> {
    Expected<const KernelImages *> images = kernel.getImages();
    if (!images)
      return images.takeError();
    if (kernel.spec->stridedBatch)
      return runBatchedScaledBenchmark(device, *kernel.spec, **images,
                                       sweepCase.shape, options);
    return runScaledBenchmark(device, *kernel.spec, **images, sweepCase.shape,
                              options);
  }();
  judgeClaimedRun(result, std::move(run), describeMetrics);
  return result;
}

} // namespace sweep
} // namespace gemm_opt
