//===- GroupChecker.cpp - The checks of a grouped kernel's run ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupChecker.h"

#include "runtime/CudaStream.h"
#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// The worst of `metric` and `worst` (by error over tolerance), with the
/// counts summed.
void accumulateWorst(ErrorMetric &worst, int64_t &worstGroup,
                     const ErrorMetric &metric, int64_t group) {
  auto badness = [](const ErrorMetric &m) {
    if (m.nonFiniteCount > 0 || std::isnan(m.relativeFrobenius))
      return std::numeric_limits<double>::infinity();
    return m.tolerance > 0 ? m.relativeFrobenius / m.tolerance
                           : m.relativeFrobenius;
  };
  int64_t count = worst.count + metric.count;
  int64_t nonFinite = worst.nonFiniteCount + metric.nonFiniteCount;
  double maxAbs = std::max(worst.maxAbsError, metric.maxAbsError);
  bool passed = (worstGroup < 0 || worst.passed) && metric.passed;
  if (worstGroup < 0 || badness(metric) > badness(worst)) {
    worst = metric;
    worstGroup = group;
  }
  worst.count = count;
  worst.nonFiniteCount = nonFinite;
  worst.maxAbsError = maxAbs;
  worst.passed = passed;
}

} // namespace

Expected<bool> GroupChecker::runReference(const GroupedProblem &routing,
                                          std::string &refusal) {
  if (!scales) {
    if (Error err = runCublasLoop(routing, buffers.referenceAddress))
      return std::move(err);
    return true;
  }
  // Planning runs each group's matmul once.
  fp8Loop.reset();
  Expected<GroupedCublasLtLoop> loop = GroupedCublasLtLoop::plan(
      spec, routing, *scales, buffers.a.data(), buffers.b.data(),
      reinterpret_cast<void *>(buffers.referenceAddress), stream);
  if (!loop)
    return loop.takeError();
  fp8Loop.emplace(std::move(*loop));
  refusal = fp8Loop->getRefusal();
  return fp8Loop->isPlanned();
}

Error GroupChecker::runReferenceLoop(const GroupedProblem &routing,
                                     uint64_t c) {
  if (!scales)
    return runCublasLoop(routing, c);
  assert(fp8Loop && fp8Loop->isPlanned() && "checked before it is timed");
  return fp8Loop->run();
}

Error GroupChecker::runCublasLoop(const GroupedProblem &routing,
                                  uint64_t c) const {
  GemmTypes types{spec.aType, spec.bType, spec.cType};
  return forEachNonEmptyGroup(
      routing, types, buffers.a.data(), buffers.b.data(),
      reinterpret_cast<void *>(c), [&](const GroupOperands &group) {
        return cublas->gemmRowMajorOutput(group.shape, types, group.a, group.b,
                                          group.c);
      });
}

Expected<GroupCheck> GroupChecker::check(const GroupedProblem &routing) {
  GroupCheck result;
  int64_t n = problem.n;
  HostMatrix hostC(spec.cType, buffers.cRows, n, n);
  if (Error err = buffers.c.copyToHost(hostC.data()))
    return std::move(err);
  std::optional<HostMatrix> hostReference;
  if (options.cublasReference) {
    if (Error err = buffers.reference.fill(OutputPoisonByte, stream))
      return std::move(err);
    Expected<bool> ran = runReference(routing, result.noCublasLtAnchor);
    if (!ran)
      return ran.takeError();
    if (Error err =
            waitForKernel(stream, scales ? "the loop of cuBLASLt matmuls"
                                         : "the loop of cublasGemmEx calls"))
      return std::move(err);
    if (*ran) {
      hostReference.emplace(spec.cType, buffers.cRows, n, n);
      if (Error err = buffers.reference.copyToHost(hostReference->data()))
        return std::move(err);
      // cuBLAS computes each group's A·B; the epilogue follows here, in
      // fp64 on its C-typed result, rounded back to C's type.
      if (epilogue)
        for (int64_t group = 0; group < routing.groups; ++group) {
          int64_t stored = buffers.guardRows + routing.getRowBase(group);
          for (int64_t row = 0;
               row < routing.groupRows[static_cast<size_t>(group)]; ++row)
            for (int64_t col = 0; col < n; ++col)
              hostReference->set(stored + row, col,
                                 static_cast<float>(epilogue->apply(
                                     routing, group, row, col,
                                     hostReference->get(stored + row, col))));
        }
    }
  }
  double tolerance =
      scales ? getFp8Tolerance(spec.cType, spec.scaling->fastAccumulation)
             : getTolerance(spec.aType, spec.cType);
  int64_t guard = buffers.guardRows;
  // Groups that failed fp64, and those that passed it but differ from the
  // reference (which counts only while an FP8 kernel's cuBLASLt anchors
  // pass fp64).
  int64_t failedFp64 = 0, failedCublasOnly = 0;
  for (int64_t group = 0; group < routing.groups; ++group) {
    int64_t rows = routing.groupRows[static_cast<size_t>(group)];
    int64_t base = routing.getRowBase(group);
    if (rows == 0)
      continue;
    ++result.checkedGroups;
    // The group's first row in its scales: a contiguous A's scales cover
    // all T rows.
    int64_t scaleRow = routing.layout == GroupedLayout::Masked ? 0 : base;
    // fp64 at samples of the group, and the tolerance factor of its sums.
    auto samples = chooseSampleEntries(
        rows, n,
        std::max<int64_t>(options.fp64RandomSamples / routing.groups, 32),
        options.seed + static_cast<uint64_t>(group));
    std::vector<double> expected, actual;
    std::vector<CheckedOutputTerms> terms;
    double alpha = epilogue && spec.epilogue.alphaBeta
                       ? epilogue->getArguments().alpha
                       : 1.0;
    for (auto [row, col] : samples) {
      double sum = 0.0, squares = 0.0;
      for (int64_t kk = 0; kk < problem.k; ++kk) {
        double product = hostA.get(base + row, kk) * getB(group, kk, col);
        if (scales) {
          const HostScales &groupScales = scales->get(group);
          int64_t kb = kk / ScaleBlockElements;
          product *=
              groupScales.getA(scaleRow + row, kb) * groupScales.getB(kb, col);
        }
        sum += product;
        squares += product * product;
      }
      double output = sum, input = sum;
      if (epilogue) {
        output = epilogue->apply(routing, group, row, col, sum);
        input = epilogue->applyBeforeActivation(routing, group, row, col, sum);
      }
      expected.push_back(output);
      actual.push_back(hostC.get(guard + base + row, col));
      terms.push_back({alpha * alpha * squares, input, output});
    }
    double factor =
        getToleranceFactor(terms, spec.epilogue.activation, tolerance);
    result.toleranceFactor = std::max(result.toleranceFactor, factor);
    ErrorMetric fp64 = computeErrorMetric(actual, expected, tolerance * factor);
    bool fp64Passed = fp64.passed && fp64.nonFiniteCount == 0;
    failedFp64 += fp64Passed ? 0 : 1;
    accumulateWorst(result.vsFp64, result.worstFp64Group, fp64, group);
    if (hostReference && scales && result.noCublasLtAnchor.empty()) {
      // An anchor must pass fp64 itself, as the FP8 benchmarks require.
      std::vector<double> anchor;
      for (auto [row, col] : samples)
        anchor.push_back(hostReference->get(guard + base + row, col));
      ErrorMetric anchorMetric =
          computeErrorMetric(anchor, expected, tolerance * factor);
      if (!anchorMetric.passed || anchorMetric.nonFiniteCount > 0)
        result.noCublasLtAnchor =
            ("cuBLASLt's FP8 matmul of group " + Twine(group) +
             " fails the fp64 check (relative error " +
             formatv("{0:e2}", anchorMetric.relativeFrobenius) + ")")
                .str();
    }
    if (hostReference) {
      std::vector<double> kernel, reference;
      kernel.reserve(static_cast<size_t>(rows * n));
      reference.reserve(static_cast<size_t>(rows * n));
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t col = 0; col < n; ++col) {
          kernel.push_back(hostC.get(guard + base + row, col));
          reference.push_back(hostReference->get(guard + base + row, col));
        }
      ErrorMetric metric =
          computeErrorMetric(kernel, reference, tolerance * factor);
      if (fp64Passed && (!metric.passed || metric.nonFiniteCount > 0))
        ++failedCublasOnly;
      ErrorMetric worst = result.vsCublas.value_or(ErrorMetric());
      accumulateWorst(worst, result.worstCublasGroup, metric, group);
      result.vsCublas = worst;
    }
  }
  if (!result.noCublasLtAnchor.empty()) {
    result.vsCublas.reset();
    result.worstCublasGroup = -1;
    failedCublasOnly = 0;
  }
  result.failedGroups = failedFp64 + failedCublasOnly;
  if (result.checkedGroups == 0) {
    // Nothing to compare: all groups are empty.
    result.vsFp64.passed = true;
    if (hostReference && result.noCublasLtAnchor.empty())
      result.vsCublas = ErrorMetric{0.0, 0.0, 0, 0, tolerance, true};
  }

  // Rows outside every group must keep the poison: a masked group's rows
  // past its count, a contiguous C's guard rows.
  size_t rowBytes = static_cast<size_t>(n) * getElementSize(spec.cType);
  std::vector<uint8_t> poisonRow(rowBytes, OutputPoisonByte);
  auto checkRow = [&](int64_t storedRow) {
    const auto *bytes = static_cast<const uint8_t *>(hostC.data()) +
                        static_cast<size_t>(storedRow) * rowBytes;
    result.poisonChecked += n;
    if (std::memcmp(bytes, poisonRow.data(), rowBytes) == 0)
      return;
    size_t element = getElementSize(spec.cType);
    for (int64_t col = 0; col < n; ++col)
      if (std::memcmp(bytes + col * element, poisonRow.data(), element) != 0)
        ++result.clobbered;
  };
  if (routing.layout == GroupedLayout::Masked) {
    for (int64_t group = 0; group < routing.groups; ++group)
      for (int64_t row = routing.groupRows[static_cast<size_t>(group)];
           row < routing.rows; ++row)
        checkRow(group * routing.rows + row);
  } else {
    for (int64_t row = 0; row < guard; ++row) {
      checkRow(row);
      checkRow(guard + routing.rows + row);
    }
  }
  return result;
}

} // namespace runtime
} // namespace gemm_opt
