//===- GroupChecker.cpp - The checks of a grouped kernel's run ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupChecker.h"

#include "runtime/CublasLtEpilogue.h"
#include "runtime/CudaStream.h"
#include "runtime/QuantizedOutput.h"
#include "runtime/Validation.h"

#include "llvm/ADT/STLExtras.h"
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
                                          std::string &refusal,
                                          std::string &amaxRefusal) {
  if (!scales) {
    if (Error err = runCublasLoop(routing, buffers.referenceAddress))
      return std::move(err);
    return true;
  }
  // An e4m3 D is quantized by cuBLASLt itself, with the kernel's scale_d,
  // so its activation (the only epilogue an e4m3 C fuses) comes first
  // there.
  CublasLtScaledMatmulOptions shared;
  if (outputScale) {
    shared.scaleD = buffers.scaleD.data();
    CublasLtEpilogueChoice activation = chooseCublasLtEpilogue(spec.epilogue);
    if (activation.epilogue) {
      shared.epilogue = *activation.epilogue;
    } else if (spec.epilogue.hasFusedOperations()) {
      refusal = "cuBLASLt cannot apply " + spec.epilogue.describe() +
                " before its e4m3 D (" + activation.reason + ")";
      return false;
    }
  }
  // cuBLASLt's amax is of its own D: compared where that is the kernel's
  // (no epilogue, or an e4m3 D's activation done by cuBLASLt).
  float *amaxes = nullptr;
  if (buffers.referenceAmaxes.size() > 0 &&
      (outputScale || !spec.epilogue.hasFusedOperations()))
    amaxes = static_cast<float *>(buffers.referenceAmaxes.data());
  // Planning runs each group's matmul once; where cuBLASLt computes no
  // amax for these scale modes, it still checks the product.
  for (float *planned : {amaxes, static_cast<float *>(nullptr)}) {
    fp8Loop.reset();
    Expected<GroupedCublasLtLoop> loop = GroupedCublasLtLoop::plan(
        spec, routing, *scales, buffers.a.data(), buffers.b.data(),
        reinterpret_cast<void *>(buffers.referenceAddress), stream, shared,
        planned);
    if (!loop)
      return loop.takeError();
    fp8Loop.emplace(std::move(*loop));
    refusal = fp8Loop->getRefusal();
    if (fp8Loop->isPlanned() || !planned)
      break;
    amaxRefusal = refusal;
  }
  if (!amaxes && buffers.referenceAmaxes.size() > 0 && amaxRefusal.empty())
    amaxRefusal = "cuBLASLt's D lacks the fused epilogue";
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

GroupChecker::GroupSamples
GroupChecker::sampleGroup(const GroupedProblem &routing, int64_t group) const {
  GroupSamples samples;
  int64_t rows = routing.groupRows[static_cast<size_t>(group)];
  int64_t base = routing.getRowBase(group);
  // The group's first row in its scales: a contiguous A's scales cover
  // all T rows.
  int64_t scaleRow = routing.layout == GroupedLayout::Masked ? 0 : base;
  samples.entries = chooseSampleEntries(
      rows, problem.n,
      std::max<int64_t>(options.fp64RandomSamples / routing.groups, 32),
      options.seed + static_cast<uint64_t>(group));
  double alpha = epilogue && spec.epilogue.alphaBeta
                     ? epilogue->getArguments().alpha
                     : 1.0;
  for (auto [row, col] : samples.entries) {
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
    samples.expected.push_back(output);
    samples.terms.push_back({alpha * alpha * squares, input, output});
  }
  return samples;
}

double
GroupChecker::getLargestSampledOutput(const GroupedProblem &routing) const {
  double largest = 0.0;
  for (int64_t group = 0; group < routing.groups; ++group)
    if (routing.groupRows[static_cast<size_t>(group)] > 0)
      for (double value : sampleGroup(routing, group).expected)
        largest = std::max(largest, std::fabs(value));
  return largest;
}

Expected<AmaxCheck> GroupChecker::checkGroupsAmax(const GroupedProblem &routing,
                                                  const HostMatrix &hostC,
                                                  double sampledMaximum,
                                                  bool referenceAmaxes,
                                                  double tolerance) const {
  float kernelAmax = 0.0f;
  if (Error err = buffers.amax.copyToHost(&kernelAmax))
    return std::move(err);
  // The largest |C| of the rows the groups store: rows past a masked
  // group's count and a contiguous C's guards hold the poison (NaN in
  // e4m3) and are no part of D.
  float largestStored = 0.0f;
  std::optional<float> cublasAmax;
  std::vector<float> groupAmaxes(static_cast<size_t>(routing.groups), 0.0f);
  if (referenceAmaxes)
    if (Error err = buffers.referenceAmaxes.copyToHost(groupAmaxes.data()))
      return std::move(err);
  for (int64_t group = 0; group < routing.groups; ++group) {
    int64_t rows = routing.groupRows[static_cast<size_t>(group)];
    int64_t first = buffers.guardRows + routing.getRowBase(group);
    for (int64_t row = first; row < first + rows; ++row)
      for (int64_t col = 0; col < routing.n; ++col)
        largestStored = std::max(
            largestStored, static_cast<float>(std::fabs(hostC.get(row, col))));
    // Only the non-empty groups' matmuls ran (and wrote their amax).
    if (referenceAmaxes && rows > 0)
      cublasAmax = std::max(cublasAmax.value_or(0.0f),
                            groupAmaxes[static_cast<size_t>(group)]);
  }
  return checkAmax(kernelAmax, largestStored, spec.cType, outputScale,
                   sampledMaximum, cublasAmax, tolerance);
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
    if (buffers.referenceAmaxes.size() > 0)
      if (Error err = buffers.referenceAmaxes.fill(0, stream))
        return std::move(err);
    Expected<bool> ran =
        runReference(routing, result.noCublasLtAnchor, result.amaxRefusal);
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
      // fp64 on its C-typed result, rounded back to C's type (an e4m3 D
      // has its activation from cuBLASLt already).
      if (epilogue && !outputScale)
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
  bool fast = scales && spec.scaling->fastAccumulation;
  double tolerance = outputScale ? getE4m3OutputTolerance(fast)
                     : scales    ? getFp8Tolerance(spec.cType, fast)
                                 : getTolerance(spec.aType, spec.cType);
  // An e4m3 C is compared after dequantization, against the reference
  // rounded as the kernel rounds (runtime/QuantizedOutput.h).
  auto dequantized = [&](const HostMatrix &matrix, int64_t row, int64_t col) {
    double value = matrix.get(row, col);
    return outputScale ? value / double(*outputScale) : value;
  };
  int64_t guard = buffers.guardRows;
  // Groups that failed fp64, and those that passed it but differ from the
  // reference (which counts only while an FP8 kernel's cuBLASLt anchors
  // pass fp64).
  int64_t failedFp64 = 0, failedCublasOnly = 0;
  double sampledMaximum = 0.0;
  for (int64_t group = 0; group < routing.groups; ++group) {
    int64_t rows = routing.groupRows[static_cast<size_t>(group)];
    int64_t base = routing.getRowBase(group);
    if (rows == 0)
      continue;
    ++result.checkedGroups;
    // fp64 at samples of the group, and the tolerance factor of its sums.
    GroupSamples samples = sampleGroup(routing, group);
    std::vector<double> expected, actual;
    for (auto [entry, value] :
         llvm::zip_equal(samples.entries, samples.expected)) {
      sampledMaximum = std::max(sampledMaximum, std::fabs(value));
      expected.push_back(outputScale ? roundAsE4m3(value, *outputScale)
                                     : value);
      actual.push_back(
          dequantized(hostC, guard + base + entry.first, entry.second));
    }
    double factor =
        getToleranceFactor(samples.terms, spec.epilogue.activation, tolerance);
    result.toleranceFactor = std::max(result.toleranceFactor, factor);
    ErrorMetric fp64 = computeErrorMetric(actual, expected, tolerance * factor);
    // A NaN or Inf anywhere in the group's rows fails, not only at the
    // samples.
    int64_t nonFinite = 0;
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t col = 0; col < n; ++col)
        nonFinite += std::isfinite(hostC.get(guard + base + row, col)) ? 0 : 1;
    fp64.nonFiniteCount = std::max(fp64.nonFiniteCount, nonFinite);
    bool fp64Passed = fp64.passed && fp64.nonFiniteCount == 0;
    fp64.passed = fp64Passed;
    failedFp64 += fp64Passed ? 0 : 1;
    accumulateWorst(result.vsFp64, result.worstFp64Group, fp64, group);
    if (hostReference && scales && result.noCublasLtAnchor.empty()) {
      // An anchor must pass fp64 itself, as the FP8 benchmarks require.
      std::vector<double> anchor;
      for (auto [row, col] : samples.entries)
        anchor.push_back(dequantized(*hostReference, guard + base + row, col));
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
      // Two e4m3 outputs: the relative error is the same as after
      // dequantizing both by scale_d.
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
  bool anchored = result.noCublasLtAnchor.empty();
  if (!anchored) {
    result.vsCublas.reset();
    result.worstCublasGroup = -1;
    failedCublasOnly = 0;
  }
  result.failedGroups = failedFp64 + failedCublasOnly;
  if (result.checkedGroups == 0) {
    // Nothing to compare: all groups are empty.
    result.vsFp64.passed = true;
    if (hostReference && anchored)
      result.vsCublas = ErrorMetric{0.0, 0.0, 0, 0, tolerance, true};
  }
  if (buffers.amax.size() > 0) {
    bool referenceAmaxes = hostReference && anchored &&
                           buffers.referenceAmaxes.size() > 0 &&
                           result.amaxRefusal.empty();
    Expected<AmaxCheck> amax =
        checkGroupsAmax(routing, hostC, sampledMaximum, referenceAmaxes,
                        tolerance * result.toleranceFactor);
    if (!amax)
      return amax.takeError();
    result.amax = *amax;
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
