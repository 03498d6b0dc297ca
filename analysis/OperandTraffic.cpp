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

/// The panels in L2, least recently used first. The simulation reads two
/// panels per block, so the list is linked through an array indexed by
/// panel (the keys are dense) rather than allocated node by node.
class PanelCache {
public:
  PanelCache(double capacity, int64_t panels)
      : capacity(capacity), sentinel(int32_t(panels)), links(panels + 1) {
    links[sentinel].previous = links[sentinel].next = sentinel;
  }

  /// Reads `panel` of `bytes`; returns the bytes that came from DRAM.
  double read(int64_t panel, double bytes) {
    Link &link = links[panel];
    if (link.resident) {
      unlink(int32_t(panel));
      append(int32_t(panel));
      return 0;
    }
    link.resident = true;
    link.bytes = bytes;
    append(int32_t(panel));
    used += bytes;
    return bytes;
  }

  /// Drops the least recently used panels until the rest fit.
  void evict() {
    while (used > capacity && links[sentinel].next != sentinel) {
      int32_t first = links[sentinel].next;
      used -= links[first].bytes;
      unlink(first);
      links[first].resident = false;
    }
  }

private:
  struct Link {
    /// Panels are fewer than 2 * kMaxSimulatedBlocks.
    int32_t previous = 0, next = 0;
    double bytes = 0;
    bool resident = false;
  };
  void unlink(int32_t panel) {
    Link &link = links[panel];
    links[link.previous].next = link.next;
    links[link.next].previous = link.previous;
  }
  /// Makes `panel` the most recently used.
  void append(int32_t panel) {
    int32_t last = links[sentinel].previous;
    links[panel].previous = last;
    links[panel].next = sentinel;
    links[last].next = panel;
    links[sentinel].previous = panel;
  }

  double capacity, used = 0;
  /// The list's head and tail: links[sentinel].next is the least recently
  /// used panel.
  int32_t sentinel;
  std::vector<Link> links;
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
  // Panel keys: A's block rows and B's block columns, told apart by split
  // (each reads its own K range).
  auto rowPanel = [&](int64_t row, int64_t split) {
    return 2 * (row * splits + split);
  };
  auto columnPanel = [&](int64_t column, int64_t split) {
    return 2 * (column * splits + split) + 1;
  };
  PanelCache cache(l2Bytes, 2 * std::max(tilesM, tilesN) * splits);
  double bytes = 0;
  for (int64_t first = 0; first < blocks; first += concurrent) {
    for (int64_t id = first; id < std::min(blocks, first + concurrent); ++id) {
      int64_t split = id / tiles;
      auto [tm, tn] = getRasterTile(schedule.raster, schedule.group, id % tiles,
                                    tilesM, tilesN);
      bytes += cache.read(rowPanel(tm, split),
                          std::min(bm, m - tm * bm) * kPerSplit * e);
      bytes += cache.read(columnPanel(tn, split),
                          std::min(bn, n - tn * bn) * kPerSplit * e);
    }
    cache.evict();
  }
  return bytes;
}
