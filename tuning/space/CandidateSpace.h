//===- CandidateSpace.h - the schedules gemm-tune tries ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Enumerates schedule texts for one chip and element type over both MMA
// families. The space is deliberately wider than what is legal (e.g. warp
// tiles that do not divide the block, 128-byte swizzles on 64-byte rows,
// setmaxnreg splits over the register file): the dialect verifier and
// tile-check-chip decide, and gemm-tune counts what they drop.
//
// wgmma candidates come in every raster order (row-major, along_m in
// strips of 4 and 8, along_n in strips of 8) with split_k = 1, 2, 4, 8 and
// 16 (#tile.grid<persistent = false, raster = ..., group = ...,
// split_k = S>): one block per tile, no clusters, which is what split_k
// takes; shapes with few tiles of C need it, large ones lose by it, and the
// static model tells them apart. Without a split each also comes with a
// persistent grid (suffix "_p") and with the tma epilogue store ("_tma"),
// which is where the hand-written winners of bench/schedules live, e.g.
// "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm4_tma". Tiles of at most
// 128x64 elements also try 8, 12 and 13 stages.
//
// The transposed family ("wgmma_bf16_ccc_..."): kernels with every operand
// column-major, which run a row-major problem as its transpose
// C^T = B^T·A^T on the same memory (runtime/TransposedProblem.h), M and N
// exchanged. wgmma's M is at least 64 but its N goes down to 8, so a small
// M becomes a small N' without padding (16x4096x4096 runs as 4096x16x4096
// on 64x16 tiles: 1.06x cuBLAS where the best row-major kernel reached
// 0.90x). They come with block tiles of 64 or 128
// rows and 16, 32 or 64 columns, one 64-row warpgroup tile per 64 rows,
// 4 to 16 stages and every tile walk.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_CANDIDATESPACE_H
#define GEMM_OPT_TUNING_SPACE_CANDIDATESPACE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace gemm_opt::tune {

struct Candidate {
  /// Self-describing name, unique in the space, e.g.
  /// "wgmma_bf16_128x256x64_w64x256_s4_r40_232_rm8", with split_k = 4
  /// "wgmma_bf16_64x128x64_w64x128_s4_r24_208_sk4", persistent with a tma
  /// epilogue store "wgmma_bf16_128x256x64_w64x256_s3_r40_232_p_rm8_tma".
  std::string name;
  std::string family; // "sync" or "wgmma"
  std::string dtype;  // "bf16", "f16" or "e4m3" (FP8: bf16 C, scales)
  /// split_k of the grid (1: none).
  int64_t splitK = 1;
  /// Every operand column-major: the kernel runs the row-major problem as
  /// its transpose, M and N exchanged (the "ccc" family).
  bool transposed = false;
  /// The raster order's part of the name ("" row-major, "_rm4", "_rm8",
  /// "_rn8"): candidates whose names differ only in it are raster twins.
  std::string rasterSuffix;
  /// The `#tile.schedule<...>` attribute text.
  std::string schedule;
};

/// Every candidate of `families` ("sync", "wgmma") for `chip` and input
/// type `dtype` (C in the same type, f32 accumulation; for "e4m3", FP8 A
/// and B with per-tensor scales into bf16 C), in a fixed order.
std::vector<Candidate> enumerateCandidates(llvm::StringRef chip,
                                           llvm::StringRef dtype,
                                           llvm::ArrayRef<std::string> families);

/// What raster twins share: the name without its raster order.
std::string getRasterTwinKey(const Candidate &candidate);

/// A module with the candidate's tile.gemm in a function named after it,
/// on memrefs of the candidate's element type and layouts.
std::string makeCandidateModule(const Candidate &candidate);

/// Writes makeCandidateModule(candidate) to the file `path`.
llvm::Error writeCandidateModule(llvm::StringRef path,
                                 const Candidate &candidate);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_CANDIDATESPACE_H
