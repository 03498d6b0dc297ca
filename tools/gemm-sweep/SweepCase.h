//===- SweepCase.h - Randomized GEMM problems for the sweep ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Case I of seed S is a GemmProblem drawn from its own random stream
// (SplitMix64 of S and I), so it is the same whether it is drawn alone
// (--case I) or among the others, on every machine.
//
// About 40% of the cases are aimed at a kernel of the bundles (a batched
// one for a quarter of them, where the bundles have any): its types,
// its operand layouts (row- or column-major each, as compiled), all
// dimensions multiples of its tile, no epilogue, one batch entry (2 .. 7,
// usually, for a batched kernel), and only alignment-preserving padding,
// batch strides and offsets, so that a good share runs. The others draw
// every property independently:
//   - M, N, K: 1, a small prime (2 .. 257), a large prime (1021 .. 8191),
//     a multiple of a tile size of the bundles, a non-multiple of one, or a
//     power of two (2 .. 8192);
//   - types: bf16, f16 or f32 (a, b and c alike);
//   - layouts: row or col per operand; leading dimensions equal to the
//     minor extent or larger (by 16-byte multiples or by 1 .. 7 elements);
//   - offsets: 0, 16-byte multiples, or 1 .. 7 elements (the residual's
//     too, drawn last of all and only for a case with a residual);
//   - 1 or 2 .. 4 batch entries, strides at least the matrix span (padded
//     like leading dimensions), or 0 for A or B (15% each: one matrix for
//     every entry);
//   - alpha in {1, 0.5, -1, 2.5}, beta in {0, 1, 0.5, -2}, bias none, row
//     or col, activation none (60 %) or one of relu, gelu_erf, gelu_tanh
//     and silu, a residual (20 %).
// Every operand stays below 2^24 elements in all (big dimensions are
// redrawn small, batches dropped first).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCASE_H
#define GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCASE_H

#include "runtime/GemmProblem.h"
#include "runtime/KernelSpec.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace gemm_opt {
namespace sweep {

/// A kernel some cases are aimed at: the tile its shapes must divide, its
/// element types and its operand layouts.
struct SweepTarget {
  runtime::ProblemTile tile;
  runtime::ElementType aType = runtime::ElementType::BF16;
  runtime::ElementType bType = runtime::ElementType::BF16;
  runtime::ElementType cType = runtime::ElementType::BF16;
  runtime::MatrixLayouts layouts;
  /// A batched kernel ("batch": {"strided": true}): aimed cases have
  /// several batch entries.
  bool batched = false;
};

struct SweepCase {
  uint64_t index = 0;
  runtime::GemmProblem problem;
};

/// Elements one operand may span over all batch entries.
inline constexpr int64_t MaxOperandElements = int64_t(1) << 24;

/// Case `index` of `seed`. Without targets, tile sizes 64 and 128 stand in
/// and no case is aimed.
SweepCase generateSweepCase(uint64_t seed, uint64_t index,
                            llvm::ArrayRef<SweepTarget> targets);

/// The most cases one sweep draws (--cases): every case is held in memory
/// with its result until the end, and each takes a device run (a sweep of
/// 200 takes minutes), so a larger count is a typo; 4e9 of them ran out of
/// memory before the first one ran.
inline constexpr uint64_t MaxSweepCases = 1000000;

/// A BadInput error unless 1 <= count <= MaxSweepCases.
llvm::Error checkSweepCaseCount(uint64_t count);

/// Cases 0 .. count-1 of `seed` (count at most MaxSweepCases).
std::vector<SweepCase> generateSweepCases(uint64_t seed, uint64_t count,
                                          llvm::ArrayRef<SweepTarget> targets);

/// The categories a case belongs to, for coverage counts.
struct SweepCaseTraits {
  bool dimensionOne = false;   ///< M, N or K is 1.
  bool smallPrime = false;     ///< One is a prime below 1000.
  bool largePrime = false;     ///< One is a prime of at least 1000.
  bool powerOfTwo = false;     ///< One is a power of two >= 2.
  bool tileMultiple = false;   ///< Some target's tile divides M, N and K.
  bool paddedLd = false;       ///< A leading dimension exceeds its extent.
  bool columnMajor = false;    ///< An operand is column-major.
  /// An offset (an operand's or the residual's) is not a 16-byte multiple.
  bool unalignedOffset = false;
  bool batched = false;        ///< More than one batch entry.
  bool broadcastBatch = false; ///< Batched, with A or B of stride 0.
  bool alphaNotOne = false;
  bool betaNonZero = false;
  bool bias = false;
  bool activation = false;
  bool residual = false;
};
SweepCaseTraits classifySweepCase(const runtime::GemmProblem &problem,
                                  llvm::ArrayRef<SweepTarget> targets);

} // namespace sweep
} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMSWEEP_SWEEPCASE_H
