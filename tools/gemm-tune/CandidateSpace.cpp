//===- CandidateSpace.cpp - the schedules gemm-tune tries -----------------===//

#include "CandidateSpace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace gemm_opt::tune;
using llvm::formatv;

namespace {

/// Launch order of the tiles: row-major (no `grid` field; along_n with
/// group 1 when a grid is needed for split_k) or grouped along M or N.
struct Raster {
  const char *suffix;
  const char *order;
  int64_t group;
};
const Raster kRasters[] = {
    {"", "along_n", 1},
    {"_rm8", "along_m", 8},
    {"_rn8", "along_n", 8},
};

/// split_k values tried (wgmma only: the verifier refuses it elsewhere).
const int64_t kSplits[] = {1, 2, 4, 8, 16};

/// The `grid` field of a raster and split, empty for the default
/// (row-major, no split).
std::string gridField(const Raster &raster, int64_t splits) {
  if (!*raster.suffix && splits == 1)
    return "";
  std::string split =
      splits > 1 ? formatv(", split_k = {0}", splits).str() : std::string();
  return formatv("grid = #tile.grid<persistent = false, raster = {0}, "
                 "group = {1}{2}>",
                 raster.order, raster.group, split);
}

/// Name suffix of a raster and split: "_rm8", "_sk4", "_rn8_sk2".
std::string gridSuffix(const Raster &raster, int64_t splits) {
  return (raster.suffix +
          (splits > 1 ? formatv("_sk{0}", splits).str() : std::string()));
}

/// A shared layout and its short name.
struct Layout {
  const char *suffix;
  const char *attr;
};

const int64_t kBlockSizes[] = {64, 128, 256};

/// The schedule on one line: readable in JSON manifests and databases.
std::string joinLines(std::string text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') {
      out += ' ';
      while (i + 1 < text.size() && text[i + 1] == ' ')
        ++i;
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string elementsField(llvm::StringRef dtype) {
  return formatv("#tile.elements<a = {0}, b = {0}, c = {0}, acc = f32>", dtype);
}

void enumerateSync(llvm::StringRef chip, llvm::StringRef dtype,
                   std::vector<Candidate> &out) {
  const int64_t blockKs[] = {32, 64};
  const int64_t warpSizes[] = {32, 64, 128};
  const int64_t stagesList[] = {2, 3, 4};
  const Layout layoutsA[] = {{"sw64", "#tile.swizzle<64>"},
                             {"sw128", "#tile.swizzle<128>"},
                             {"pad8", "#tile.pad<8>"}};
  const Layout layoutsB[] = {{"sw128", "#tile.swizzle<128>"},
                             {"pad8", "#tile.pad<8>"}};
  for (int64_t bm : kBlockSizes)
    for (int64_t bn : kBlockSizes)
      for (int64_t bk : blockKs)
        for (int64_t wm : warpSizes)
          for (int64_t wn : warpSizes)
            for (int64_t stages : stagesList)
              for (const Layout &a : layoutsA)
                for (const Layout &b : layoutsB)
                  for (const Raster &raster : llvm::ArrayRef(kRasters).take_front(2)) {
                    Candidate c;
                    c.family = "sync";
                    c.dtype = dtype.str();
                    c.name = formatv(
                        "sync_{0}_{1}x{2}x{3}_w{4}x{5}_s{6}_a{7}_b{8}{9}",
                        dtype, bm, bn, bk, wm, wn, stages, a.suffix, b.suffix,
                        raster.suffix);
                    std::string field = gridField(raster, 1);
                    std::string trailing =
                        field.empty() ? std::string()
                                      : formatv(",\n  {0}", field).str();
                    c.schedule = formatv(
                        "#tile.schedule<chip = \"{0}\", block = [{1}, {2}, "
                        "{3}], "
                        "warp = [{4}, {5}],\n  mma = #tile.mma<sync, [16, 8, "
                        "16]>,\n"
                        "  elements = {6},\n  smem_a = {7}, smem_b = {8},\n"
                        "  pipeline = #tile.pipeline<stages = {9}, load = "
                        "cp_async>{10}>",
                        chip, bm, bn, bk, wm, wn, elementsField(dtype), a.attr,
                        b.attr, stages, trailing);
                    c.schedule = joinLines(c.schedule);
                    out.push_back(std::move(c));
                  }
}

void enumerateWgmma(llvm::StringRef chip, llvm::StringRef dtype,
                    std::vector<Candidate> &out) {
  const int64_t blockKs[] = {64, 128};
  const int64_t warpMs[] = {64, 128};
  const int64_t stagesList[] = {2, 3, 4, 5, 6};
  const std::pair<int64_t, int64_t> registerSplits[] = {
      {40, 232}, {24, 240}, {24, 208}};
  for (int64_t bm : kBlockSizes)
    for (int64_t bn : kBlockSizes)
      for (int64_t bk : blockKs)
        for (int64_t wm : warpMs)
          for (int64_t wn : {bn, bn / 2})
            for (int64_t stages : stagesList)
              for (auto [producer, consumer] : registerSplits)
                for (const Raster &raster : kRasters)
                  for (int64_t splitK : kSplits) {
                    Candidate c;
                    c.family = "wgmma";
                    c.dtype = dtype.str();
                    c.splitK = splitK;
                    c.name = formatv(
                        "wgmma_{0}_{1}x{2}x{3}_w{4}x{5}_s{6}_r{7}_{8}{9}",
                        dtype, bm, bn, bk, wm, wn, stages, producer, consumer,
                        gridSuffix(raster, splitK));
                    std::string field = gridField(raster, splitK);
                    std::string grid = field.empty()
                                           ? std::string()
                                           : formatv("\n  {0},", field).str();
                    c.schedule =
                        formatv("#tile.schedule<chip = \"{0}\", block = [{1}, "
                                "{2}, {3}], "
                                "warp = [{4}, {5}],\n  mma = #tile.mma<wgmma, "
                                "[64, {5}, 16]>,\n"
                                "  elements = {6},\n"
                                "  smem_a = #tile.swizzle<128>, smem_b = "
                                "#tile.swizzle<128>,\n"
                                "  pipeline = #tile.pipeline<stages = {7}, "
                                "load = tma>,\n"
                                "  specialization = "
                                "#tile.warp_specialization<producer_registers "
                                "= {8}, consumer_registers = {9}>,{10}\n"
                                "  epilogue = #tile.epilogue<store = vector>>",
                                chip, bm, bn, bk, wm, wn, elementsField(dtype),
                                stages, producer, consumer, grid);
                    c.schedule = joinLines(c.schedule);
                    out.push_back(std::move(c));
                  }
}

} // namespace

std::vector<Candidate>
gemm_opt::tune::enumerateCandidates(llvm::StringRef chip, llvm::StringRef dtype,
                                    llvm::ArrayRef<std::string> families) {
  std::vector<Candidate> candidates;
  if (llvm::is_contained(families, "sync"))
    enumerateSync(chip, dtype, candidates);
  if (llvm::is_contained(families, "wgmma"))
    enumerateWgmma(chip, dtype, candidates);
  return candidates;
}

std::string gemm_opt::tune::makeCandidateModule(const Candidate &candidate) {
  return formatv("// gemm-tune candidate {0}\n#sched = {1}\n\n"
                 "func.func @{0}(%a: memref<?x?x{2}>, %b: memref<?x?x{2}>, "
                 "%c: memref<?x?x{2}>) {{\n"
                 "  tile.gemm %a, %b into %c {{schedule = #sched}\n"
                 "      : memref<?x?x{2}>, memref<?x?x{2}> into memref<?x?x{2}>\n"
                 "  return\n}\n",
                 candidate.name, candidate.schedule, candidate.dtype);
}
