//===- TuningDatabaseChooser.cpp - schedules from the tuning database -----===//

#include "jit/TuningDatabaseChooser.h"

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

static bool isSymbolName(StringRef name) {
  if (name.empty() || !(isAlpha(name.front()) || name.front() == '_'))
    return false;
  return llvm::all_of(name, [](char c) { return isAlnum(c) || c == '_'; });
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

Expected<std::string>
TuningDatabaseChooser::chooseSchedule(const ProblemDescription &problem,
                                      StringRef requested) const {
  if (fusesEpilogue(requested) || takesBatches(requested))
    return requested.str();
  std::optional<tuning::TuningDatabase::Match> match = lookup(problem);
  if (!match)
    return requested.str();
  return renderEntryModule(*match->entry);
}

} // namespace jit
} // namespace gemm_opt
