//===- BundleCompiler.h - candidates to kernel bundles in parallel -*- C++
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//-*-===//

#ifndef GEMM_OPT_TOOLS_GEMMTUNE_BUNDLECOMPILER_H
#define GEMM_OPT_TOOLS_GEMMTUNE_BUNDLECOMPILER_H

#include "CandidateSpace.h"

#include <string>
#include <vector>

namespace gemm_opt::tune {

struct CompileResult {
  /// Bundle path relative to the plan directory:
  /// bundles/<name>/kernel.json.
  std::string bundle;
  bool compiled = false;
  /// gemm-translate's output when it failed (also in logs/<name>.log).
  std::string error;
};

/// Writes each candidate's module to `directory`/schedules/<name>.mlir and
/// compiles it with `gemmTranslate --to-bundle` into
/// `directory`/bundles/<name>/, `jobs` at a time (llvm::DefaultThreadPool).
/// Unless `keepPtx`, each bundle's PTX is removed (file and "ptx" field):
/// gemm-run loads the cubin. Results are in the order of `candidates`.
std::vector<CompileResult>
compileBundles(const std::vector<Candidate> &candidates,
               llvm::StringRef directory, llvm::StringRef gemmTranslate,
               unsigned jobs, bool keepPtx);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TOOLS_GEMMTUNE_BUNDLECOMPILER_H
