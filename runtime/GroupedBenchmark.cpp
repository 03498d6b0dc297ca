//===- GroupedBenchmark.cpp - Run, check and time a grouped kernel --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedBenchmark.h"

#include "runtime/CublasReference.h"
#include "runtime/CudaCheck.h"
#include "runtime/CudaStream.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/Fp8Inputs.h"
#include "runtime/GroupedCublasLtLoop.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelLaunchSetup.h"
#include "runtime/RuntimeError.h"
#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>
#include <cmath>
#include <cstring>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// The device side of a grouped problem.
struct GroupedBuffers {
  DeviceBuffer a, b, c, reference, groups;
  /// An FP8 kernel's scale_a and scale_b, as the kernel takes them.
  DeviceBuffer scaleA, scaleB;
  /// Of C's first row (past the guard of a contiguous C).
  uint64_t cAddress = 0, referenceAddress = 0;
  /// Rows of C's buffer, guards included.
  int64_t cRows = 0, guardRows = 0;
};

/// Checks one run: the kernel's C in `buffers.c` against cuBLAS (run here
/// into buffers.reference) and fp64 for the routing `rows`.
class GroupChecker {
public:
  GroupChecker(const KernelSpec &spec, const GroupedProblem &problem,
               const HostMatrix &hostA, const HostMatrix &hostB,
               const GroupedScales *scales, GroupedBuffers &buffers,
               CublasReference *cublas, cudaStream_t stream,
               const BenchmarkOptions &options)
      : spec(spec), problem(problem), hostA(hostA), hostB(hostB),
        scales(scales), buffers(buffers), cublas(cublas), stream(stream),
        options(options) {}

  /// Enqueues C_g = A_g · B_g for every non-empty group of `routing`.
  Error runCublasLoop(const GroupedProblem &routing, uint64_t c) const;

  /// Enqueues the reference loop of the routing last checked: the
  /// cublasGemmEx calls, or an FP8 kernel's cuBLASLt matmuls.
  Error runReferenceLoop(const GroupedProblem &routing, uint64_t c);

  Expected<GroupCheck> check(const GroupedProblem &routing);

  /// An FP8 kernel's cuBLASLt loop of the routing last checked, if planned.
  const GroupedCublasLtLoop *getCublasLtLoop() const {
    return fp8Loop && fp8Loop->isPlanned() ? &*fp8Loop : nullptr;
  }

private:
  /// Runs the reference of `routing` into buffers.reference; false where
  /// an FP8 kernel's cuBLASLt refuses it (`refusal` says why).
  Expected<bool> runReference(const GroupedProblem &routing,
                              std::string &refusal);

  double getB(int64_t group, int64_t row, int64_t col) const {
    return problem.bLayout == MatrixLayout::Row
               ? hostB.get(group * problem.k + row, col)
               : hostB.get(row, group * problem.n + col);
  }

  const KernelSpec &spec;
  const GroupedProblem &problem;
  const HostMatrix &hostA, &hostB;
  /// An FP8 kernel's scales, else null.
  const GroupedScales *scales;
  GroupedBuffers &buffers;
  CublasReference *cublas;
  cudaStream_t stream;
  const BenchmarkOptions &options;
  std::optional<GroupedCublasLtLoop> fp8Loop;
};

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
      expected.push_back(sum);
      actual.push_back(hostC.get(guard + base + row, col));
      terms.push_back({squares, sum, sum});
    }
    double factor =
        getToleranceFactor(terms, EpilogueActivation::None, tolerance);
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

/// Writes the group operand of `routing` into `groups` (synchronously, so
/// outside any graph).
Error writeGroupOperand(const GroupedProblem &routing, DeviceBuffer &groups) {
  std::vector<int32_t> values =
      getGroupOperand(routing.layout, routing.groupRows);
  GEMM_CUDA_TRY(cudaMemcpy(groups.data(), values.data(),
                           values.size() * sizeof(int32_t),
                           cudaMemcpyHostToDevice));
  return Error::success();
}

} // namespace

Expected<GroupedResult> runGroupedBenchmark(const DeviceInfo &device,
                                            const KernelSpec &spec,
                                            const KernelImages &images,
                                            const GroupedProblem &problem,
                                            const GroupedOptions &options) {
  if (Error err = checkGroupedProblem(spec, problem))
    return std::move(err);
  GroupedResult result;
  GemmShape shape = problem.getShape();
  bool masked = problem.layout == GroupedLayout::Masked;
  int64_t aRows = masked ? problem.groups * problem.rows : problem.rows;

  // Random non-zero inputs (HostMatrix::fillRandom), one seed per operand;
  // FP8 ones as the FP8 benchmarks draw them (Fp8Inputs.h), with random
  // scales per group (GroupedScales.h).
  HostMatrix hostA(spec.aType, aRows, problem.k, problem.k);
  HostMatrix hostB =
      problem.bLayout == MatrixLayout::Row
          ? HostMatrix(spec.bType, problem.groups * problem.k, problem.n,
                       problem.n)
          : HostMatrix(spec.bType, problem.k, problem.groups * problem.n,
                       problem.k, MatrixLayout::Col);
  std::optional<GroupedScales> scales;
  std::vector<float> packedA, packedB;
  if (spec.scaling) {
    fillFp8Random(hostA, options.common.fp8Inputs, options.common.seed * 2);
    fillFp8Random(hostB, options.common.fp8Inputs, options.common.seed * 2 + 1);
    scales.emplace(*spec.scaling, problem.layout, problem.groups, problem.rows,
                   problem.n, problem.k, options.common.seed * 2 + 5,
                   chooseScaleCentre(hostA, problem.k),
                   chooseScaleCentre(hostB, problem.k));
    packedA = scales->pack(/*isA=*/true);
    packedB = scales->pack(/*isA=*/false);
    result.scaling = spec.scaling->describe();
  } else {
    hostA.fillRandom(options.common.seed);
    hostB.fillRandom(options.common.seed + 1);
  }

  CudaStream stream;
  if (Error err = stream.create())
    return std::move(err);
  GroupedBuffers buffers;
  buffers.guardRows = masked ? 0 : GroupedGuardRows;
  buffers.cRows = aRows + 2 * buffers.guardRows;
  size_t cElement = getElementSize(spec.cType);
  size_t cBytes = static_cast<size_t>(buffers.cRows * problem.n) * cElement;
  size_t guardBytes =
      static_cast<size_t>(buffers.guardRows * problem.n) * cElement;
  Expected<DeviceBuffer> a =
      DeviceBuffer::upload(hostA.data(), hostA.getSizeInBytes());
  if (!a)
    return a.takeError();
  buffers.a = std::move(*a);
  Expected<DeviceBuffer> b =
      DeviceBuffer::upload(hostB.data(), hostB.getSizeInBytes());
  if (!b)
    return b.takeError();
  buffers.b = std::move(*b);
  Expected<DeviceBuffer> c = DeviceBuffer::allocate(cBytes);
  if (!c)
    return c.takeError();
  buffers.c = std::move(*c);
  buffers.cAddress = buffers.c.getAddress() + guardBytes;
  std::vector<int32_t> operand =
      getGroupOperand(problem.layout, problem.groupRows);
  Expected<DeviceBuffer> groups =
      DeviceBuffer::upload(operand.data(), operand.size() * sizeof(int32_t));
  if (!groups)
    return groups.takeError();
  buffers.groups = std::move(*groups);
  if (scales) {
    Expected<DeviceBuffer> scaleA =
        DeviceBuffer::upload(packedA.data(), packedA.size() * sizeof(float));
    if (!scaleA)
      return scaleA.takeError();
    buffers.scaleA = std::move(*scaleA);
    Expected<DeviceBuffer> scaleB =
        DeviceBuffer::upload(packedB.data(), packedB.size() * sizeof(float));
    if (!scaleB)
      return scaleB.takeError();
    buffers.scaleB = std::move(*scaleB);
  }

  std::optional<CublasReference> cublas;
  if (options.common.cublasReference && !scales) {
    Expected<CublasReference> created =
        CublasReference::create(stream.get(), CUBLAS_COMPUTE_32F);
    if (!created)
      return created.takeError();
    cublas.emplace(std::move(*created));
    result.timing.cublasVersion = cublas->getVersion();
  }
  if (options.common.cublasReference) {
    if (scales)
      result.timing.cublasVersion = static_cast<int>(cublasLtGetVersion());
    Expected<DeviceBuffer> reference = DeviceBuffer::allocate(cBytes);
    if (!reference)
      return reference.takeError();
    buffers.reference = std::move(*reference);
    buffers.referenceAddress = buffers.reference.getAddress() + guardBytes;
  }

  Expected<LoadedGemmKernel> kernel =
      loadGemmKernel(spec, images, device, shape);
  if (!kernel)
    return kernel.takeError();
  result.grid = kernel->grid;
  result.kernelInfo = kernel->module.getInfo();
  OperandAddresses addresses;
  addresses.a = buffers.a.getAddress();
  addresses.b = buffers.b.getAddress();
  addresses.c = buffers.cAddress;
  addresses.groups = buffers.groups.getAddress();
  if (scales) {
    addresses.scaleA = buffers.scaleA.getAddress();
    addresses.scaleB = buffers.scaleB.getAddress();
  }
  // A grouped kernel fuses no epilogue: the default epilogue arguments.
  Expected<KernelLaunchSetup> setup = KernelLaunchSetup::create(
      *device.driver, spec, shape, addresses, EpilogueArguments(),
      kernel->module, kernel->grid, stream.get());
  if (!setup)
    return setup.takeError();
  if (setup->hasStagedOperands())
    return makeBadInputError("grouped kernel " + spec.name +
                             ": an operand would need a staged copy, which "
                             "the grouped runtime does not make");
  auto launchKernel = [&]() { return setup->launch(); };
  auto poisonC = [&]() {
    return buffers.c.fill(OutputPoisonByte, stream.get());
  };
  GroupChecker checker(spec, problem, hostA, hostB, scales ? &*scales : nullptr,
                       buffers, cublas ? &*cublas : nullptr, stream.get(),
                       options.common);

  // The checked run.
  if (Error err = poisonC())
    return std::move(err);
  if (Error err = launchKernel())
    return std::move(err);
  if (Error err = waitForKernel(stream.get(), "kernel " + spec.name))
    return std::move(err);
  Expected<GroupCheck> checked = checker.check(problem);
  if (!checked)
    return checked.takeError();
  result.check = *checked;
  for (int32_t rows : problem.groupRows)
    result.cublasCalls += rows > 0 ? 1 : 0;
  // The reference loop, planned by the check: cuBLAS where it ran, an FP8
  // kernel's cuBLASLt matmuls where cuBLASLt took every group's.
  bool haveLoop = options.common.cublasReference &&
                  (!scales || checker.getCublasLtLoop() != nullptr);
  if (const GroupedCublasLtLoop *loop = checker.getCublasLtLoop())
    result.cublasLtScaleModes = loop->getScaleModes();

  if (options.common.timing) {
    auto poisonReference = [&]() {
      return buffers.reference.fill(OutputPoisonByte, stream.get());
    };
    auto launchCublas = [&]() {
      return checker.runReferenceLoop(problem, buffers.referenceAddress);
    };
    if (Error err =
            timeKernelAndCublas(device, stream.get(), options.common, spec.name,
                                TimedWork{poisonC, launchKernel},
                                haveLoop && result.cublasCalls > 0
                                    ? std::optional<TimedWork>(TimedWork{
                                          poisonReference, launchCublas})
                                    : std::nullopt,
                                result.timing))
      return std::move(err);
  }

  if (!masked || options.graphReplays == 0)
    return std::move(result);
  // One captured launch serves every routing: the counts live in device
  // memory, which the replays rewrite outside the graph.
  GEMM_CUDA_TRY(
      cudaStreamBeginCapture(stream.get(), cudaStreamCaptureModeThreadLocal));
  Error launched = launchKernel();
  cudaGraph_t graph = nullptr;
  Error ended = GEMM_CUDA_CHECK(cudaStreamEndCapture(stream.get(), &graph));
  scope_exit destroyGraph([&] {
    if (graph)
      (void)cudaGraphDestroy(graph);
  });
  if (launched) {
    consumeError(std::move(ended));
    return std::move(launched);
  }
  if (ended)
    return std::move(ended);
  cudaGraphExec_t graphExec = nullptr;
  GEMM_CUDA_TRY(cudaGraphInstantiate(&graphExec, graph, 0));
  scope_exit destroyExec([&] {
    if (graphExec)
      (void)cudaGraphExecDestroy(graphExec);
  });
  for (unsigned replay = 1; replay <= options.graphReplays; ++replay) {
    GroupedProblem routing = problem;
    routing.routingSeed = problem.routingSeed + replay;
    // Explicit lists replay as skewed routings of as many tokens.
    Expected<std::vector<int32_t>> rows =
        makeGroupRows(problem.groups, problem.getTokens(), problem.rows,
                      problem.explicitRows ? RoutingDistribution::Skewed
                                           : problem.distribution,
                      routing.routingSeed);
    if (!rows)
      return rows.takeError();
    routing.groupRows = std::move(*rows);
    if (Error err = writeGroupOperand(routing, buffers.groups))
      return std::move(err);
    if (Error err = poisonC())
      return std::move(err);
    GEMM_CUDA_TRY(cudaGraphLaunch(graphExec, stream.get()));
    if (Error err =
            waitForKernel(stream.get(), "graph replay of kernel " + spec.name))
      return std::move(err);
    Expected<GroupCheck> replayCheck = checker.check(routing);
    if (!replayCheck)
      return replayCheck.takeError();
    result.replays.push_back(
        {routing.routingSeed, routing.groupRows, *replayCheck});
  }
  return std::move(result);
}

} // namespace runtime
} // namespace gemm_opt
