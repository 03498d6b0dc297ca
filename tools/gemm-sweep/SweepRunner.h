//===- SweepRunner.h - Run one sweep case and judge it ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each case runs on, or is refused by, the kernel chooseSweepKernel picks
// (SweepKernelChoice.h). A case some kernel claims (BundleCapabilities.h) is
// run on it through the
// runtime's launch path (ProblemRun.h): it passes when the output matches
// cuBLAS and fp64, and fails on a mismatch, on any error and on a refusal
// (the metadata promised support). A case no kernel claims goes through the
// same launch path on the chosen kernel (of the case's types and layouts
// where one is loaded), which must refuse it with a
// ProblemRefusal: "refused (reason)". Running it anyway, or failing in any
// other way, is a failure.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRUNNER_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRUNNER_H

#include "tools/gemm-sweep/SweepBundles.h"
#include "tools/gemm-sweep/SweepCase.h"
#include "tools/gemm-sweep/SweepKernelChoice.h"

#include "runtime/Device.h"
#include "runtime/ProblemRun.h"

#include <optional>
#include <string>

namespace gemm_opt {
namespace sweep {

enum class CaseOutcome { Passed, Refused, Failed };
llvm::StringRef getCaseOutcomeName(CaseOutcome outcome); // "passed", ...

/// Which generator a case comes from: each kind numbers its cases apart
/// from the others' and replays them with its own flag.
enum class CaseKind {
  Ordinary, ///< SweepCase.h: --case I.
  Fp8,      ///< Fp8SweepCase.h: --fp8-case J.
  Grouped,  ///< GroupedSweepCase.h: --grouped-case J.
};

struct CaseResult {
  uint64_t index = 0;
  CaseKind kind = CaseKind::Ordinary;
  std::string problem; ///< GemmProblem::str().
  std::string kernel;  ///< The kernel run, or the refusing one.
  std::string bundlePath;
  CaseOutcome outcome = CaseOutcome::Failed;
  /// Refused: the refusal reason ("divisibility", ...). Failed: what went
  /// wrong ("mismatch", "refused a claimed case", "not refused", "error").
  std::string reason;
  std::string message;
  /// KernelChoice::missing: the types or layouts no loaded kernel has.
  std::string missing;
  /// The gemm-run command that runs the same check alone (grouped cases).
  std::string runCommand;
  std::optional<runtime::ProblemRunResult> run;
};

/// Fails `result` for `error` of a case drawn to fit its kernel (FP8 and
/// grouped cases): "refused a claimed case" for a BadInput refusal, else
/// "error".
void failClaimedCase(CaseResult &result, llvm::Error error);

/// Judges the checked run of a case drawn to fit its kernel: an error
/// fails it (failClaimedCase), a run that did not pass is a "mismatch";
/// `describe(run)` is the message either way.
template <typename Run, typename Describe>
void judgeClaimedRun(CaseResult &result, llvm::Expected<Run> run,
                     Describe describe) {
  if (!run) {
    failClaimedCase(result, run.takeError());
    return;
  }
  result.message = describe(*run);
  result.outcome = run->passed() ? CaseOutcome::Passed : CaseOutcome::Failed;
  if (!run->passed())
    result.reason = "mismatch";
}

/// Runs (or has refused) one case on `device`.
CaseResult runSweepCase(const runtime::DeviceInfo &device,
                        SweepBundles &bundles, const SweepCase &sweepCase,
                        const runtime::ProblemRunOptions &options);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPRUNNER_H
