//===- OperandTrafficTest.cpp - the L2 simulation against a plain one -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// computeOperandDramBytes walks the raster incrementally and keeps the L2's
// order as a sequence of reads (analysis/OperandTraffic.cpp). It must count
// what the plain simulation counts, to the bit: getRasterTile per block and
// a least-recently-used list of panels, as the model was first written.
//
//===----------------------------------------------------------------------===//

#include "analysis/OperandTraffic.h"

#include "llvm/ADT/DenseMap.h"

#include "gtest/gtest.h"

#include <list>

using namespace gemm_opt;
using namespace gemm_opt::analysis;

namespace {

/// The plain simulation: the same waves and panels, a std::list in LRU order.
double simulatePlainly(const OperandTrafficInputs &s, int64_t m, int64_t n,
                       int64_t k, int64_t concurrent, double l2Bytes) {
  double e = s.elementBytes, kPerSplit = double(k) / s.splitK;
  int64_t tilesM = (m + s.blockM - 1) / s.blockM;
  int64_t tilesN = (n + s.blockN - 1) / s.blockN;
  int64_t tiles = tilesM * tilesN, blocks = tiles * s.splitK;
  std::list<std::pair<int64_t, double>> order;
  llvm::DenseMap<int64_t, std::list<std::pair<int64_t, double>>::iterator>
      where;
  double used = 0, bytes = 0;
  auto read = [&](int64_t panel, double panelBytes) {
    auto it = where.find(panel);
    if (it != where.end()) {
      order.splice(order.end(), order, it->second);
      return 0.0;
    }
    order.push_back({panel, panelBytes});
    where[panel] = std::prev(order.end());
    used += panelBytes;
    return panelBytes;
  };
  for (int64_t first = 0; first < blocks; first += concurrent) {
    for (int64_t id = first; id < std::min(blocks, first + concurrent); ++id) {
      int64_t split = id / tiles;
      auto [tm, tn] =
          getRasterTile(s.raster, s.group, id % tiles, tilesM, tilesN);
      bytes += read(2 * (tm * s.splitK + split),
                    std::min(s.blockM, m - tm * s.blockM) * kPerSplit * e);
      bytes += read(2 * (tn * s.splitK + split) + 1,
                    std::min(s.blockN, n - tn * s.blockN) * kPerSplit * e);
    }
    while (used > l2Bytes && !order.empty()) {
      used -= order.front().second;
      where.erase(order.front().first);
      order.pop_front();
    }
  }
  return bytes;
}

TEST(OperandTrafficTest, SimulationCountsAsThePlainOne) {
  struct Raster {
    tile::RasterOrder order;
    int64_t group;
  };
  const Raster rasters[] = {{tile::RasterOrder::along_n, 1},
                            {tile::RasterOrder::along_m, 4},
                            {tile::RasterOrder::along_m, 8},
                            {tile::RasterOrder::along_n, 3}};
  const std::pair<int64_t, int64_t> blockTiles[] = {
      {64, 64}, {128, 256}, {256, 128}, {64, 16}};
  const int64_t shapes[][3] = {{1000, 3000, 4096},
                               {3000, 1000, 777},
                               {4096, 4096, 1024},
                               {16, 8192, 8192}};
  int64_t compared = 0;
  for (const Raster &raster : rasters)
    for (auto [bm, bn] : blockTiles)
      for (int64_t splitK : {1, 3, 16})
        for (const int64_t *shape : shapes)
          for (int64_t concurrent : {1, 7, 132, 264})
            for (double l2Bytes : {1.0 * (1 << 20), 50.0 * (1 << 20)}) {
              OperandTrafficInputs inputs;
              inputs.blockM = bm;
              inputs.blockN = bn;
              inputs.splitK = splitK;
              inputs.elementBytes = 2;
              inputs.raster = raster.order;
              inputs.group = raster.group;
              auto [m, n, k] = std::tuple(shape[0], shape[1], shape[2]);
              if ((m * k + k * n) * inputs.elementBytes <= l2Bytes)
                continue; // Not simulated: each byte once.
              ASSERT_EQ(
                  computeOperandDramBytes(inputs, m, n, k, concurrent, l2Bytes),
                  simulatePlainly(inputs, m, n, k, concurrent, l2Bytes))
                  << bm << "x" << bn << " split_k " << splitK << " group "
                  << raster.group << " " << m << "x" << n << "x" << k
                  << " concurrent " << concurrent << " L2 " << l2Bytes;
              ++compared;
            }
  EXPECT_GT(compared, 500);
}

} // namespace
