//===- GroupChecker.h - The checks of a grouped kernel's run ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks of one run of a grouped kernel (GroupedBenchmark.h): each
// non-empty group against cuBLAS (or an FP8 kernel's cuBLASLt matmuls) and
// against fp64 at samples, and the poisoned rows outside every group. The
// reference loop it runs for the check is the baseline the benchmark times.
// A fused epilogue (GroupedEpilogueInputs.h) is applied per group in fp64,
// to the exact products and to cuBLAS's, as gemm-run's GEMM checks do. An
// e4m3 C is compared after dequantization (QuantizedOutput.h), cuBLASLt
// applying its activation before quantizing, and the kernel's amax against
// the groups' stored rows.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPCHECKER_H
#define GEMM_OPT_RUNTIME_GROUPCHECKER_H

#include "runtime/CublasReference.h"
#include "runtime/GroupedBenchmark.h"
#include "runtime/GroupedBuffers.h"
#include "runtime/GroupedCublasLtLoop.h"
#include "runtime/GroupedEpilogueInputs.h"
#include "runtime/GroupedProblem.h"
#include "runtime/GroupedScales.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelSpec.h"
#include "runtime/ToleranceFactor.h"

#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// Checks runs of a grouped kernel: the kernel's C in `buffers.c` against
/// the reference loop (run here into buffers.reference) and fp64, for the
/// routing of the run.
class GroupChecker {
public:
  /// Keeps references to all it is given, which must outlive it: the host
  /// inputs of `problem`, an FP8 kernel's `scales` (else null) and the
  /// device buffers. `cublas` runs a 16-bit kernel's reference (null for an
  /// FP8 kernel, and without the cuBLAS check). `epilogue` holds the
  /// inputs of a fused epilogue (else null): both references apply it in
  /// fp64, the cuBLAS one to cuBLAS's A·B of each group.
  GroupChecker(const KernelSpec &spec, const GroupedProblem &problem,
               const HostMatrix &hostA, const HostMatrix &hostB,
               const GroupedScales *scales, GroupedBuffers &buffers,
               CublasReference *cublas, cudaStream_t stream,
               const BenchmarkOptions &options,
               const GroupedEpilogueInputs *epilogue = nullptr)
      : spec(spec), problem(problem), hostA(hostA), hostB(hostB),
        scales(scales), buffers(buffers), cublas(cublas), stream(stream),
        options(options), epilogue(epilogue) {}

  /// Enqueues C_g = A_g · B_g for every non-empty group of `routing`.
  llvm::Error runCublasLoop(const GroupedProblem &routing, uint64_t c) const;

  /// Enqueues the reference loop of the routing last checked: the
  /// cublasGemmEx calls, or an FP8 kernel's cuBLASLt matmuls.
  llvm::Error runReferenceLoop(const GroupedProblem &routing, uint64_t c);

  /// Checks the kernel's C in buffers.c after a run of `routing`: every
  /// non-empty group against fp64 at samples and against the reference
  /// (run here, unless options.cublasReference is off), and the rows
  /// outside every group for the poison.
  llvm::Expected<GroupCheck> check(const GroupedProblem &routing);

  /// An e4m3 C's scale_d (in buffers.scaleD too): its output is checked
  /// after dequantization. Set before the first check.
  void setOutputScale(float scaleD) { outputScale = scaleD; }

  /// The largest |D| of the fp64 reference at the samples check() takes,
  /// over every group of `routing`: what an e4m3 C's scale_d is chosen
  /// from.
  double getLargestSampledOutput(const GroupedProblem &routing) const;

  /// An FP8 kernel's cuBLASLt loop of the routing last checked, if planned.
  const GroupedCublasLtLoop *getCublasLtLoop() const {
    return fp8Loop && fp8Loop->isPlanned() ? &*fp8Loop : nullptr;
  }

private:
  /// The fp64 reference at samples of one group: the entries (rows from
  /// the group's first), D there, and the terms of its tolerance factor.
  struct GroupSamples {
    std::vector<std::pair<int64_t, int64_t>> entries;
    std::vector<double> expected;
    std::vector<CheckedOutputTerms> terms;
  };
  GroupSamples sampleGroup(const GroupedProblem &routing, int64_t group) const;

  /// Runs the reference of `routing` into buffers.reference; false where
  /// an FP8 kernel's cuBLASLt refuses it (`refusal` says why). Where the
  /// kernel records amax, each group's matmul writes its amax into
  /// buffers.referenceAmaxes if cuBLASLt computes one (else
  /// `amaxRefusal` says why not).
  llvm::Expected<bool> runReference(const GroupedProblem &routing,
                                    std::string &refusal,
                                    std::string &amaxRefusal);

  /// The kernel's amax against the largest |C| of `routing`'s groups in
  /// `hostC`, the largest sampled fp64 |D| and, where `referenceRan`,
  /// the per-group cuBLASLt amaxes.
  llvm::Expected<AmaxCheck> checkGroupsAmax(const GroupedProblem &routing,
                                            const HostMatrix &hostC,
                                            double sampledMaximum,
                                            bool referenceRan,
                                            double tolerance) const;

  /// Entry (row, col) of group `group`'s B, wherever the layout of the
  /// stacked B puts it.
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
  const GroupedEpilogueInputs *epilogue;
  std::optional<GroupedCublasLtLoop> fp8Loop;
  /// An e4m3 C's scale_d, else unset.
  std::optional<float> outputScale;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPCHECKER_H
