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

std::optional<MatmulSchedule> getDecodeSchedule(const MatmulProblem &problem) {
  bool sixteenBit = problem.aType == "bf16" || problem.aType == "f16";
  bool storable = problem.cType == "bf16" || problem.cType == "f16" ||
                  problem.cType == "f32";
  if (problem.m < 1 || problem.m > kDotMaxRows || !sixteenBit ||
      problem.bType != problem.aType || !storable || problem.batch != 1 ||
      problem.orderA != jit::MatrixOrder::RowMajor ||
      problem.orderB != jit::MatrixOrder::ColumnMajor ||
      problem.orderC != jit::MatrixOrder::RowMajor ||
      (problem.n + kDotBlockColumns - 1) / kDotBlockColumns < kDotMinBlocks)
    return std::nullopt;
  // Each warp one column of C and every row; 4 warp-wide steps of 16-byte
  // loads per main-loop iteration for bf16 (BK = 32 lanes × 8 × 4), 8 for
  // f16, whose conversions to f32 cost more per load: the fastest of the
  // variants measured at M = 1 (docs/design/decode.md).
  int64_t blockK = problem.aType == "f16" ? 2048 : 1024;
  jit::ScheduleDescription s;
  s.aType = problem.aType;
  s.bType = problem.bType;
  s.cType = problem.cType;
  s.block = {problem.m, kDotBlockColumns, blockK};
  s.warp = {problem.m, 1};
  s.mmaKind = "dot";
  s.mma = {1, 1, 8};
  s.smemA = {0, 0};
  s.smemB = {0, 0};
  s.stages = 1;
  s.load = "direct";
  s.specialization.reset();
  s.grid.reset();
  s.store.reset();
  MatmulSchedule chosen;
  chosen.schedule = jit::renderScheduleAttribute(s);
  chosen.candidate = formatv("dot_{0}_{1}x{2}x{3}_w{1}x1", problem.aType,
                             problem.m, kDotBlockColumns, blockK)
                         .str();
  chosen.reason = formatv("decode rule: {0} rows of A in x @ W^T's layout "
                          "read the weight with dot products ({1})",
                          problem.m, chosen.candidate)
                      .str();
  return chosen;
}

} // namespace gemm_opt
