//===- DecodeSchedules.cpp - dot schedules for thin matmul problems -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/DecodeSchedules.h"

#include "jit/ScheduleDescription.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm_opt {

/// Columns of C per block: 4 warps of one column each.
static constexpr int64_t kDotBlockColumns = 4;
/// Blocks that keep every SM of an H200 (132) streaming: two each.
static constexpr int64_t kDotMinBlocks = 2 * 132;

/// Along N: the columns of a block (one warp of 32 lanes × 8), the rows of
/// K a lane loads per step, and the warps that split each step.
static constexpr int64_t kRowsBlockColumns = 256;
static constexpr int64_t kRowsOfKPerLane = 8;
static constexpr int64_t kRowsWarpsAlongK = 16;
/// The rows of A and the smallest weight (N·K elements) for which a
/// row-major B takes a dot schedule: at M = 2 it measured faster than the
/// tensor-core candidates, at M = 3 and 4 (a lane's BM·V sums) slower, and
/// smaller weights run faster on the tensor-core candidates.
static constexpr int64_t kRowsMaxRows = 2;
static constexpr int64_t kRowsMinWeight = 48ll << 20;

/// The schedule description every dot schedule shares.
static jit::ScheduleDescription describeDot(const MatmulProblem &problem) {
  jit::ScheduleDescription s;
  s.aType = problem.aType;
  s.bType = problem.bType;
  s.cType = problem.cType;
  s.mmaKind = "dot";
  s.smemA = {0, 0};
  s.smemB = {0, 0};
  s.stages = 1;
  s.load = "direct";
  s.specialization.reset();
  s.grid.reset();
  s.store.reset();
  return s;
}

/// The choice of schedule `s` as `candidate`, for a problem with `rows`
/// rows of A, by the decode rule that `how` describes.
static MatmulSchedule chooseDot(const jit::ScheduleDescription &s,
                                std::string candidate, int64_t rows,
                                StringRef how) {
  MatmulSchedule chosen;
  chosen.schedule = jit::renderScheduleAttribute(s);
  chosen.reason =
      formatv("decode rule: {0} rows of A {1} ({2})", rows, how, candidate)
          .str();
  chosen.candidate = std::move(candidate);
  return chosen;
}

/// B column-major: each warp one column of C and every row; 4 warp-wide
/// steps of 16-byte loads per main-loop iteration for bf16 (BK = 32 lanes ×
/// 8 × 4), 8 for f16, whose conversions to f32 cost more per load: the
/// fastest of the variants measured at M = 1 (docs/design/decode.md).
static std::optional<MatmulSchedule>
getDotAlongK(const MatmulProblem &problem) {
  if ((problem.n + kDotBlockColumns - 1) / kDotBlockColumns < kDotMinBlocks)
    return std::nullopt;
  int64_t blockK = problem.aType == "f16" ? 2048 : 1024;
  jit::ScheduleDescription s = describeDot(problem);
  s.block = {problem.m, kDotBlockColumns, blockK};
  s.warp = {problem.m, 1};
  s.mma = {1, 1, 8};
  return chooseDot(s,
                   formatv("dot_{0}_{1}x{2}x{3}_w{1}x1", problem.aType,
                           problem.m, kDotBlockColumns, blockK),
                   problem.m,
                   "in x @ W^T's layout read the weight with dot products");
}

/// B row-major: blocks of 256 columns whose 16 warps split each step of
/// 128 rows of K, 8 rows a lane; split_k makes at most about two blocks
/// per SM of an H200 (the largest power of two up to 264 / the column
/// tiles), so that every SM streams and the blocks that meet stay few
/// (docs/design/decode.md).
static std::optional<MatmulSchedule>
getDotAlongN(const MatmulProblem &problem) {
  if (problem.m > kRowsMaxRows || problem.n * problem.k < kRowsMinWeight)
    return std::nullopt;
  int64_t tiles = (problem.n + kRowsBlockColumns - 1) / kRowsBlockColumns;
  int64_t splits = 1;
  while (tiles * splits * 2 <= kDotMinBlocks)
    splits *= 2;
  int64_t blockK = kRowsOfKPerLane * kRowsWarpsAlongK;
  jit::ScheduleDescription s = describeDot(problem);
  s.block = {problem.m, kRowsBlockColumns, blockK};
  s.warp = {problem.m, kRowsBlockColumns};
  s.mma = {1, 8, kRowsOfKPerLane};
  if (splits > 1) {
    jit::GridDescription grid;
    grid.persistent = false;
    grid.raster = "along_n";
    grid.group = 1;
    grid.splitK = splits;
    s.grid = grid;
  }
  return chooseDot(s,
                   formatv("dot_rows_{0}_{1}x{2}x{3}_u{4}_sk{5}", problem.aType,
                           problem.m, kRowsBlockColumns, blockK,
                           kRowsOfKPerLane, splits),
                   problem.m, "times a row-major weight read along its rows");
}

std::optional<MatmulSchedule> getDecodeSchedule(const MatmulProblem &problem) {
  bool sixteenBit = problem.aType == "bf16" || problem.aType == "f16";
  bool storable = problem.cType == "bf16" || problem.cType == "f16" ||
                  problem.cType == "f32";
  if (problem.m < 1 || problem.m > kDotMaxRows || !sixteenBit ||
      problem.bType != problem.aType || !storable || problem.batch != 1 ||
      problem.orderA != jit::MatrixOrder::RowMajor ||
      problem.orderC != jit::MatrixOrder::RowMajor)
    return std::nullopt;
  return problem.orderB == jit::MatrixOrder::ColumnMajor
             ? getDotAlongK(problem)
             : getDotAlongN(problem);
}

} // namespace gemm_opt
