//===- CandidateChecker.cpp - which candidates compile --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CandidateChecker.h"

#include "compiler/MlirNestingLimit.h"
#include "passes/Passes.h"
#include "passes/Registration.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include <cctype>

using namespace mlir;
using namespace gemm_opt::tune;

/// A diagnostic without the op prefix.
static llvm::StringRef stripOpPrefix(llvm::StringRef message) {
  message.consume_front("'tile.gemm' op ");
  return message;
}

/// A diagnostic with its numbers replaced by N and the op prefix dropped:
/// "warp tile [N, N] does not divide block tile [N, N]".
static std::string classifyReason(llvm::StringRef message) {
  message = stripOpPrefix(message);
  std::string reason;
  for (size_t i = 0; i < message.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(message[i]))) {
      reason += 'N';
      while (i + 1 < message.size() &&
             std::isdigit(static_cast<unsigned char>(message[i + 1])))
        ++i;
      continue;
    }
    reason += message[i];
  }
  return reason;
}

static DialectRegistry getGemmOptRegistry() {
  DialectRegistry registry;
  gemm_opt::registerGemmOptDialects(registry);
  return registry;
}

CandidateChecker::CandidateChecker(llvm::StringRef chip)
    : context(getGemmOptRegistry(), MLIRContext::Threading::DISABLED),
      checkChip(&context) {
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  TileCheckChipPassOptions options;
  options.chip = chip.str();
  checkChip.addPass(createTileCheckChipPass(options));
}

gemm_opt::tile::ScheduleAttr CandidateChecker::check(const Candidate &candidate,
                                           CheckCounts &counts) {
  ++counts.enumerated;
  std::string firstError;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
        firstError.empty())
      firstError = diagnostic.str();
    return success();
  });
  std::string text = makeCandidateModule(candidate);
  OwningOpRef<ModuleOp> module;
  if (succeeded(checkMlirNesting(text, "candidate", &context)))
    module = parseSourceString<ModuleOp>(text, ParserConfig(&context));
  if (!module) {
    std::string reason = classifyReason(firstError);
    ++counts.illegal;
    ++counts.illegalReasons[reason];
    counts.reasonExamples.try_emplace(reason, stripOpPrefix(firstError));
    return {};
  }
  if (failed(checkChip.run(*module))) {
    std::string reason = classifyReason(firstError);
    ++counts.unsupported;
    ++counts.unsupportedReasons[reason];
    counts.reasonExamples.try_emplace(reason, stripOpPrefix(firstError));
    return {};
  }
  gemm_opt::tile::ScheduleAttr schedule;
  module->walk([&](gemm_opt::tile::GemmOp gemm) { schedule = gemm.getScheduleAttr(); });
  ++counts.legal;
  return schedule;
}
