//===- LaunchGrid.h - Grid and cluster geometry of a launch ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The grid a bundle kernel is launched with at one shape (see the <grid>
// and "cluster" fields in KernelSpec.h):
//   - x/y/z grids: each dimension is a constant or ceil(extent / tile),
//     rounded up to a multiple of the cluster dimension; kernels must skip
//     the tiles outside M x N;
//   - persistent grids: 1-D, min(tiles, SMs * ctas_per_sm) blocks rounded
//     down to a multiple of the cluster size (at least one cluster); a
//     batched kernel's tiles are those of every batch entry.
// A batched kernel's non-persistent grid has the batch count along z.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_LAUNCHGRID_H
#define GEMM_OPT_RUNTIME_LAUNCHGRID_H

#include "runtime/GemmShape.h"
#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace gemm_opt {
namespace runtime {

struct LaunchGrid {
  std::array<unsigned, 3> dims = {1, 1, 1};
  /// Persistent grids: the output tiles the blocks loop over; else 0.
  uint64_t persistentTiles = 0;

  uint64_t getBlockCount() const {
    return uint64_t(dims[0]) * dims[1] * dims[2];
  }
};

/// A persistent grid of clusters shrunk to the clusters the device can
/// hold at once (`activeClusters`, cuOccupancyMaxActiveClusters; 0:
/// unknown, unchanged): its blocks all run together, as a stream_k grid's
/// waits need (an owner waits for a block of another cluster).
void fitPersistentGridToActiveClusters(LaunchGrid &grid, uint64_t clusterSize,
                                       uint64_t activeClusters);

/// Blocks of a persistent grid over `tiles` work units: min(tiles,
/// multiprocessorCount * ctasPerSm), rounded down to a multiple of
/// `clusterSize`, but at least one cluster.
uint64_t getPersistentGridSize(uint64_t tiles, uint64_t multiprocessorCount,
                               uint64_t ctasPerSm, uint64_t clusterSize);

/// The work a persistent grid of `spec` shares at `shape`: its output tiles
/// (of every batch entry when it walks them), or with stream_k their K steps
/// (so that few large tiles still fill the machine).
uint64_t getPersistentWorkUnits(const KernelSpec &spec, const GemmShape &shape);

/// The grid of `spec` at `shape` (see the file comment). Only persistent
/// grids depend on `multiprocessorCount` (>= 1); any count checks everything
/// else, e.g. before a device is open. Checks the device grid limits.
llvm::Expected<LaunchGrid> computeGrid(const KernelSpec &spec,
                                       const GemmShape &shape,
                                       unsigned multiprocessorCount);

/// The grid of a transpose or copy kernel (KernelSpec::matrixMove) over a
/// rows×cols src (extents "m" and "n") and `batch` entries (extent
/// "batch").
llvm::Expected<LaunchGrid> computeMatrixMoveGrid(const KernelSpec &spec,
                                                 int64_t rows, int64_t cols,
                                                 int64_t batch);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_LAUNCHGRID_H
