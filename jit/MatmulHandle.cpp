//===- MatmulHandle.cpp - gemm_opt::matmul: one call for any GEMM ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulHandle.h"

#include "runtime/Chip.h"
#include "runtime/Device.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {

MatmulKernelSource::~MatmulKernelSource() = default;

static bool isSameForm(const jit::FusedEpilogueDescription &x,
                       const jit::FusedEpilogueDescription &y) {
  return x.alphaBeta == y.alphaBeta && x.bias == y.bias &&
         x.activation == y.activation && x.residual == y.residual;
}

Expected<jit::GemmArguments>
MatmulPlan::getArguments(const void *a, const void *b, void *c,
                         const MatmulEpilogue &epilogue) const {
  jit::FusedEpilogueDescription form = getEpilogueForm(epilogue);
  // A plan made for alpha/beta runs alpha 1, beta 0 too.
  if (epilogueForm.alphaBeta && !form.alphaBeta)
    form.alphaBeta = true;
  if (!isSameForm(form, epilogueForm))
    return makeBadInputError(formatv(
        "matmul plan: the plan was made for the epilogue '{0}', the call has "
        "'{1}'",
        getKernelClass(problem, epilogueForm), getKernelClass(problem, form)));
  return getGemmArguments(problem, a, b, c, epilogue);
}

Error MatmulPlan::run(const void *a, const void *b, void *c,
                      const MatmulEpilogue &epilogue,
                      cudaStream_t stream) const {
  Expected<jit::GemmArguments> arguments = getArguments(a, b, c, epilogue);
  if (!arguments)
    return arguments.takeError();
  return chosen.kernel->launch(*arguments, stream);
}

Error MatmulPlan::run(const void *a, const void *b, void *c,
                      const MatmulEpilogue &epilogue, cudaStream_t stream,
                      const jit::LaunchWorkspace &workspace) const {
  Expected<jit::GemmArguments> arguments = getArguments(a, b, c, epilogue);
  if (!arguments)
    return arguments.takeError();
  return chosen.kernel->launch(*arguments, stream, workspace);
}

Expected<jit::LaunchWorkspaceSize> MatmulPlan::getWorkspaceParts() const {
  return chosen.kernel->getWorkspaceParts(
      getProbeArguments(problem, epilogueForm));
}

Expected<std::unique_ptr<MatmulHandle>>
MatmulHandle::create(MatmulOptions options) {
  std::unique_ptr<MatmulHandle> handle(new MatmulHandle(std::move(options)));
  if (!handle->options.libraryPath.empty()) {
    Expected<KernelLibrary> library =
        KernelLibrary::load(handle->options.libraryPath);
    if (!library)
      return library.takeError();
    handle->library.emplace(std::move(*library));
  }
  return std::move(handle);
}

std::string getTargetChip(const DeviceInfo &device) {
  ChipTarget chip{device.ccMajor, device.ccMinor,
                  device.ccMajor == 9 && device.ccMinor == 0
                      ? ChipTarget::Variant::ArchSpecific
                      : ChipTarget::Variant::Generic};
  return chip.getName();
}

Expected<MatmulProblem>
MatmulHandle::resolveChip(const MatmulProblem &problem) {
  MatmulProblem resolved = problem;
  if (!resolved.chip.empty())
    return resolved;
  if (!options.chip.empty()) {
    resolved.chip = options.chip;
    return resolved;
  }
  int ordinal = 0;
  if (cudaGetDevice(&ordinal) != cudaSuccess) {
    (void)cudaGetLastError();
    ordinal = 0; // openDevice explains what is missing.
  }
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = deviceChips.find(ordinal);
    if (found != deviceChips.end()) {
      resolved.chip = found->second;
      return resolved;
    }
  }
  Expected<DeviceInfo> device = openDevice(ordinal);
  if (!device)
    return device.takeError();
  resolved.chip = getTargetChip(*device);
  std::lock_guard<std::mutex> guard(mutex);
  deviceChips[ordinal] = resolved.chip;
  return resolved;
}

std::optional<ChosenKernel>
MatmulHandle::findLibraryKernel(const MatmulProblem &problem,
                                const jit::FusedEpilogueDescription &form,
                                std::string &whyNot) {
  std::string kernelClass = getKernelClass(problem, form);
  std::vector<const LibraryProblem *> candidates =
      library->findCandidates(kernelClass, problem.m, problem.n, problem.k);
  if (candidates.empty()) {
    whyNot = "the library has no kernel of class '" + kernelClass + "'";
    return std::nullopt;
  }
  jit::GemmArguments arguments = getProbeArguments(problem, form);
  for (const LibraryProblem *candidate : candidates) {
    Expected<std::shared_ptr<jit::GemmKernel>> kernel =
        library->getKernel(candidate->kernel);
    if (!kernel) {
      whyNot = toString(kernel.takeError());
      continue;
    }
    Error fits = (*kernel)->checkArguments(arguments);
    if (fits) {
      whyNot = toString(std::move(fits));
      continue;
    }
    bool exact = candidate->m == problem.m && candidate->n == problem.n &&
                 candidate->k == problem.k;
    MatmulChoice choice;
    choice.origin = "library";
    Expected<const KernelSpec &> spec = (*kernel)->getSpec();
    choice.kernel = spec ? spec->name : (consumeError(spec.takeError()), "");
    choice.schedule = candidate->schedule;
    choice.reason =
        formatv("library entry {0} {1}x{2}x{3}: {4}",
                exact ? "for exactly" : "nearest to this shape,", candidate->m,
                candidate->n, candidate->k, candidate->reason)
            .str();
    return ChosenKernel{*kernel, std::move(choice)};
  }
  return std::nullopt;
}

Expected<std::shared_ptr<const MatmulPlan>>
MatmulHandle::plan(const MatmulProblem &requested,
                   const MatmulEpilogue &epilogue) {
  Expected<MatmulProblem> problem = resolveChip(requested);
  if (!problem)
    return problem.takeError();
  jit::FusedEpilogueDescription form = getEpilogueForm(epilogue);
  MatmulPlanKey key = getPlanKey(*problem, form);
  {
    std::lock_guard<std::mutex> guard(mutex);
    auto found = plans.find(key);
    if (found != plans.end())
      return found->second;
  }
  if (Error error = checkMatmulProblem(*problem, epilogue))
    return std::move(error);

  std::string whyNotLibrary = "the handle has no kernel library";
  std::optional<ChosenKernel> chosen;
  if (library)
    chosen = findLibraryKernel(*problem, form, whyNotLibrary);
  if (!chosen) {
    if (!options.compiler)
      return makeBadInputError(
          formatv("matmul: no kernel for {0}x{1}x{2} ({3}): {4}, and the "
                  "handle has no compiler",
                  problem->m, problem->n, problem->k,
                  getKernelClass(*problem, form), whyNotLibrary));
    Expected<ChosenKernel> compiled =
        options.compiler->getKernel(*problem, form);
    if (!compiled)
      return compiled.takeError();
    chosen = std::move(*compiled);
  }
  auto plan =
      std::make_shared<const MatmulPlan>(*problem, form, std::move(*chosen));
  std::lock_guard<std::mutex> guard(mutex);
  // Another thread may have made it meanwhile: keep the first.
  auto inserted = plans.try_emplace(key, plan);
  return inserted.first->second;
}

Expected<MatmulChoice> MatmulHandle::explain(const MatmulProblem &problem,
                                             const MatmulEpilogue &epilogue) {
  Expected<std::shared_ptr<const MatmulPlan>> made = plan(problem, epilogue);
  if (!made)
    return made.takeError();
  return (*made)->getChoice();
}

Error matmul(MatmulHandle &handle, const MatmulProblem &problem, const void *a,
             const void *b, void *c, const MatmulEpilogue &epilogue,
             cudaStream_t stream) {
  Expected<std::shared_ptr<const MatmulPlan>> plan =
      handle.plan(problem, epilogue);
  if (!plan)
    return plan.takeError();
  return (*plan)->run(a, b, c, epilogue, stream);
}

} // namespace gemm_opt
