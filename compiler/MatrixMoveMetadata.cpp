//===- MatrixMoveMetadata.cpp - launch metadata of transpose and copy kernels ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/MatrixMoveMetadata.h"

#include "compiler/ElementTypeName.h"
#include "dialect/MemoryQueries.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {
/// What a transpose or copy schedule says about its launch.
struct MatrixMoveLaunch {
  bundle::KernelKind kind;
  int64_t threads, tileRows, tileCols, vector, sharedBytes;
  /// Whether grid x runs along src's rows (a copy) or its columns (a
  /// transpose).
  bool rowsAlongX;
};
} // namespace

static bundle::KernelEntry describeMatrixMove(const MatrixMoveLaunch &launch,
                                              Type elementType, bool batched) {
  bundle::GridDim gridZ;
  if (batched) {
    gridZ.extent = "batch";
    gridZ.tile = 1;
  }
  bundle::GridDim alongRows{1, "m", launch.tileRows};
  bundle::GridDim alongCols{1, "n", launch.tileCols};
  bundle::KernelEntry entry;
  entry.kind = launch.kind;
  entry.block = {launch.threads, 1, 1};
  entry.cluster = std::array<int64_t, 3>{1, 1, 1};
  entry.dynamicSharedMemoryBytes = launch.sharedBytes;
  entry.grid.x = launch.rowsAlongX ? alongRows : alongCols;
  entry.grid.y = launch.rowsAlongX ? alongCols : alongRows;
  entry.grid.z = gridZ;
  entry.tile = bundle::ProblemTile{launch.tileRows, launch.tileCols,
                                   std::nullopt};
  std::string type = getElementTypeName(elementType);
  // Any pointer aligned to the element works; vector-wide accesses are used
  // where pointers and leading dimensions allow.
  entry.minAlignmentBytes = getByteWidth(elementType);
  int64_t rank = batched ? 3 : 2;
  entry.parameters = {bundle::Parameter::memref("src", rank),
                      bundle::Parameter::memref("dst", rank)};
  entry.matrixMove =
      bundle::MatrixMoveFields{type, type, "row", "row", launch.vector};
  return entry;
}

bundle::KernelEntry
gemm_opt::describeTransposeKernel(TransposeScheduleAttr schedule,
                                  Type elementType, bool batched) {
  return describeMatrixMove(
      {bundle::KernelKind::Transpose, schedule.getThreadCount(), schedule.getTileRows(),
       schedule.getTileCols(), schedule.getVector(),
       schedule.getSharedMemoryBytes(elementType), /*rowsAlongX=*/false},
      elementType, batched);
}

bundle::KernelEntry gemm_opt::describeCopyKernel(CopyScheduleAttr schedule,
                                                 Type elementType,
                                                 bool batched) {
  return describeMatrixMove({bundle::KernelKind::Copy,
                             schedule.getThreadCount(),
                             schedule.getTileRows(), schedule.getTileCols(),
                             schedule.getVector(), /*sharedBytes=*/0,
                             /*rowsAlongX=*/true},
                            elementType, batched);
}
