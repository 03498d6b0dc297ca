//===- CandidateSpace.cpp - the schedules gemm-tune tries -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "CandidateSpace.h"
#include "runtime/bundle/OutputFile.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace gemm_opt::tune;
using llvm::formatv;

namespace {

/// Launch order of the tiles: row-major (no `grid` field; along_n with
/// group 1 when a grid is needed for split_k or persistence) or grouped
/// along M or N.
struct Raster {
  const char *suffix;
  const char *order;
  int64_t group;
};
const Raster kRowMajor = {"", "along_n", 1};
const Raster kSyncRasters[] = {kRowMajor, {"_rm8", "along_m", 8}};
/// wgmma also tries strips of 4 along M: the persistent 128x256 kernels
/// measured best with them at 4096^3.
const Raster kWgmmaRasters[] = {kRowMajor,
                                {"_rm4", "along_m", 4},
                                {"_rm8", "along_m", 8},
                                {"_rn8", "along_n", 8}};

/// split_k values tried (wgmma only: the verifier refuses it elsewhere).
const int64_t kSplits[] = {1, 2, 4, 8, 16};

/// The `grid` field of a raster, split and persistence, empty for the
/// default (one block per tile, row-major, no split).
std::string gridField(const Raster &raster, int64_t splits, bool persistent) {
  if (!*raster.suffix && splits == 1 && !persistent)
    return "";
  std::string split =
      splits > 1 ? formatv(", split_k = {0}", splits).str() : std::string();
  return formatv("grid = #tile.grid<persistent = {0}, raster = {1}, "
                 "group = {2}{3}>",
                 persistent ? "true" : "false", raster.order, raster.group,
                 split);
}

/// How a wgmma kernel walks and stores the tiles of C: its `grid` field
/// (empty for the default), epilogue store, split_k, and the name suffix
/// that tells them apart, e.g. "_rm8_sk4", "_p_rm4_tma".
struct TileWalk {
  std::string suffix;
  std::string grid;
  const char *store;
  int64_t splitK;
  /// The raster's part of `suffix`.
  const char *rasterSuffix;
};

/// Epilogue stores: vector, tma, and tma in two rounds (half the tile's
/// staging at a time).
struct Store {
  const char *suffix;
  const char *attr;
};
const Store kWgmmaStores[] = {
    {"", "vector"}, {"_tma", "tma"}, {"_tma_r2", "tma, rounds = 2"}};

/// Every raster order with every split_k; without a split also a
/// persistent grid and the tma epilogue store. A persistent grid needs one
/// block per tile's K range (the GridAttr verifier refuses split_k with
/// it), and split_k's last block stores C with vector stores only
/// (tile-check-chip), so neither is tried with a split. The store in two
/// rounds is tried on persistent grids only: there the staging tile cannot
/// reuse the stage ring (the producer is already loading the next tile),
/// and halving it frees a stage (128x256x64 bf16: 4 stages and half a
/// tile's staging fit in 227 KiB, 4 and a whole one do not; that kernel is
/// the shipped 4096^3 schedule). 9 walks per raster instead of 20.
std::vector<TileWalk> enumerateWgmmaTileWalks() {
  std::vector<TileWalk> walks;
  for (const Raster &raster : kWgmmaRasters)
    for (int64_t splitK : kSplits)
      for (bool persistent : {false, true})
        for (const Store &store : kWgmmaStores) {
          llvm::StringRef attr = store.attr;
          bool tmaStore = attr.starts_with("tma");
          if (splitK > 1 && (persistent || tmaStore))
            continue;
          if (attr.contains("rounds") && !persistent)
            continue;
          std::string suffix =
              (persistent ? "_p" : "") + std::string(raster.suffix) +
              (splitK > 1 ? formatv("_sk{0}", splitK).str() : std::string()) +
              store.suffix;
          walks.push_back({std::move(suffix),
                           gridField(raster, splitK, persistent), store.attr,
                           splitK, raster.suffix});
        }
  return walks;
}

/// A shared layout and its short name.
struct Layout {
  const char *suffix;
  const char *attr;
};

const int64_t kBlockSizes[] = {64, 128, 256};
/// wgmma also tries 128x192: a problem with 4 or 8 rows of 128 whose N is a
/// multiple of 6144 gets a whole number of waves of 132 SMs with it where
/// 128x256 leaves a quarter idle (512x6144: 128 tiles against 96).
const int64_t kWgmmaBlockNs[] = {64, 128, 192, 256};

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

/// "e4m3": FP8 inputs (f8E4M3FN A and B, bf16 C, per-tensor scales).
bool isEightBit(llvm::StringRef dtype) { return dtype == "e4m3"; }

std::string elementsField(llvm::StringRef dtype) {
  if (isEightBit(dtype))
    return "#tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>";
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
                  for (const Raster &raster : kSyncRasters) {
                    Candidate c;
                    c.family = "sync";
                    c.dtype = dtype.str();
                    c.rasterSuffix = raster.suffix;
                    c.name = formatv(
                        "sync_{0}_{1}x{2}x{3}_w{4}x{5}_s{6}_a{7}_b{8}{9}",
                        dtype, bm, bn, bk, wm, wn, stages, a.suffix, b.suffix,
                        raster.suffix);
                    std::string field = gridField(raster, 1, false);
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

/// Pipeline depths of every wgmma tile, and deeper ones for tiles of at
/// most kDeepStagesMaxTileElements elements of C. Small tiles are latency
/// bound and need many K tiles in flight (cuBLAS runs 128x4096x4096 on
/// 64x64 tiles with 13 stages; ours measured best with 64x64 s12 and
/// 128x64 s8); a larger tile's deep pipeline does not fit in shared memory,
/// so trying it would only add candidates the verifier drops.
const int64_t kWgmmaStages[] = {2, 3, 4, 5, 6};
const int64_t kDeepWgmmaStages[] = {8, 12, 13};
constexpr int64_t kDeepStagesMaxTileElements = 128 * 64;

/// What the wgmma candidates of one tile, pipeline depth and register split
/// share: the start of their names (`_ccc_` after the type for the
/// transposed family, whose kernels take every operand column-major) and of
/// their one-line `#tile.schedule`s, up to where the tile walk's fields
/// begin. Formatted once for its 36 walks.
struct WgmmaHead {
  std::string name, schedule;
};

WgmmaHead makeWgmmaHead(llvm::StringRef chip, llvm::StringRef dtype, int64_t bm,
                        int64_t bn, int64_t bk, int64_t wm, int64_t wn,
                        int64_t stages, int64_t producer, int64_t consumer,
                        bool transposed) {
  WgmmaHead head;
  head.name = formatv("wgmma_{0}_{1}{2}x{3}x{4}_w{5}x{6}_s{7}_r{8}_{9}", dtype,
                      transposed ? "ccc_" : "", bm, bn, bk, wm, wn, stages,
                      producer, consumer);
  head.schedule = joinLines(
      formatv("#tile.schedule<chip = \"{0}\", block = [{1}, {2}, {3}], "
              "warp = [{4}, {5}],\n  mma = #tile.mma<wgmma, [64, {5}, {10}]>,\n"
              "  elements = {6},\n"
              "  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,\n"
              "  pipeline = #tile.pipeline<stages = {7}, load = tma>,\n"
              "  specialization = #tile.warp_specialization<producer_registers "
              "= {8}, consumer_registers = {9}>,",
              chip, bm, bn, bk, wm, wn, elementsField(dtype), stages, producer,
              consumer, isEightBit(dtype) ? 32 : 16));
  return head;
}

/// The wgmma candidate of `head` with `walk`: the name ends in the walk's
/// suffix, the schedule in its grid (if any) and store.
Candidate makeWgmmaCandidate(const WgmmaHead &head, llvm::StringRef dtype,
                             const TileWalk &walk, bool transposed) {
  Candidate c;
  c.family = "wgmma";
  c.dtype = dtype.str();
  c.splitK = walk.splitK;
  c.transposed = transposed;
  c.rasterSuffix = walk.rasterSuffix;
  c.name = head.name + walk.suffix;
  c.schedule = head.schedule;
  if (!walk.grid.empty())
    c.schedule += " " + walk.grid + ",";
  c.schedule += " store = #tile.store<" + std::string(walk.store) + ">>";
  return c;
}

void enumerateWgmma(llvm::StringRef chip, llvm::StringRef dtype,
                    std::vector<Candidate> &out) {
  // A 128-byte swizzle row of K holds 64 16-bit or 128 8-bit elements; 8-bit
  // K-major tiles are one row deep (BK = 128, the promotion block).
  std::vector<int64_t> blockKs = isEightBit(dtype)
                                     ? std::vector<int64_t>{128}
                                     : std::vector<int64_t>{64, 128};
  const int64_t warpMs[] = {64, 128};
  const std::pair<int64_t, int64_t> registerSplits[] = {
      {40, 232}, {24, 240}, {24, 208}};
  std::vector<TileWalk> walks = enumerateWgmmaTileWalks();
  for (int64_t bm : kBlockSizes)
    for (int64_t bn : kWgmmaBlockNs) {
      if (bn == 192 && bm != 128)
        continue;
      std::vector<int64_t> stagesList(std::begin(kWgmmaStages),
                                      std::end(kWgmmaStages));
      if (bm * bn <= kDeepStagesMaxTileElements)
        stagesList.insert(stagesList.end(), std::begin(kDeepWgmmaStages),
                          std::end(kDeepWgmmaStages));
      for (int64_t bk : blockKs)
        for (int64_t wm : warpMs)
          for (int64_t wn : {bn, bn / 2})
            for (int64_t stages : stagesList)
              for (auto [producer, consumer] : registerSplits) {
                WgmmaHead head =
                    makeWgmmaHead(chip, dtype, bm, bn, bk, wm, wn, stages,
                                  producer, consumer, /*transposed=*/false);
                for (const TileWalk &walk : walks)
                  out.push_back(makeWgmmaCandidate(head, dtype, walk,
                                                   /*transposed=*/false));
              }
    }
}

/// The transposed family's tiles: BM' rows of the transposed problem (its
/// M' is the problem's N) in 64-row warpgroup tiles, and BN' columns (its
/// N' is the problem's M, at most 64 where these candidates run: 16, 32 or
/// 64 wide wgmmas).
const int64_t kTransposedBlockMs[] = {64, 128};
const int64_t kTransposedBlockNs[] = {16, 32, 64};
/// A small tile's stage is few bytes (10 KiB at 64x16): deep pipelines keep
/// enough in flight (64x16 measured best with 12 stages; 16 fit).
const int64_t kTransposedStages[] = {4, 6, 8, 12, 13, 16};

void enumerateTransposedWgmma(llvm::StringRef chip, llvm::StringRef dtype,
                              std::vector<Candidate> &out) {
  const std::pair<int64_t, int64_t> registerSplits[] = {
      {40, 232}, {24, 240}, {24, 208}};
  const int64_t bk = 64, wm = 64;
  std::vector<TileWalk> walks = enumerateWgmmaTileWalks();
  for (int64_t bm : kTransposedBlockMs)
    for (int64_t bn : kTransposedBlockNs)
      for (int64_t stages : kTransposedStages)
        for (auto [producer, consumer] : registerSplits) {
          WgmmaHead head =
              makeWgmmaHead(chip, dtype, bm, bn, bk, wm, bn, stages, producer,
                            consumer, /*transposed=*/true);
          for (const TileWalk &walk : walks)
            out.push_back(
                makeWgmmaCandidate(head, dtype, walk, /*transposed=*/true));
        }
}

} // namespace

std::vector<Candidate>
gemm_opt::tune::enumerateCandidates(llvm::StringRef chip, llvm::StringRef dtype,
                                    llvm::ArrayRef<std::string> families) {
  std::vector<Candidate> candidates;
  // 8-bit inputs need wgmma with K-major A and B: no mma.sync, no
  // transposed (all column-major) family.
  if (llvm::is_contained(families, "sync") && !isEightBit(dtype))
    enumerateSync(chip, dtype, candidates);
  if (llvm::is_contained(families, "wgmma")) {
    enumerateWgmma(chip, dtype, candidates);
    if (!isEightBit(dtype))
      enumerateTransposedWgmma(chip, dtype, candidates);
  }
  return candidates;
}

std::string gemm_opt::tune::getRasterTwinKey(const Candidate &candidate) {
  std::string key = candidate.name;
  if (!candidate.rasterSuffix.empty())
    if (size_t at = key.find(candidate.rasterSuffix); at != std::string::npos)
      key.erase(at, candidate.rasterSuffix.size());
  return key;
}

std::string gemm_opt::tune::makeCandidateModule(const Candidate &candidate) {
  // FP8: A row-major, B column-major (K-major, as wgmma reads 8-bit
  // operands), bf16 C, per-tensor scales with promoted partial sums.
  if (isEightBit(candidate.dtype))
    return formatv(
        "// gemm-tune candidate {0}\n#sched = {1}\n\n"
        "func.func @{0}(%a: memref<?x?xf8E4M3FN>,\n"
        "    %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,\n"
        "    %c: memref<?x?xbf16>, %scale_a: memref<f32>, "
        "%scale_b: memref<f32>) {{\n"
        "  tile.gemm %a, %b into %c scale_a %scale_a : memref<f32>\n"
        "      scale_b %scale_b : memref<f32>\n"
        "      {{schedule = #sched, scaling = #tile.scaling<a = tensor, "
        "b = tensor>}\n"
        "      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], "
        "offset: ?>>\n"
        "        into memref<?x?xbf16>\n"
        "  return\n}\n",
        candidate.name, candidate.schedule);
  // A column-major operand is a memref with unit stride along its rows.
  std::string type =
      candidate.transposed
          ? formatv("memref<?x?x{0}, strided<[1, ?], offset: ?>>",
                    candidate.dtype)
                .str()
          : formatv("memref<?x?x{0}>", candidate.dtype).str();
  return formatv("// gemm-tune candidate {0}\n#sched = {1}\n\n"
                 "func.func @{0}(%a: {2}, %b: {2}, %c: {2}) {{\n"
                 "  tile.gemm %a, %b into %c {{schedule = #sched}\n"
                 "      : {2}, {2} into {2}\n"
                 "  return\n}\n",
                 candidate.name, candidate.schedule, type);
}

llvm::Error gemm_opt::tune::writeCandidateModule(llvm::StringRef path,
                                                 const Candidate &candidate) {
  return writeOutputFile(path, makeCandidateModule(candidate));
}
