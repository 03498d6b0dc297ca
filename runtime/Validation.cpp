//===- Validation.cpp - Error metrics and tolerances ----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/Validation.h"

#include "llvm/Support/Format.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Parallel.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace gemm_opt {
namespace runtime {

double getTolerance(ElementType inputType, ElementType outputType,
                    bool exactFp32Math) {
  if (exactFp32Math && inputType == ElementType::F32 &&
      outputType == ElementType::F32)
    return tolerance::F32ExactMath;
  switch (outputType) {
  case ElementType::BF16:
    return tolerance::Bf16Output;
  case ElementType::F16:
    return inputType == ElementType::F32
               ? std::max(tolerance::F16Output, tolerance::F32OutputF32Inputs)
               : tolerance::F16Output;
  case ElementType::F32:
    return inputType == ElementType::F32
               ? tolerance::F32OutputF32Inputs
               : tolerance::F32OutputLowPrecisionInputs;
  // An e4m3 output has its own tolerance (QuantizedOutput.h).
  case ElementType::F8E4M3FN:
  case ElementType::F8E5M2:
    return tolerance::Bf16Output;
  }
  return tolerance::Bf16Output;
}

double getFp8Tolerance(ElementType outputType, bool fastAccumulation) {
  double tolerance = getTolerance(ElementType::F8E4M3FN, outputType);
  return fastAccumulation
             ? std::max(tolerance, tolerance::F32OutputFp8FastAccumulation)
             : tolerance;
}

std::string describeTolerances() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "Tolerances (relative Frobenius error, vs cuBLAS and vs fp64): bf16 "
        "output "
     << llvm::format("%g", tolerance::Bf16Output) << ", f16 output "
     << llvm::format("%g", tolerance::F16Output)
     << ", f32 output from f16/bf16 inputs "
     << llvm::format("%g", tolerance::F32OutputLowPrecisionInputs)
     << ", f32 output from f32 inputs on tensor cores (tf32) "
     << llvm::format("%g", tolerance::F32OutputF32Inputs)
     << ", from f32 inputs with fp32 math (ffma) "
     << llvm::format("%g", tolerance::F32ExactMath)
     << ", from 8-bit inputs as from f16/bf16 ones, at least "
     << llvm::format("%g", tolerance::F32OutputFp8FastAccumulation)
     << " with fast accumulation; an e4m3 output after dequantization that "
        "of f32 plus 2^-4 (its rounding).";
  return text;
}

namespace {
/// Partial sums of one comparison, mergeable across threads.
struct ErrorSums {
  double diffSquared = 0.0;
  double refSquared = 0.0;
  double maxAbs = 0.0;
  int64_t count = 0;
  int64_t nonFinite = 0;
  int64_t nonFiniteExpected = 0;

  void add(double actual, double expected) {
    ++count;
    if (!std::isfinite(expected))
      ++nonFiniteExpected;
    if (!std::isfinite(actual)) {
      ++nonFinite;
      return;
    }
    double diff = actual - expected;
    diffSquared += diff * diff;
    refSquared += expected * expected;
    maxAbs = std::max(maxAbs, std::fabs(diff));
  }

  void merge(const ErrorSums &other) {
    diffSquared += other.diffSquared;
    refSquared += other.refSquared;
    maxAbs = std::max(maxAbs, other.maxAbs);
    count += other.count;
    nonFinite += other.nonFinite;
    nonFiniteExpected += other.nonFiniteExpected;
  }

  ErrorMetric finish(double tolerance) const {
    ErrorMetric metric;
    metric.count = count;
    metric.nonFiniteCount = nonFinite;
    metric.maxAbsError = maxAbs;
    metric.tolerance = tolerance;
    if (nonFinite > 0 || nonFiniteExpected > 0 || count == 0) {
      metric.relativeFrobenius = std::numeric_limits<double>::quiet_NaN();
      metric.passed = false;
      return metric;
    }
    // An all-zero reference (e.g. ReLU of negative sums): relative to
    // nothing, only an exact match passes.
    if (!(refSquared > 0.0)) {
      metric.relativeFrobenius =
          diffSquared == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
      metric.passed = diffSquared == 0.0;
      return metric;
    }
    metric.relativeFrobenius = std::sqrt(diffSquared / refSquared);
    metric.passed = metric.relativeFrobenius <= tolerance;
    return metric;
  }
};
} // namespace

ErrorMetric computeErrorMetric(llvm::ArrayRef<double> actual,
                               llvm::ArrayRef<double> expected,
                               double tolerance) {
  ErrorSums sums;
  size_t count = std::min(actual.size(), expected.size());
  for (size_t i = 0; i < count; ++i)
    sums.add(actual[i], expected[i]);
  ErrorMetric metric = sums.finish(tolerance);
  if (actual.size() != expected.size())
    metric.passed = false;
  return metric;
}

ErrorMetric compareMatrices(const HostMatrix &actual,
                            const HostMatrix &expected, double tolerance) {
  int64_t rows = std::min(actual.getRows(), expected.getRows());
  int64_t cols = std::min(actual.getCols(), expected.getCols());
  std::vector<ErrorSums> rowSums(static_cast<size_t>(rows));
  llvm::parallelFor(0, static_cast<size_t>(rows), [&](size_t row) {
    ErrorSums &sums = rowSums[row];
    for (int64_t col = 0; col < cols; ++col)
      sums.add(actual.get(static_cast<int64_t>(row), col),
               expected.get(static_cast<int64_t>(row), col));
  });
  ErrorSums total;
  for (const ErrorSums &sums : rowSums)
    total.merge(sums);
  ErrorMetric metric = total.finish(tolerance);
  if (actual.getRows() != expected.getRows() ||
      actual.getCols() != expected.getCols())
    metric.passed = false;
  return metric;
}

std::vector<std::pair<int64_t, int64_t>>
chooseSampleEntries(int64_t rows, int64_t cols, int64_t randomCount,
                    uint64_t seed) {
  std::vector<std::pair<int64_t, int64_t>> samples;
  if (rows < 1 || cols < 1)
    return samples;
  std::mt19937_64 generator(seed ^ 0x5a17e5a17e5a17e5ull);
  std::uniform_int_distribution<int64_t> rowDist(0, rows - 1);
  std::uniform_int_distribution<int64_t> colDist(0, cols - 1);
  for (int64_t i = 0; i < randomCount; ++i) {
    int64_t row = rowDist(generator);
    samples.emplace_back(row, colDist(generator));
  }
  for (auto corner : {std::pair<int64_t, int64_t>(0, 0),
                      {0, cols - 1},
                      {rows - 1, 0},
                      {rows - 1, cols - 1}})
    samples.push_back(corner);
  for (int64_t col = 0; col < cols; ++col)
    samples.emplace_back(rows - 1, col);
  for (int64_t row = 0; row < rows; ++row)
    samples.emplace_back(row, cols - 1);
  std::sort(samples.begin(), samples.end());
  samples.erase(std::unique(samples.begin(), samples.end()), samples.end());
  return samples;
}

std::vector<double>
computeFp64Reference(const HostMatrix &a, const HostMatrix &b,
                     llvm::ArrayRef<std::pair<int64_t, int64_t>> samples) {
  std::vector<double> reference(samples.size());
  int64_t depth = a.getCols();
  llvm::parallelFor(0, samples.size(), [&](size_t index) {
    auto [row, col] = samples[index];
    double sum = 0.0;
    for (int64_t k = 0; k < depth; ++k)
      sum += a.get(row, k) * b.get(k, col);
    reference[index] = sum;
  });
  return reference;
}

std::vector<double>
computeFp64Reference(const HostMatrix &a, const HostMatrix &b,
                     llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
                     EntryEpilogue epilogue) {
  std::vector<double> reference = computeFp64Reference(a, b, samples);
  if (epilogue)
    for (auto [value, sample] : llvm::zip_equal(reference, samples))
      value = epilogue(sample.first, sample.second, value);
  return reference;
}

std::vector<double>
computeProductSquares(const HostMatrix &a, const HostMatrix &b,
                      llvm::ArrayRef<std::pair<int64_t, int64_t>> samples) {
  std::vector<double> squares(samples.size());
  int64_t depth = a.getCols();
  llvm::parallelFor(0, samples.size(), [&](size_t index) {
    auto [row, col] = samples[index];
    double sum = 0.0;
    for (int64_t k = 0; k < depth; ++k) {
      double product = a.get(row, k) * b.get(k, col);
      sum += product * product;
    }
    squares[index] = sum;
  });
  return squares;
}

ErrorMetric compareWithFp64Reference(
    const HostMatrix &c, llvm::ArrayRef<std::pair<int64_t, int64_t>> samples,
    llvm::ArrayRef<double> reference, double tolerance) {
  std::vector<double> actual;
  actual.reserve(samples.size());
  for (auto [row, col] : samples)
    actual.push_back(c.get(row, col));
  ErrorMetric metric = computeErrorMetric(actual, reference, tolerance);
  // A NaN anywhere in C fails this check too, not only at the samples.
  int64_t nonFinite = countNonFinite(c);
  if (nonFinite > 0) {
    metric.nonFiniteCount = nonFinite;
    metric.passed = false;
    metric.relativeFrobenius = std::numeric_limits<double>::quiet_NaN();
  }
  return metric;
}

int64_t countNonFinite(const HostMatrix &matrix) {
  std::vector<int64_t> rowCounts(static_cast<size_t>(matrix.getRows()), 0);
  llvm::parallelFor(0, rowCounts.size(), [&](size_t row) {
    for (int64_t col = 0; col < matrix.getCols(); ++col)
      if (!std::isfinite(matrix.get(static_cast<int64_t>(row), col)))
        ++rowCounts[row];
  });
  int64_t total = 0;
  for (int64_t count : rowCounts)
    total += count;
  return total;
}

int64_t countClobberedPadding(const HostMatrix &matrix,
                              unsigned char poisonByte) {
  size_t elementSize = getElementSize(matrix.getType());
  const auto *bytes = static_cast<const unsigned char *>(matrix.data());
  int64_t clobbered = 0;
  for (int64_t line = 0; line < matrix.getStoredLines(); ++line) {
    for (int64_t i = matrix.getStoredLineLength(); i < matrix.getLd(); ++i) {
      const unsigned char *element =
          bytes + static_cast<size_t>(line * matrix.getLd() + i) * elementSize;
      for (size_t i = 0; i < elementSize; ++i)
        if (element[i] != poisonByte) {
          ++clobbered;
          break;
        }
    }
  }
  return clobbered;
}

} // namespace runtime
} // namespace gemm_opt
