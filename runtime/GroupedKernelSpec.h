//===- GroupedKernelSpec.h - What makes a bundle kernel grouped -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A grouped kernel (docs/design/grouped-gemm.md) computes C_g = A_g · B_g
// for the G groups (experts) of a mixture-of-experts layer in one
// persistent launch. Its bundle entry has "grouped": "masked" or
// "contiguous" and, as its last parameter, the group operand: a rank-1 i32
// memref in device memory (5 eight-byte parameters: allocated, aligned,
// offset 0, size, stride 1).
//
//   masked:     A is G × M_max × K, B G × K × N (or G × N × K), C
//               G × M_max × N, all rank-3 memrefs and 3-D tensor maps, as
//               a batched kernel ("batch": {"strided": true}) takes them;
//               "group_rows" has G entries, the valid rows of each group.
//   contiguous: A is T × K and C T × N (rank 2, 2-D maps), B a G-batch
//               (rank 3, 3-D maps); "group_offsets" has G + 1 entries,
//               offsets[0] = 0, offsets[G] = T, nondecreasing: group g's
//               rows are [offsets[g], offsets[g + 1]).
//
// An FP8 grouped kernel ("scaling") takes scale_a and scale_b before the
// group operand: block scales (a=block_1x128, b=block_128x128) or one
// scalar per tensor (a=tensor, b=tensor). B's are per group (one more
// rank, as a batched kernel's per-entry scales); a masked A's too, while a
// contiguous A's are the dense scales of its T rows:
//
//   block, contiguous: scale_a [T, ceil(K/128)] strides [1, T];
//                      scale_b [G, ceil(K/128), ceil(N/128)]
//                      strides [kb·nb, 1, kb];
//   block, masked:     scale_a [G, M_max, ceil(K/128)]
//                      strides [M_max·kb, 1, M_max]; scale_b as above;
//   tensor:            scale_a rank 0 (contiguous) or [G] (masked),
//                      scale_b [G].
//
// A 16-bit grouped kernel may fuse an epilogue ("epilogue"), which applies
// per group: its bias parameter is [G, N] (bias = column; masked bias =
// row: [G, M_max]) or, contiguous bias = row, [T]; a residual is laid out
// like C (rank 3 masked, rank 2 contiguous), alpha and beta are scalars.
//
// G is B's batch extent. Both grids are persistent and depend on none of
// the counts, so one captured CUDA graph serves every routing.
// checkGroupedKernelSpec refuses an entry that mixes these up.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_GROUPEDKERNELSPEC_H
#define GEMM_OPT_RUNTIME_GROUPEDKERNELSPEC_H

#include "runtime/FusedEpilogueSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <utility>

namespace gemm_opt {
namespace runtime {

struct KernelSpec;
struct ScalingSpec;

/// How the rows of A and C split into groups (the bundle's "grouped").
enum class GroupedLayout { Masked, Contiguous };
llvm::StringRef getGroupedLayoutName(GroupedLayout layout); // "masked", ...
std::optional<GroupedLayout> parseGroupedLayout(llvm::StringRef name);

/// The bundle operand name of the layout's group parameter: "group_rows"
/// (masked) or "group_offsets" (contiguous).
llvm::StringRef getGroupOperandName(GroupedLayout layout);

/// Entries of the group operand for `groups` groups: G (masked) or G + 1
/// (contiguous).
int64_t getGroupOperandEntries(GroupedLayout layout, int64_t groups);

/// The rank of a grouped kernel's `bias` parameter: 2 (one row per group)
/// for a column bias and a masked row bias, 1 for a contiguous row bias
/// (one entry per row of C).
unsigned getGroupedBiasRank(GroupedLayout layout, EpilogueBias bias);

/// The ranks of scale_a and scale_b a grouped FP8 kernel of `layout` takes
/// with `scaling` (see the file comment), or none for modes it does not.
std::optional<std::pair<unsigned, unsigned>>
getGroupedScaleRanks(GroupedLayout layout, const ScalingSpec &scaling);

/// Checks that the parameters and grid of `spec` agree with its `grouped`
/// layout (see the file comment), or that a kernel without one has no
/// group parameter; `context` prefixes the BadInput error.
llvm::Error checkGroupedKernelSpec(const KernelSpec &spec,
                                   const llvm::Twine &context);

/// Checks gemm-run's --groups against the kernel: a grouped kernel needs
/// it (at least 1), any other refuses it.
llvm::Error checkGroupsRequest(const KernelSpec &spec,
                               std::optional<int64_t> groups);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_GROUPEDKERNELSPEC_H
