//===- OperandTraffic.cpp - DRAM bytes of A and B through the L2 ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "analysis/OperandTraffic.h"

#include "dialect/MemoryQueries.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace gemm_opt::analysis;
using namespace gemm_opt::tile;

OperandTrafficInputs OperandTrafficInputs::get(ScheduleAttr schedule) {
  OperandTrafficInputs inputs;
  inputs.blockM = schedule.getBlockM();
  inputs.blockN = schedule.getBlockN();
  inputs.splitK = schedule.getSplitK();
  inputs.elementBytes = getByteWidth(schedule.getElements().getA());
  inputs.raster = schedule.getRasterOrder();
  inputs.group = schedule.getRasterGroup();
  return inputs;
}

std::pair<int64_t, int64_t>
gemm_opt::analysis::getRasterTile(RasterOrder raster, int64_t group, int64_t id,
                                  int64_t tilesM, int64_t tilesN) {
  bool alongM = raster == RasterOrder::along_m;
  // along_m: strips of `group` block columns advancing along M.
  int64_t across = alongM ? tilesN : tilesM, along = alongM ? tilesM : tilesN;
  int64_t strip = id / (group * along), inStrip = id % (group * along);
  int64_t width = std::min(group, across - strip * group);
  int64_t alongIndex = inStrip / width;
  int64_t acrossIndex = strip * group + inStrip % width;
  return alongM ? std::pair(alongIndex, acrossIndex)
                : std::pair(acrossIndex, alongIndex);
}

std::pair<int64_t, int64_t>
gemm_opt::analysis::getRasterTile(ScheduleAttr schedule, int64_t id,
                                  int64_t tilesM, int64_t tilesN) {
  return getRasterTile(schedule.getRasterOrder(), schedule.getRasterGroup(), id,
                       tilesM, tilesN);
}

namespace {

/// getRasterTile's tiles in launch order, one step at a time rather than
/// with its divisions per tile.
class RasterWalk {
public:
  RasterWalk(RasterOrder raster, int64_t group, int64_t tilesM, int64_t tilesN)
      : alongM(raster == RasterOrder::along_m), group(group),
        across(alongM ? tilesN : tilesM), along(alongM ? tilesM : tilesN) {
    restart();
  }

  /// Back to the first tile.
  void restart() {
    stripStart = 0;
    width = std::min(group, across);
    alongIndex = 0;
    inWidth = 0;
  }
  /// Block row and column of the current tile.
  std::pair<int64_t, int64_t> getTile() const {
    int64_t acrossIndex = stripStart + inWidth;
    return alongM ? std::pair(alongIndex, acrossIndex)
                  : std::pair(acrossIndex, alongIndex);
  }
  /// On to the next tile: across the strip, then along it, then the next
  /// strip (the last one narrower where `group` does not divide).
  void advance() {
    if (++inWidth < width)
      return;
    inWidth = 0;
    if (++alongIndex < along)
      return;
    alongIndex = 0;
    stripStart += group;
    width = std::min(group, across - stripStart);
  }

private:
  bool alongM;
  int64_t group, across, along;
  int64_t stripStart = 0, width = 0, alongIndex = 0, inWidth = 0;
};

/// The panels in L2, least recently used first. The simulation reads two
/// panels per block and evicts once per wave, so the order is kept as the
/// sequence of reads, each panel in the place of its latest one (earlier
/// reads of it are skipped on eviction), over an array indexed by panel:
/// a hit costs a write and an append rather than relinking a list.
class PanelCache {
public:
  PanelCache(double capacity, int64_t panels)
      : capacity(capacity), panels(panels) {}

  /// Reads `panel` of `bytes`; returns the bytes that came from DRAM.
  double read(int64_t panel, double bytes) {
    Panel &state = panels[panel];
    state.lastRead = base + int64_t(reads.size());
    reads.push_back(panel);
    if (state.resident)
      return 0;
    state.resident = true;
    state.bytes = bytes;
    used += bytes;
    return bytes;
  }

  /// Drops the least recently used panels until the rest fit.
  void evict() {
    for (; used > capacity && oldest < int64_t(reads.size()); ++oldest) {
      Panel &state = panels[reads[oldest]];
      if (state.lastRead != base + oldest)
        continue; // Read again since: that read is its place.
      used -= state.bytes;
      state.resident = false;
    }
    // Reads before `oldest` are done with: dropped once they are half.
    if (oldest > int64_t(reads.size()) / 2) {
      reads.erase(reads.begin(), reads.begin() + oldest);
      base += oldest;
      oldest = 0;
    }
  }

private:
  struct Panel {
    /// Place of the latest read in the whole sequence of reads.
    int64_t lastRead = -1;
    double bytes = 0;
    bool resident = false;
  };
  double capacity, used = 0;
  std::vector<Panel> panels;
  /// The panels read since the first `base` reads, in order; those before
  /// `oldest` are evicted or read again since.
  std::vector<int64_t> reads;
  int64_t base = 0, oldest = 0;
};

} // namespace

// Each split reads its own K range, so each is a sweep of its own; in it,
// strips `group` panels wide run across the P panels along the strip
// (along_m: strips of B columns, along A's rows), `group` tiles per panel
// along. A strip's panels across stay in L2 while it runs and are never
// read again: each byte of that operand comes from DRAM once. A panel along
// is read once per strip; the cache keeps the Q most recently used ones
// that fit beside the panels across, so a wave reading w panels along
// (each last read a strip ago) finds the last w - (P - Q) of them there
// and reads min(w, P - Q) from DRAM, after the first strip's cold reads.
double gemm_opt::analysis::estimateOperandDramBytes(
    const OperandTrafficInputs &schedule, int64_t m, int64_t n, int64_t k,
    int64_t concurrent, double l2Bytes) {
  double e = schedule.elementBytes;
  double operands = (double(m) * k + double(k) * n) * e;
  if (operands <= l2Bytes)
    return operands;
  bool alongM = schedule.raster == RasterOrder::along_m;
  int64_t alongExtent = alongM ? m : n, acrossExtent = alongM ? n : m;
  int64_t alongBlock = alongM ? schedule.blockM : schedule.blockN;
  int64_t acrossBlock = alongM ? schedule.blockN : schedule.blockM;
  double group = schedule.group;
  double kPerSplit = double(k) / schedule.splitK;
  double panels = double((alongExtent + alongBlock - 1) / alongBlock);
  double tilesAcross = double((acrossExtent + acrossBlock - 1) / acrossBlock);
  double tiles = panels * tilesAcross;
  double waves = tiles / concurrent;
  double alongPanelBytes = double(alongExtent) * kPerSplit * e / panels;
  double acrossPanelBytes =
      double(std::min(acrossBlock, acrossExtent)) * kPerSplit * e;
  // The strips a wave touches, and one before, hold panels across.
  double stripsPerWave = std::ceil(concurrent / (group * panels));
  double acrossResident = (stripsPerWave + 1) * group * acrossPanelBytes;
  double kept =
      std::max(0.0, std::floor((l2Bytes - acrossResident) / alongPanelBytes));
  double perWave = std::min(panels, concurrent / group);
  double missesPerWave = std::min(perWave, std::max(0.0, panels - kept));
  double firstStripWaves = panels / perWave;
  double alongReads =
      panels + std::max(0.0, waves - firstStripWaves) * missesPerWave;
  double acrossBytes = double(acrossExtent) * k * e;
  double alongBytes = double(alongExtent) * k * e;
  return acrossBytes + alongBytes * (alongReads / panels);
}

double gemm_opt::analysis::computeOperandDramBytes(
    const OperandTrafficInputs &schedule, int64_t m, int64_t n, int64_t k,
    int64_t concurrent, double l2Bytes) {
  int64_t bm = schedule.blockM, bn = schedule.blockN;
  int64_t splits = schedule.splitK;
  int64_t tilesM = (m + bm - 1) / bm, tilesN = (n + bn - 1) / bn;
  double e = schedule.elementBytes;
  double kPerSplit = double(k) / splits;
  // Everything fits: each byte comes from DRAM once.
  double operands = (double(m) * k + double(k) * n) * e;
  if (operands <= l2Bytes)
    return operands;
  // Counted in the steady state past the simulation's bound (or past
  // int64_t: not a count to loop over either).
  std::optional<int64_t> tileCount = llvm::checkedMul(tilesM, tilesN);
  std::optional<int64_t> blockCount =
      tileCount ? llvm::checkedMul(*tileCount, splits) : std::nullopt;
  if (!blockCount || *blockCount > kMaxSimulatedBlocks)
    return estimateOperandDramBytes(schedule, m, n, k, concurrent, l2Bytes);
  int64_t tiles = *tileCount, blocks = *blockCount;
  // Panel keys: per split (each reads its own K range) A's block rows, then
  // B's block columns.
  auto rowPanel = [&](int64_t row, int64_t split) {
    return split * (tilesM + tilesN) + row;
  };
  auto columnPanel = [&](int64_t column, int64_t split) {
    return split * (tilesM + tilesN) + tilesM + column;
  };
  PanelCache cache(l2Bytes, splits * (tilesM + tilesN));
  // Block `id` is tile id % tiles of split id / tiles.
  RasterWalk walk(schedule.raster, schedule.group, tilesM, tilesN);
  int64_t split = 0, tile = 0;
  double bytes = 0;
  for (int64_t first = 0; first < blocks; first += concurrent) {
    for (int64_t id = first; id < std::min(blocks, first + concurrent); ++id) {
      auto [tm, tn] = walk.getTile();
      bytes += cache.read(rowPanel(tm, split),
                          std::min(bm, m - tm * bm) * kPerSplit * e);
      bytes += cache.read(columnPanel(tn, split),
                          std::min(bn, n - tn * bn) * kPerSplit * e);
      walk.advance();
      if (++tile == tiles) {
        tile = 0;
        ++split;
        walk.restart();
      }
    }
    cache.evict();
  }
  return bytes;
}
