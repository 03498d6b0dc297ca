//===- MatmulCompiler.cpp - the JIT as matmul's kernel source -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulCompiler.h"

using namespace llvm;

namespace gemm_opt {

Expected<std::shared_ptr<MatmulCompiler>>
MatmulCompiler::create(MatmulCompilerOptions options) {
  std::optional<tuning::TuningDatabase> database;
  if (!options.databasePath.empty()) {
    Expected<tuning::TuningDatabase> loaded =
        tuning::TuningDatabase::load(options.databasePath);
    if (!loaded)
      return loaded.takeError();
    database.emplace(std::move(*loaded));
  }
  return std::shared_ptr<MatmulCompiler>(
      new MatmulCompiler(std::move(options.jit), std::move(database),
                         std::move(options.modelDevice)));
}

Expected<MatmulSchedule>
MatmulCompiler::chooseSchedule(const MatmulProblem &problem,
                               const jit::FusedEpilogueDescription &epilogue) {
  return chooser.choose(problem, epilogue);
}

Expected<ChosenKernel> MatmulCompiler::compile(const MatmulSchedule &schedule) {
  Expected<std::shared_ptr<jit::GemmKernel>> kernel =
      jit.compile(schedule.module, "matmul");
  if (!kernel)
    return kernel.takeError();
  ChosenKernel chosen;
  chosen.kernel = std::move(*kernel);
  chosen.choice.origin = "jit";
  Expected<const runtime::KernelSpec &> spec = chosen.kernel->getSpec();
  if (!spec)
    return spec.takeError();
  chosen.choice.kernel = spec->name;
  chosen.choice.schedule = schedule.schedule;
  chosen.choice.reason = schedule.reason;
  return chosen;
}

Expected<ChosenKernel>
MatmulCompiler::getKernel(const MatmulProblem &problem,
                          const jit::FusedEpilogueDescription &epilogue) {
  Expected<MatmulSchedule> schedule = chooser.choose(problem, epilogue);
  if (!schedule)
    return schedule.takeError();
  return compile(*schedule);
}

} // namespace gemm_opt
