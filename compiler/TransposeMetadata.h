//===- TransposeMetadata.h - launch metadata of transpose kernels -*- C++ -*-===//
//
// The bundle entry of a kernel made from a tile.transpose ("kind":
// "transpose", see runtime/KernelSpec.h): src is M×N, dst N×M, both
// row-major; the grid is ceil(N/TC) × ceil(M/TR) blocks. A batched kernel
// takes B×M×N and B×N×M memrefs (rank 3) and runs the B entries along grid
// z.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_COMPILER_TRANSPOSEMETADATA_H
#define GEMM_OPT_COMPILER_TRANSPOSEMETADATA_H

#include "dialect/TileDialect.h"
#include "llvm/Support/JSON.h"

namespace gemm_opt {

/// The bundle entry of a transpose kernel of `elementType`, less its name,
/// chip and file names.
llvm::json::Object describeTransposeKernel(tile::TransposeScheduleAttr schedule,
                                           mlir::Type elementType,
                                           bool batched);

} // namespace gemm_opt

#endif // GEMM_OPT_COMPILER_TRANSPOSEMETADATA_H
