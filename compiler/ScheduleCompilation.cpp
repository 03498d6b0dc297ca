//===- ScheduleCompilation.cpp - one schedule, text to PTX ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/ScheduleCompilation.h"

#include "passes/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace llvm;

namespace gemm_opt {

ScheduleCompilation::ScheduleCompilation() {
  DialectRegistry registry;
  registerGemmOptDialects(registry);
  // One compile is one thread's work; a context per compile keeps
  // concurrent compiles independent without a thread pool each.
  context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  diagnostics = std::make_unique<DiagnosticCapture>(*context);
}

Expected<std::unique_ptr<ScheduleCompilation>>
ScheduleCompilation::parse(StringRef text, StringRef bufferName) {
  std::unique_ptr<ScheduleCompilation> compilation(new ScheduleCompilation());
  DiagnosticCapture &diagnostics = *compilation->diagnostics;
  diagnostics.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(text, bufferName), SMLoc());
  compilation->module = parseSourceFile<ModuleOp>(
      diagnostics.getSharedSourceMgr(),
      ParserConfig(compilation->context.get()));
  if (!compilation->module)
    return diagnostics.takeError("cannot compile schedule '" + bufferName +
                                 "'");
  return std::move(compilation);
}

std::string ScheduleCompilation::getCanonicalText() {
  std::string text;
  raw_string_ostream os(text);
  module->print(os);
  return text;
}

Expected<std::vector<PtxKernel>>
ScheduleCompilation::compileToPtx(const PtxCompileOptions &options) {
  Expected<std::vector<PtxKernel>> kernels =
      compileModuleToPtx(*module, options);
  if (!kernels)
    return diagnostics->takeError(toString(kernels.takeError()));
  return kernels;
}

} // namespace gemm_opt
