//===- MatmulHandle.h - gemm_opt::matmul: one call for any GEMM -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The entry point that takes no schedule:
//
//   auto handle = gemm_opt::MatmulHandle::create(options);   // once
//   gemm_opt::MatmulProblem problem;  // M, N, K, types, layouts, ...
//   problem.m = 8192; problem.n = 4096; problem.k = 4096;
//   problem.orderB = gemm_opt::jit::MatrixOrder::ColumnMajor;  // x @ W^T
//   if (llvm::Error e = gemm_opt::matmul(**handle, problem, a, b, c, {}, s))
//     ...
//
// The first call for a problem makes its plan: the kernel the ahead-of-time
// library holds for the problem's class and shape (KernelLibrary.h), else,
// where the handle has a compiler (MatmulCompiler.h, the JIT), the kernel
// the chooser picks and compiles. Later calls with the same plan key
// (MatmulProblem.h) find the plan in a map and launch. A MatmulPlan is the
// cuBLASLt-style object for hot loops: it skips even that lookup.
//
// Thread safety: every member may be called from any thread at once.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULHANDLE_H
#define GEMM_OPT_JIT_MATMULHANDLE_H

#include "jit/KernelLibrary.h"
#include "jit/MatmulKernelSource.h"
#include "jit/MatmulPlanKey.h"
#include "runtime/Device.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <cuda_runtime_api.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace gemm_opt {

struct MatmulOptions {
  /// A kernel library directory (gemm-opt-build-library); empty: none.
  std::string libraryPath;
  /// Where kernels the library lacks come from (the JIT); null: nowhere, a
  /// problem the library cannot serve is an error.
  std::shared_ptr<MatmulKernelSource> compiler;
  /// The target of every problem that names none; empty: the current
  /// device's ("sm_90a" for compute capability 9.0).
  std::string chip;
};

/// A problem bound to its kernel: launches with no lookup.
class MatmulPlan {
public:
  MatmulPlan(MatmulProblem problem, jit::FusedEpilogueDescription epilogueForm,
             ChosenKernel chosen)
      : problem(std::move(problem)), epilogueForm(std::move(epilogueForm)),
        chosen(std::move(chosen)) {}

  /// Enqueues C = epilogue(A·B) on `stream`. The epilogue must have the
  /// plan's form (its alpha, beta and pointers may change).
  llvm::Error run(const void *a, const void *b, void *c,
                  const MatmulEpilogue &epilogue, cudaStream_t stream) const;
  /// As above, a split_k or stream_k kernel in the caller's `workspace`
  /// (jit/LaunchWorkspace.h; ignored by other kernels), e.g. to capture the
  /// launch in a CUDA graph.
  llvm::Error run(const void *a, const void *b, void *c,
                  const MatmulEpilogue &epilogue, cudaStream_t stream,
                  const jit::LaunchWorkspace &workspace) const;

  /// The workspace the plan's kernel needs at the plan's shape (none but
  /// for split_k and stream_k kernels; stream_k's depends on the current
  /// device's SM count).
  llvm::Expected<jit::LaunchWorkspaceSize> getWorkspaceParts() const;

  const MatmulProblem &getProblem() const { return problem; }
  const MatmulChoice &getChoice() const { return chosen.choice; }
  const std::shared_ptr<jit::GemmKernel> &getKernel() const {
    return chosen.kernel;
  }

private:
  /// The launch arguments, or an error where the epilogue has another form.
  llvm::Expected<jit::GemmArguments>
  getArguments(const void *a, const void *b, void *c,
               const MatmulEpilogue &epilogue) const;

  MatmulProblem problem;
  jit::FusedEpilogueDescription epilogueForm;
  ChosenKernel chosen;
};

class MatmulHandle {
public:
  /// Loads the library, if any; errors name the file and field.
  static llvm::Expected<std::unique_ptr<MatmulHandle>>
  create(MatmulOptions options = {});

  /// The plan of `problem` with an epilogue of `epilogue`'s form: made on
  /// the first request for its plan key, then kept.
  llvm::Expected<std::shared_ptr<const MatmulPlan>>
  plan(const MatmulProblem &problem, const MatmulEpilogue &epilogue = {});

  /// What plan() would choose and why, without launching anything.
  llvm::Expected<MatmulChoice> explain(const MatmulProblem &problem,
                                       const MatmulEpilogue &epilogue = {});

  /// The library; null without one.
  KernelLibrary *getLibrary() { return library ? &*library : nullptr; }

private:
  explicit MatmulHandle(MatmulOptions options) : options(std::move(options)) {}
  /// `problem` with its chip filled in.
  llvm::Expected<MatmulProblem> resolveChip(const MatmulProblem &problem);
  /// A library kernel that runs `problem`, if there is one.
  std::optional<ChosenKernel>
  findLibraryKernel(const MatmulProblem &problem,
                    const jit::FusedEpilogueDescription &form,
                    std::string &whyNot);

  MatmulOptions options;
  std::optional<KernelLibrary> library;
  std::mutex mutex; ///< Guards the maps below.
  std::unordered_map<MatmulPlanKey, std::shared_ptr<const MatmulPlan>,
                     MatmulPlanKeyHash>
      plans;
  std::map<int, std::string> deviceChips; ///< By device ordinal.
};

/// The chip kernels for `device` target: its architecture, the
/// architecture-specific one ("sm_90a") where wgmma needs it.
std::string getTargetChip(const runtime::DeviceInfo &device);

/// C = epilogue(A·B) for `problem` on `stream`, through the handle's plan
/// for it. Errors: runtime::RuntimeError (BadInput for the problem or
/// operands, NoDevice, CudaFailure), or the compiler's diagnostics.
llvm::Error matmul(MatmulHandle &handle, const MatmulProblem &problem,
                   const void *a, const void *b, void *c,
                   const MatmulEpilogue &epilogue, cudaStream_t stream);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULHANDLE_H
