//===- MatmulCompiler.h - the JIT as matmul's kernel source -----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Gives a MatmulHandle kernels its library lacks: the chooser
// (MatmulScheduleChooser.h) picks the schedule, the JIT (GemmJit.h)
// compiles it through its memory and disk caches.
//
//   gemm_opt::MatmulOptions options;
//   options.compiler = *gemm_opt::MatmulCompiler::create({});
//   auto handle = gemm_opt::MatmulHandle::create(options);
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULCOMPILER_H
#define GEMM_OPT_JIT_MATMULCOMPILER_H

#include "jit/GemmJit.h"
#include "jit/MatmulKernelSource.h"
#include "jit/MatmulScheduleChooser.h"

#include <memory>
#include <string>

namespace gemm_opt {

struct MatmulCompilerOptions {
  jit::JitOptions jit;
  /// A tuning database (gemm-tune ingest) whose measured entries the
  /// chooser prefers; empty: the static model alone.
  std::string databasePath;
  /// The device the static model times candidates on ("h200"); empty: the
  /// chip's default (MatmulScheduleChooser.h).
  std::string modelDevice;
};

class MatmulCompiler final : public MatmulKernelSource {
public:
  /// Reads the database, if any; errors name its path.
  static llvm::Expected<std::shared_ptr<MatmulCompiler>>
  create(MatmulCompilerOptions options);

  /// Chooses a schedule for `problem` (chip set) and compiles it.
  llvm::Expected<ChosenKernel>
  getKernel(const MatmulProblem &problem,
            const jit::FusedEpilogueDescription &epilogue) override;

  /// The schedule getKernel compiles, without compiling it.
  llvm::Expected<MatmulSchedule>
  chooseSchedule(const MatmulProblem &problem,
                 const jit::FusedEpilogueDescription &epilogue);

  /// Compiles a chosen schedule (MatmulScheduleChooser::chooseCandidates).
  llvm::Expected<ChosenKernel> compile(const MatmulSchedule &schedule);

  MatmulScheduleChooser &getChooser() { return chooser; }

  jit::GemmJit &getJit() { return jit; }

private:
  MatmulCompiler(jit::JitOptions options,
                 std::optional<tuning::TuningDatabase> database,
                 std::string modelDevice)
      : jit(std::move(options)),
        chooser(std::move(database), std::move(modelDevice)) {}

  jit::GemmJit jit;
  MatmulScheduleChooser chooser;
};

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULCOMPILER_H
