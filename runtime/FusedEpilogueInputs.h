//===- FusedEpilogueInputs.h - Benchmark fused-epilogue inputs --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The run-time inputs of a kernel's fused epilogue (FusedEpilogueSpec.h) in
// gemm-run's benchmarks (GemmBenchmark.h, ScaledGemmBenchmark.h), on the
// host for the references and on the device for the kernel: a random bias
// vector and a random residual matrix of C's type (laid out like C, after
// the options' residualOffset poisoned elements of its buffer), and for
// alpha_beta a random initial C in C's layout, its padding poisoned. The
// epilogue's math at an output entry follows in fp64.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_FUSEDEPILOGUEINPUTS_H
#define GEMM_OPT_RUNTIME_FUSEDEPILOGUEINPUTS_H

#include "runtime/DeviceBuffer.h"
#include "runtime/FusedEpilogueSpec.h"
#include "runtime/GemmBenchmark.h"
#include "runtime/GemmShape.h"
#include "runtime/HostMatrix.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace gemm_opt {
namespace runtime {

/// Move-only (owns device memory).
class FusedEpilogueInputs {
public:
  /// Draws the inputs the epilogue of `spec` reads at `shape` (none for a
  /// kernel that fuses nothing) from `options`' seed, alpha, beta and
  /// residual offset, and uploads the bias and residual.
  static llvm::Expected<FusedEpilogueInputs>
  create(const KernelSpec &spec, const GemmShape &shape,
         const BenchmarkOptions &options);

  /// What the kernel takes: alpha, beta and the device bias and residual.
  const EpilogueArguments &getArguments() const { return arguments; }
  /// C before each run, where beta·C reads it (alpha_beta); else null.
  const HostMatrix *getInitialC() const {
    return initialC ? &*initialC : nullptr;
  }
  /// The residual matrix alone (without its offset), or null.
  const HostMatrix *getResidual() const {
    return residual ? &*residual : nullptr;
  }

  /// The epilogue's inputs at output entry (row, col).
  EpilogueEntryInputs getEntryInputs(int64_t row, int64_t col) const;
  /// D at (row, col) for the exact accumulator `acc` there, in fp64.
  double apply(int64_t row, int64_t col, double acc) const;
  /// The activation's input at (row, col): the epilogue without its
  /// activation and residual.
  double applyBeforeActivation(int64_t row, int64_t col, double acc) const;

private:
  FusedEpilogueInputs() = default;

  FusedEpilogueSpec epilogue;
  std::optional<HostMatrix> bias, residual, initialC;
  DeviceBuffer biasBuffer, residualBuffer;
  EpilogueArguments arguments;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_FUSEDEPILOGUEINPUTS_H
