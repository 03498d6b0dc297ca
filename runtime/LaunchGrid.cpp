//===- LaunchGrid.cpp - Grid and cluster geometry of a launch -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchGrid.h"


#include "runtime/RuntimeError.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

constexpr std::array<int64_t, 3> maxGrid = {(int64_t(1) << 31) - 1, 65535,
                                            65535};
constexpr std::array<char, 3> axisNames = {'x', 'y', 'z'};

uint64_t ceilDiv(int64_t extent, int64_t tile) {
  return divideCeil(static_cast<uint64_t>(extent), static_cast<uint64_t>(tile));
}

Expected<LaunchGrid> computePersistentGrid(const KernelSpec &spec,
                                           const GemmShape &shape,
                                           unsigned multiprocessorCount) {
  const PersistentGridSpec &persistent = *spec.persistentGrid;
  LaunchGrid grid;
  grid.persistentTiles =
      ceilDiv(shape.m, persistent.tileM) * ceilDiv(shape.n, persistent.tileN);
  // A batched kernel walks the tiles of every batch entry.
  if (persistent.perBatchEntry)
    grid.persistentTiles *= static_cast<uint64_t>(shape.batch);
  uint64_t size = getPersistentGridSize(
      getPersistentWorkUnits(spec, shape), std::max(multiprocessorCount, 1u),
      static_cast<uint64_t>(persistent.ctasPerSm), spec.getClusterSize());
  if (size > static_cast<uint64_t>(maxGrid[0]))
    return makeBadInputError("persistent grid.x = " + Twine(size) +
                             " is outside [1, " + Twine(maxGrid[0]) + "]");
  // stream_k kernels share the K steps in 32-bit arithmetic: the largest
  // product they form is (work units) x (blocks) (passes/hopper/StreamKPartition.h).
  if (persistent.streamK) {
    uint64_t units = getPersistentWorkUnits(spec, shape);
    if (units > std::numeric_limits<uint32_t>::max() / std::max(size, uint64_t{1}))
      return makeBadInputError(
          "stream_k kernel " + spec.name + ": " + Twine(units) +
          " K steps of tiles over " + Twine(size) +
          " blocks exceed its 32-bit partition; use a data-parallel schedule");
  }
  grid.dims = {static_cast<unsigned>(size), 1, 1};
  return grid;
}

} // namespace

uint64_t getPersistentWorkUnits(const KernelSpec &spec,
                                const GemmShape &shape) {
  const PersistentGridSpec &persistent = *spec.persistentGrid;
  uint64_t tiles =
      ceilDiv(shape.m, persistent.tileM) * ceilDiv(shape.n, persistent.tileN);
  if (persistent.perBatchEntry)
    tiles *= static_cast<uint64_t>(shape.batch);
  if (persistent.streamK)
    tiles *= ceilDiv(shape.k, persistent.tileK);
  return tiles;
}

void fitPersistentGridToActiveClusters(LaunchGrid &grid, uint64_t clusterSize,
                                       uint64_t activeClusters) {
  uint64_t most = activeClusters * std::max<uint64_t>(clusterSize, 1);
  if (activeClusters > 0 && grid.dims[0] > most)
    grid.dims[0] = static_cast<unsigned>(most);
}

uint64_t getPersistentGridSize(uint64_t tiles, uint64_t multiprocessorCount,
                               uint64_t ctasPerSm, uint64_t clusterSize) {
  clusterSize = std::max<uint64_t>(clusterSize, 1);
  uint64_t blocks = std::min(tiles, multiprocessorCount * ctasPerSm);
  blocks -= blocks % clusterSize;
  return std::max(blocks, clusterSize);
}

Expected<LaunchGrid> computeGrid(const KernelSpec &spec, const GemmShape &shape,
                                 unsigned multiprocessorCount) {
  if (spec.persistentGrid)
    return computePersistentGrid(spec, shape, multiprocessorCount);
  LaunchGrid grid;
  for (size_t axis = 0; axis < 3; ++axis) {
    const GridDimSpec &dim = spec.grid[axis];
    int64_t size = dim.isConstant ? dim.constant
                                  : static_cast<int64_t>(ceilDiv(
                                        shape.getExtent(dim.extent), dim.tile));
    // Whole clusters only: the kernel skips the tiles outside M x N.
    int64_t rounded = static_cast<int64_t>(
        alignTo(static_cast<uint64_t>(size),
                static_cast<uint64_t>(spec.cluster[axis])));
    if (size < 1 || rounded > maxGrid[axis]) {
      std::string clusterNote =
          rounded != size ? " (" + std::to_string(size) +
                                " rounded up to a multiple of the cluster "
                                "dimension " +
                                std::to_string(spec.cluster[axis]) + ")"
                          : "";
      return makeBadInputError("grid." + Twine(axisNames[axis]) + " = " +
                               Twine(rounded) + clusterNote +
                               " is outside [1, " + Twine(maxGrid[axis]) +
                               "] for shape " + shape.str());
    }
    grid.dims[axis] = static_cast<unsigned>(rounded);
  }
  return grid;
}

Expected<LaunchGrid> computeMatrixMoveGrid(const KernelSpec &spec, int64_t rows,
                                           int64_t cols, int64_t batch) {
  // Its grids are not persistent: the SM count does not matter.
  return computeGrid(spec, GemmShape::get(rows, cols, 1).withBatch(batch), 1);
}

} // namespace runtime
} // namespace gemm_opt
