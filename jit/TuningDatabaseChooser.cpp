//===- TuningDatabaseChooser.cpp - schedules from the tuning database -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/TuningDatabaseChooser.h"
#include "jit/ScheduleDescription.h"

#include "compiler/ScheduleCompilation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm_opt {
namespace jit {

TuningDatabaseChooser::TuningDatabaseChooser(tuning::TuningDatabase database)
    : database(std::move(database)) {}

Expected<std::shared_ptr<TuningDatabaseChooser>>
TuningDatabaseChooser::load(StringRef path) {
  // TuningDatabase::load's errors name the path and the problem (cannot
  // read, not JSON, wrong format, malformed entry).
  Expected<tuning::TuningDatabase> database =
      tuning::TuningDatabase::load(path);
  if (!database)
    return database.takeError();
  return std::make_shared<TuningDatabaseChooser>(std::move(*database));
}

std::optional<tuning::TuningDatabase::Match>
TuningDatabaseChooser::lookup(const ProblemDescription &problem) const {
  if (problem.chip.empty())
    return std::nullopt;
  tuning::ProblemKey key;
  key.chip = problem.chip;
  key.a = problem.aType;
  key.b = problem.bType;
  key.c = problem.cType;
  key.m = problem.m;
  key.n = problem.n;
  key.k = problem.k;
  return database.lookup(key);
}

std::string
TuningDatabaseChooser::renderEntryModule(const tuning::TuningEntry &entry) {
  StringRef name =
      isSymbolName(entry.candidate) ? StringRef(entry.candidate) : "tuned_gemm";
  const tuning::ProblemKey &p = entry.problem;
  // A column-major operand has unit stride along its rows.
  auto memref = [&](StringRef type, StringRef layout) {
    return layout == "col"
               ? formatv("memref<?x?x{0}, strided<[1, ?], offset: ?>>", type)
                     .str()
               : formatv("memref<?x?x{0}>", type).str();
  };
  std::string a = memref(p.a, entry.kernelLayouts[0]);
  std::string b = memref(p.b, entry.kernelLayouts[1]);
  std::string c = memref(p.c, entry.kernelLayouts[2]);
  return formatv("func.func @{0}(%a: {1}, %b: {2}, %c: {3}) {{\n"
                 "  tile.gemm %a, %b into %c {{schedule = {4}}\n"
                 "      : {1}, {2} into {3}\n"
                 "  return\n"
                 "}\n",
                 name, a, b, c, entry.schedule)
      .str();
}

bool TuningDatabaseChooser::fusesEpilogue(StringRef scheduleText) {
  // Conservative: any of the fused fields' (and operands') names as a word
  // in the code, comments skipped. A false positive only means falling back
  // to the requested schedule.
  static constexpr StringLiteral words[] = {"alpha_beta", "bias", "activation",
                                            "residual"};
  auto isWordChar = [](char c) { return isAlnum(c) || c == '_'; };
  SmallVector<StringRef> lines;
  scheduleText.split(lines, '\n');
  for (StringRef line : lines) {
    StringRef code = line.split("//").first;
    for (StringRef word : words) {
      for (size_t at = code.find(word); at != StringRef::npos;
           at = code.find(word, at + 1)) {
        size_t end = at + word.size();
        if ((at == 0 || !isWordChar(code[at - 1])) &&
            (end == code.size() || !isWordChar(code[end])))
          return true;
      }
    }
  }
  return false;
}

bool TuningDatabaseChooser::takesBatches(StringRef scheduleText) {
  SmallVector<StringRef> lines;
  scheduleText.split(lines, '\n');
  for (StringRef line : lines) {
    StringRef code = line.split("//").first;
    for (size_t at = code.find("memref<"); at != StringRef::npos;
         at = code.find("memref<", at + 1)) {
      // "memref<?x?x?xbf16, ...>": the shape and element type up to the
      // first ',' or '>'; three extents make four 'x'-separated parts.
      StringRef type = code.drop_front(at + 7);
      type = type.take_until([](char c) { return c == ',' || c == '>'; });
      SmallVector<StringRef> parts;
      type.split(parts, 'x');
      if (parts.size() == 4)
        return true;
    }
  }
  return false;
}

TuningDatabaseChooser::Choice
TuningDatabaseChooser::choose(const ProblemDescription &problem,
                              StringRef requested) const {
  Choice choice;
  if (takesBatches(requested)) {
    choice.fallbackReason = "the requested schedule is batched (database "
                            "entries compute one matrix product)";
    return choice;
  }
  if (problem.chip.empty()) {
    choice.fallbackReason = "the problem names no chip";
    return choice;
  }
  choice.match = lookup(problem);
  if (choice.match)
    return choice;
  std::string types =
      formatv("a={0} b={1} c={2}", problem.aType, problem.bType, problem.cType);
  // Entries of a matmul class answer only gemm_opt::matmul's chooser.
  size_t entries = llvm::count_if(
      database.getEntries(), [&](const tuning::TuningEntry &entry) {
        const tuning::ProblemKey &p = entry.problem;
        return entry.matmulClass.empty() && p.chip == problem.chip &&
               p.a == problem.aType && p.b == problem.bType &&
               p.c == problem.cType;
      });
  if (entries == 0)
    choice.fallbackReason = formatv("the database has no entry for {0} with "
                                    "{1}",
                                    problem.chip, types);
  else
    choice.fallbackReason = formatv(
        "none of the database's {0} entries for {1} with {2} can run "
        "{3}x{4}x{5} (their block tiles do not divide it, or their kernel "
        "layouts are neither row-major nor all column-major)",
        entries, problem.chip, types, problem.m, problem.n, problem.k);
  return choice;
}

Expected<std::string>
TuningDatabaseChooser::chooseSchedule(const ProblemDescription &problem,
                                      StringRef requested) const {
  Choice choice = choose(problem, requested);
  if (!choice.match)
    return requested.str();
  if (!fusesEpilogue(requested))
    return renderEntryModule(*choice.match->entry);
  // The entry says how; the requested module says what (its epilogue and
  // its operands). Where the entry's schedule cannot compute that GEMM (the
  // verifier decides), the requested schedule stays.
  Expected<std::unique_ptr<ScheduleCompilation>> compilation =
      ScheduleCompilation::parse(requested, "requested schedule");
  if (!compilation)
    return compilation.takeError();
  if (Error error =
          (*compilation)->replaceSchedules(choice.match->entry->schedule)) {
    consumeError(std::move(error));
    return requested.str();
  }
  return (*compilation)->getCanonicalText();
}

} // namespace jit
} // namespace gemm_opt
