//===- GroupRouting.h - Rows per group of a grouped GEMM -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How many rows (tokens) each of the G groups (experts) of a grouped GEMM
// gets: generated from a distribution and a seed, or given as a list
// (gemm-run --group-rows 0,1,129,...).
//
//   even:   T / G rows each, the first T mod G groups one more.
//   skewed: Zipf shares (exponent 1) over a seeded order of the groups.
//           The seeded order is a Fisher-Yates shuffle of 0 .. G-1: for
//           i = G-1 down to 1, j = splitMix64(seed * 0x9E3779B97F4A7C15 + i)
//           mod (i + 1) (64-bit wrap-around), swap order[i] and order[j].
//           The group order[r - 1] has rank r and weight floor(10^6 / r);
//           it gets floor(T · weight / W) rows (W the sum of the weights),
//           and the T - sum rows left over go one each to ranks 1, 2, ...
//           All integer arithmetic, so bench/grouped-moe.py computes the
//           same counts.
//
// With a capacity (the masked layout's M_max), rows above it move on:
// taking the ranks in order, each group's excess goes to the next ranks
// (cyclically) that have room, up to the capacity; the total must fit
// (T <= G · M_max).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPROUTING_H
#define GEMM_OPT_RUNTIME_GROUPROUTING_H

#include "runtime/GroupedKernelSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gemm_opt {
namespace runtime {

enum class RoutingDistribution { Even, Skewed };
llvm::StringRef getRoutingDistributionName(RoutingDistribution distribution);

/// The rows of each of `groups` groups, summing to `tokens`, each at most
/// `capacity` when given (see the file comment). A BadInput error when the
/// counts cannot be met (groups < 1, tokens < 0, tokens > groups ·
/// capacity, a count above the i32 range).
llvm::Expected<std::vector<int32_t>>
makeGroupRows(int64_t groups, int64_t tokens, std::optional<int64_t> capacity,
              RoutingDistribution distribution, uint64_t seed);

/// Parses a comma-separated list of integers ("0,1,129"); negative values
/// parse (checkGroupRows refuses them with the flag's name).
llvm::Expected<std::vector<int64_t>> parseGroupRowList(llvm::StringRef list);

/// Checks explicit rows for `groups` groups of `layout` whose A has
/// `rows` rows (masked: M_max per group; contiguous: T in all): one
/// entry per group, none negative, none above M_max (masked), summing to T
/// (contiguous). `flag` names the option in the message.
llvm::Expected<std::vector<int32_t>>
checkGroupRows(llvm::ArrayRef<int64_t> list, GroupedLayout layout,
               int64_t groups, int64_t rows, llvm::StringRef flag);

/// The contiguous layout's offsets of `rows`: G + 1 entries, offsets[0] =
/// 0 and offsets[g + 1] = offsets[g] + rows[g].
std::vector<int32_t> getGroupOffsets(llvm::ArrayRef<int32_t> rows);

/// What the group operand of `layout` holds for `rows`: the rows
/// themselves (masked) or getGroupOffsets (contiguous).
std::vector<int32_t> getGroupOperand(GroupedLayout layout,
                                     llvm::ArrayRef<int32_t> rows);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPROUTING_H
