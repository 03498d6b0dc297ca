//===- CubinCompiler.h - a parsed schedule to a cached kernel ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_CUBINCOMPILER_H
#define GEMM_OPT_JIT_CUBINCOMPILER_H

#include "compiler/ScheduleCompilation.h"
#include "jit/CompiledKernel.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace gemm_opt {
namespace jit {

struct CubinCompileSettings {
  std::string chip;                 ///< Empty: the schedule's.
  int optLevel = 3;                 ///< LLVM optimization level.
  std::optional<int> ptxasOptLevel; ///< ptxas -O level; none: the kernel's.
  std::string ptxasPath; ///< Empty: the configured toolkit's, then PATH.
  /// TMA kernels take their tensor maps as __grid_constant__ parameters.
  bool tensorMapsByValue = false;
};

/// Lowers the schedule to PTX, assembles it with ptxas and describes the
/// kernel for the runtime. The schedule must hold exactly one tile.gemm.
llvm::Expected<CompiledKernel>
compileToCubin(ScheduleCompilation &compilation,
               const CubinCompileSettings &settings,
               llvm::StringRef cacheKey);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_CUBINCOMPILER_H
