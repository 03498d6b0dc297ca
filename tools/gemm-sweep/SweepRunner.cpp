//===- SweepRunner.cpp - Run one sweep case and judge it ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "tools/gemm-sweep/SweepRunner.h"

#include "tools/gemm-sweep/SweepReport.h"

#include "runtime/ProblemRefusal.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace sweep {

StringRef getCaseOutcomeName(CaseOutcome outcome) {
  switch (outcome) {
  case CaseOutcome::Passed:
    return "passed";
  case CaseOutcome::Refused:
    return "refused";
  case CaseOutcome::Failed:
    return "FAILED";
  }
  return "FAILED";
}

namespace {
std::string describeMismatch(const ProblemRunResult &run) {
  std::string text;
  raw_string_ostream os(text);
  auto describe = [&](StringRef name, const ErrorMetric &metric) {
    describeErrorMetric(os, name, metric);
  };
  if (run.vsCublas)
    describe("vs cuBLAS", *run.vsCublas);
  describe("vs fp64", run.vsFp64);
  os << "tolerance " << format("%g", run.tolerance);
  if (run.toleranceFactor >= 1.005)
    os << " (x" << format("%.3g", run.toleranceFactor)
       << ": cancelling sums or a squashing activation)";
  if (run.clobberedElements)
    os << "; " << run.clobberedElements
       << " elements outside C's view overwritten";
  return text;
}

void fail(CaseResult &result, StringRef reason, const Twine &message) {
  result.outcome = CaseOutcome::Failed;
  result.reason = reason.str();
  result.message = message.str();
}
} // namespace

void failClaimedCase(CaseResult &result, Error error) {
  ErrorSummary summary = summarizeError(std::move(error));
  fail(result,
       summary.exitCode == ExitBadInput ? "refused a claimed case" : "error",
       summary.message);
}

CaseResult runSweepCase(const DeviceInfo &device, SweepBundles &bundles,
                        const SweepCase &sweepCase,
                        const ProblemRunOptions &caseOptions) {
  CaseResult result;
  result.index = sweepCase.index;
  result.problem = sweepCase.problem.str();
  if (bundles.kernels.empty()) {
    fail(result, "error", "no kernel loaded");
    return result;
  }
  KernelChoice choice = chooseSweepKernel(
      bundles.capabilities, sweepCase.problem, sweepCase.index);
  SweepKernel &kernel = bundles.kernels[choice.index];
  const KernelCapabilities &capabilities = bundles.capabilities[choice.index];
  result.kernel = kernel.spec->name;
  result.bundlePath = kernel.bundlePath;
  result.missing = choice.missing;

  ProblemRunOptions options = caseOptions;
  options.seed = caseOptions.seed * 1000003 + sweepCase.index;
  Expected<ProblemRunResult> run = [&]() -> Expected<ProblemRunResult> {
    // Unclaimed cases must be refused before any image is needed.
    if (!choice.claimsSupport)
      if (Error err = checkProblemLaunchable(*kernel.spec, capabilities,
                                             sweepCase.problem))
        return std::move(err);
    Expected<const KernelImages *> images = kernel.getImages();
    if (!images)
      return images.takeError();
    return runProblem(device, *kernel.spec, capabilities, **images,
                      sweepCase.problem, options);
  }();

  if (!run) {
    Error other = Error::success();
    std::optional<RefusalSummary> refusal =
        takeRefusal(run.takeError(), other);
    if (!refusal) {
      fail(result, "error", summarizeError(std::move(other)).message);
      return result;
    }
    consumeError(std::move(other));
    if (choice.claimsSupport) {
      fail(result, "refused a claimed case",
           "kernel " + kernel.spec->name +
               " declares support but the launch path refused (" +
               getRefusalReasonName(refusal->reason) +
               "): " + refusal->message);
      return result;
    }
    if (refusal->message.empty()) {
      fail(result, "unclear refusal", "the refusal has no message");
      return result;
    }
    result.outcome = CaseOutcome::Refused;
    result.reason = getRefusalReasonName(refusal->reason).str();
    // When no loaded kernel has the types or layouts, say so first: the
    // refusal itself names only the kernel that refused.
    result.message = choice.missing.empty()
                         ? refusal->message
                         : choice.missing + "; " + refusal->message;
    return result;
  }
  result.run = std::move(*run);
  if (!choice.claimsSupport) {
    fail(result, "not refused",
         "no kernel declares support, but the launch path ran it on " +
             kernel.spec->name + " (" + describeMismatch(*result.run) + ")");
    return result;
  }
  if (!result.run->passed()) {
    fail(result, "mismatch", describeMismatch(*result.run));
    return result;
  }
  result.outcome = CaseOutcome::Passed;
  result.message = describeMismatch(*result.run);
  return result;
}

} // namespace sweep
} // namespace gemm_opt
