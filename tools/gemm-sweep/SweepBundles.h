//===- SweepBundles.h - Every kernel of an artifacts directory -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The kernels a sweep chooses from: every bundle <dir>/kernel.json and
// <dir>/*/kernel.json, with their declared capabilities. A bundle that does
// not load is kept as a load error (a sweep failure), not a reason to stop.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPBUNDLES_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPBUNDLES_H

#include "tools/gemm-sweep/SweepCase.h"

#include "runtime/BundleCapabilities.h"
#include "runtime/KernelModule.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace sweep {

struct SweepKernel {
  std::string bundlePath;
  const runtime::KernelSpec *spec = nullptr;
  /// Read on first use.
  std::optional<runtime::KernelImages> images;

  /// The kernel's images, read (and checked) on the first call.
  llvm::Expected<const runtime::KernelImages *> getImages();
};

struct SweepBundles {
  std::vector<std::unique_ptr<runtime::KernelBundle>> bundles;
  std::vector<SweepKernel> kernels;
  /// Parallel to `kernels`.
  std::vector<runtime::KernelCapabilities> capabilities;
  /// The grouped kernels of the artifacts directory: no ordinary case can
  /// run them (they need group counts), so they are not among `kernels`
  /// and get cases of their own (GroupedSweepCase.h).
  std::vector<SweepKernel> groupedKernels;
  /// "<path>: <why it does not load>".
  std::vector<std::string> loadErrors;
  /// The first `targetKernels` kernels are the artifacts directory's; the
  /// others came from addCoverBundles().
  size_t targetKernels = 0;

  /// The FP8 kernels of the artifacts directory (indices into `kernels`):
  /// they get cases of their own (Fp8SweepCase.h).
  std::vector<size_t> getFp8Kernels() const;

  /// The targets cases are aimed at: one per kernel of the artifacts
  /// directory (not the cover bundles, so that they do not change the
  /// cases), at the tiles of its whole-tile variant where it has one, but
  /// none at FP8 kernels (their scales are no part of a GemmProblem).
  std::vector<SweepTarget> getTargets() const;

  /// Adds every bundle of `directory` (SweepCoverPlan.h) as kernels to
  /// choose from. Fails like loadSweepBundles.
  llvm::Error addCoverBundles(llvm::StringRef directory);
};

/// Loads every bundle of `directory` (sorted by path). Fails with a BadInput
/// error when the directory cannot be read or holds no bundle at all.
llvm::Expected<SweepBundles> loadSweepBundles(llvm::StringRef directory);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPBUNDLES_H
