//===- CandidateChecker.cpp - which candidates compile --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CandidateChecker.h"

#include "compiler/MlirNestingLimit.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "passes/Passes.h"
#include "passes/Registration.h"

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
    : chip(chip.str()),
      context(getGemmOptRegistry(), MLIRContext::Threading::DISABLED),
      checkChip(&context) {
  context.loadAllAvailableDialects();
  context.printOpOnDiagnostic(false);
  TileCheckChipPassOptions options;
  options.chip = chip.str();
  checkChip.addPass(createTileCheckChipPass(options));
}

void CheckVerdict::countIn(CheckCounts &counts) const {
  ++counts.enumerated;
  if (legal) {
    ++counts.legal;
    return;
  }
  ++(unsupported ? counts.unsupported : counts.illegal);
  ++(unsupported ? counts.unsupportedReasons : counts.illegalReasons)[reason];
  counts.reasonExamples.try_emplace(reason, example);
}

llvm::ArrayRef<std::unique_ptr<CandidateChecker>>
CandidateChecker::getHelpers(size_t count) {
  while (helpers.size() < count)
    helpers.push_back(std::make_unique<CandidateChecker>(chip));
  return llvm::ArrayRef(helpers).take_front(count);
}

CheckVerdict CandidateChecker::judge(const Candidate &candidate,
                                     gemm_opt::tile::ScheduleAttr &schedule) {
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
  CheckVerdict verdict;
  if (!module || failed(checkChip.run(*module))) {
    verdict.unsupported = bool(module);
    verdict.reason = classifyReason(firstError);
    verdict.example = stripOpPrefix(firstError).str();
    return verdict;
  }
  module->walk(
      [&](gemm_opt::tile::GemmOp gemm) { schedule = gemm.getScheduleAttr(); });
  verdict.legal = true;
  return verdict;
}

gemm_opt::tile::ScheduleAttr CandidateChecker::check(const Candidate &candidate,
                                                     CheckCounts &counts) {
  gemm_opt::tile::ScheduleAttr schedule;
  CheckVerdict verdict = judge(candidate, schedule);
  verdict.countIn(counts);
  return verdict.legal ? schedule : gemm_opt::tile::ScheduleAttr();
}

gemm_opt::tile::ScheduleAttr
CandidateChecker::parseSchedule(const Candidate &candidate) {
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  if (failed(checkMlirNesting(candidate.schedule, "candidate", &context)))
    return {};
  return dyn_cast_or_null<gemm_opt::tile::ScheduleAttr>(
      parseAttribute(candidate.schedule, &context));
}
