//===- ScheduleCompilation.h - one schedule, text to PTX --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiles a schedule given as text (an MLIR module with a func holding one
// tile.gemm, as in examples/*.mlir) in its own MLIRContext: parse and verify,
// then lower-to-nvvm and NVPTX. Every diagnostic on the way (parser, schedule
// verifier, pass failures) is captured with its location and becomes the
// returned error's message. Text nested deeper than the parser takes
// (compiler/MlirNestingLimit.h) is such an error, and every step runs on an
// 8 MiB stack of its own, whatever the caller's thread has. One object per
// compile: objects share nothing, so separate threads may each use their own.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_SCHEDULECOMPILATION_H
#define GEMM_OPT_COMPILER_SCHEDULECOMPILATION_H

#include "compiler/DiagnosticCapture.h"
#include "compiler/PtxCompiler.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace gemm_opt {

class ScheduleCompilation {
public:
  /// Parses and verifies `text`; `bufferName` names it in diagnostics.
  static llvm::Expected<std::unique_ptr<ScheduleCompilation>>
  parse(llvm::StringRef text, llvm::StringRef bufferName);

  /// The parsed module printed back: what every spelling of the same
  /// schedule (comments, spacing, aliases) has in common.
  std::string getCanonicalText();

  /// Gives every tile.gemm of the module the schedule `scheduleText` (a
  /// `#tile.schedule<...>`), keeping what each computes (operands, types,
  /// epilogue). Fails, with the verifier's diagnostics, where the schedule
  /// cannot compute one of them; the module is then unchanged.
  llvm::Error replaceSchedules(llvm::StringRef scheduleText);

  /// Lowers the module (once) and returns its kernels' PTX.
  llvm::Expected<std::vector<PtxKernel>>
  compileToPtx(const PtxCompileOptions &options);

  mlir::ModuleOp getModule() { return *module; }

private:
  ScheduleCompilation();

  // Destroyed bottom-up: the module, then the handler, then the context.
  std::unique_ptr<mlir::MLIRContext> context;
  std::unique_ptr<DiagnosticCapture> diagnostics;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_SCHEDULECOMPILATION_H
