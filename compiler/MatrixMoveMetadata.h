//===- MatrixMoveMetadata.h - launch metadata of transpose and copy kernels -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The bundle entries of kernels made from a tile.transpose ("kind":
// "transpose") and from a tile.copy ("kind": "copy"), see
// runtime/KernelSpec.h. Both take a row-major src and dst (rank 3 for a
// batch, whose entries run along grid z):
//   - a transpose's src is M×N and dst N×M; its grid is ceil(N/TC) ×
//     ceil(M/TR) blocks;
//   - a copy's src and dst are both M×N; its grid is ceil(M/TR) ×
//     ceil(N/TC) blocks (rows along x, which has room for any M).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_MATRIXMOVEMETADATA_H
#define GEMM_OPT_COMPILER_MATRIXMOVEMETADATA_H

#include "runtime/bundle/BundleSchema.h"
#include "dialect/TileDialect.h"

namespace gemm_opt {

/// The bundle entry of a transpose kernel of `elementType`, less its name,
/// chip and file names.
bundle::KernelEntry
describeTransposeKernel(tile::TransposeScheduleAttr schedule,
                        mlir::Type elementType, bool batched);

/// The bundle entry of a copy kernel of `elementType`, less its name, chip
/// and file names.
bundle::KernelEntry describeCopyKernel(tile::CopyScheduleAttr schedule,
                                       mlir::Type elementType, bool batched);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_MATRIXMOVEMETADATA_H
