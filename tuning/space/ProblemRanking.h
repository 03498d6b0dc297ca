//===- ProblemRanking.h - the model's shortlist for one problem -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Ranks every legal candidate that can run a problem shape by the static
// model's predicted time and picks what gets measured:
//
//   shortlist  the model's best `top`, at most `variants` per structure
//              (family, block tile, warp tile, split_k, persistence,
//              epilogue store), leaving out a candidate whose prediction
//              equals one already taken of its structure (a register split
//              or raster order the model cannot tell apart: measuring both
//              says nothing new)
//   twins      for each of the shortlist's first `twins` picks, the
//              candidates that differ from it only in the raster order (the
//              model sees rasters only through DRAM bytes, which tie where A
//              and B fit in L2; measured, they moved 1024x1024x8192 on
//              128x64 tiles from 0.81x to 1.00x cuBLAS)
//   explore    up to `explore` more, each the best candidate of a structure
//              the shortlist does not have, spread evenly over those
//              structures in the model's order: controls the model ranks
//              lower, so that "the measured best is in the model's top 5"
//              tests the model rather than the size of the shortlist
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_PROBLEMRANKING_H
#define GEMM_OPT_TUNING_SPACE_PROBLEMRANKING_H

#include "CandidateSpace.h"

#include "analysis/ScheduleAnalysis.h"

#include <optional>
#include <string>
#include <vector>

namespace gemm_opt::tune {

/// A legal candidate and its shape-independent analysis.
struct AnalyzedCandidate {
  Candidate candidate;
  analysis::ScheduleAnalysis analysis;
};

struct RankedCandidate {
  /// Index into the problem's candidates.
  size_t index = 0;
  analysis::ShapePrediction prediction;
  /// Place in the model's order of all candidates that run the shape
  /// (1 = best).
  int64_t overallRank = 0;
  /// Picked as an exploration control, not for the shortlist.
  bool explore = false;
  /// Picked as a raster twin of a shortlist pick.
  bool twin = false;
};

struct RankingOptions {
  unsigned top = 8, variants = 2, explore = 0, twins = 0;
};

struct ProblemRanking {
  std::string dtype;
  analysis::GemmShape shape;
  /// Candidates that run the shape, and those that do not (a block tile
  /// that does not divide it where the kernel needs whole tiles).
  int64_t runnable = 0, notRunnable = 0;
  /// The shortlist (best first), each of its first `twins` picks followed
  /// by its raster twins (in the model's order), then the exploration
  /// controls (in the model's order).
  std::vector<RankedCandidate> picks;
};

/// Every candidate that runs a shape in the model's order, and how many do
/// not run it.
struct ModelOrder {
  /// Fastest predicted first. Times the model cannot tell apart (1e-4
  /// relative) put one tile per block before a persistent grid, then the
  /// deeper pipeline, the tma store, more producer and consumer registers
  /// and the name, so the order is
  /// deterministic and a shortlist that takes one of a tie takes the
  /// variant with the most slack. overallRank is the place in it (1 =
  /// best).
  std::vector<RankedCandidate> ranking;
  int64_t notRunnable = 0;
};

/// The largest M a transposed candidate runs: the transposed problem's N'
/// is the problem's M, and wgmma's M of at least 64 is what a row-major
/// kernel pads below it (16x4096x4096 on 64-row tiles does 4x the wgmma
/// work and loads 4x the A rows). Above it the row-major kernels tile M
/// without padding and the transposed ones only make the ranking longer.
constexpr int64_t kTransposedMaxM = 64;

/// The shape `candidate`'s kernel computes for the row-major problem
/// `shape`: the shape itself, or for a transposed candidate N x M x K; none
/// when a transposed candidate does not take the problem (M above
/// kTransposedMaxM).
std::optional<analysis::GemmShape>
getKernelShape(const Candidate &candidate, const analysis::GemmShape &shape);

/// Orders `candidates` by their predicted time on `shape` for `device`.
ModelOrder orderByModel(const std::vector<AnalyzedCandidate> &candidates,
                        const analysis::GemmShape &shape,
                        const analysis::ChipPerformance &device);

/// Whether two predicted times are the same to the model (closer than
/// 1e-4 relative): e.g. register splits it cannot tell apart.
bool isSamePrediction(double x, double y);

/// Family, layouts, block and warp tile, split_k, persistence and epilogue
/// store: what tells kernels apart structurally, e.g.
/// "wgmma:64x128x64:64x128:sk4:vector",
/// "wgmma:128x256x64:64x256:sk1:persistent:tma" or (transposed)
/// "wgmma:ccc:64x16x64:64x16:sk1:vector". A persistent grid (a tile
/// loop whose epilogue overlaps the next tile's loads) and the tma store
/// (a staging tile and bulk stores) are kernels of their own, which the
/// model times least surely: they get their own
/// shortlist places rather than competing with the one-block-per-tile
/// vector-store variants of the same tiles.
std::string getStructureKey(const AnalyzedCandidate &candidate);

/// Ranks `candidates` (all of `dtype`) on `shape` for `device`.
ProblemRanking rankProblem(const std::vector<AnalyzedCandidate> &candidates,
                           llvm::StringRef dtype,
                           const analysis::GemmShape &shape,
                           const analysis::ChipPerformance &device,
                           const RankingOptions &options);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_PROBLEMRANKING_H
