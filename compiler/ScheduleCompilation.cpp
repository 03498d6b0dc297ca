//===- ScheduleCompilation.cpp - one schedule, text to PTX ----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/ScheduleCompilation.h"

#include "compiler/MlirNestingLimit.h"
#include "dialect/TileDialect.h"
#include "passes/Registration.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ProgramStack.h"

using namespace mlir;
using namespace llvm;

namespace gemm_opt {

/// The stack every step runs on (a thread of its own). Within
/// kMaxMlirNesting the parser needs well under 1 MiB, but the JIT runs on
/// its caller's thread, whose stack may be smaller than a main thread's.
static constexpr unsigned kCompileStackBytes = 8u << 20;

ScheduleCompilation::ScheduleCompilation() {
  DialectRegistry registry;
  registerGemmOptDialects(registry);
  // One compile is one thread's work; a context per compile keeps
  // concurrent compiles independent without a thread pool each.
  context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  // An error names its op and field; a dump of the whole op (and its
  // schedule) would bury it.
  context->printOpOnDiagnostic(false);
  diagnostics = std::make_unique<DiagnosticCapture>(*context);
}

Expected<std::unique_ptr<ScheduleCompilation>>
ScheduleCompilation::parse(StringRef text, StringRef bufferName) {
  std::unique_ptr<ScheduleCompilation> compilation(new ScheduleCompilation());
  DiagnosticCapture &diagnostics = *compilation->diagnostics;
  diagnostics.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(text, bufferName), SMLoc());
  MLIRContext *context = compilation->context.get();
  if (failed(checkMlirNesting(text, bufferName, context)))
    return diagnostics.takeError("cannot compile schedule '" + bufferName +
                                 "'");
  runOnNewStack(kCompileStackBytes, [&] {
    compilation->module = parseSourceFile<ModuleOp>(
        diagnostics.getSharedSourceMgr(), ParserConfig(context));
  });
  if (!compilation->module)
    return diagnostics.takeError("cannot compile schedule '" + bufferName +
                                 "'");
  return std::move(compilation);
}

Error ScheduleCompilation::replaceSchedules(StringRef scheduleText) {
  if (failed(checkMlirNesting(scheduleText, "<schedule>", context.get())))
    return diagnostics->takeError("not a #tile.schedule: " + scheduleText);
  Attribute parsed;
  runOnNewStack(kCompileStackBytes,
                [&] { parsed = parseAttribute(scheduleText, context.get()); });
  auto schedule = dyn_cast_or_null<tile::ScheduleAttr>(parsed);
  if (!schedule)
    return diagnostics->takeError("not a #tile.schedule: " + scheduleText);
  SmallVector<tile::GemmOp> gemms;
  module->walk([&](tile::GemmOp gemm) { gemms.push_back(gemm); });
  SmallVector<tile::ScheduleAttr> previous;
  for (tile::GemmOp gemm : gemms) {
    previous.push_back(gemm.getScheduleAttr());
    gemm.setScheduleAttr(schedule);
  }
  for (tile::GemmOp gemm : gemms) {
    if (succeeded(verify(gemm)))
      continue;
    for (auto [gemm, old] : llvm::zip(gemms, previous))
      gemm.setScheduleAttr(old);
    return diagnostics->takeError("the schedule cannot compute this GEMM");
  }
  return Error::success();
}

std::string ScheduleCompilation::getCanonicalText() {
  std::string text;
  raw_string_ostream os(text);
  module->print(os);
  return text;
}

Expected<std::vector<PtxKernel>>
ScheduleCompilation::compileToPtx(const PtxCompileOptions &options) {
  std::optional<Expected<std::vector<PtxKernel>>> result;
  runOnNewStack(kCompileStackBytes,
                [&] { result.emplace(compileModuleToPtx(*module, options)); });
  Expected<std::vector<PtxKernel>> kernels = std::move(*result);
  if (!kernels)
    return diagnostics->takeError(toString(kernels.takeError()));
  return kernels;
}

} // namespace gemm_opt
