//===- FfmaOrder.h - the order of a SIMT thread's FFMAs ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// In which order a thread of a SIMT (ffma) kernel issues the TM×TN FFMAs of
// one K step, and the ptxas level that keeps that order: both decide how
// often an FFMA finds its operands in the register reuse cache.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_SIMT_FFMAORDER_H
#define GEMM_OPT_PASSES_SIMT_FFMAORDER_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace gemm_opt {

/// Which order outerProductOrder gives: Auto picks by thread tile size
/// (fmaOrderFor).
enum class FmaOrder { Auto, Rows, Blocks };

/// The order of one K step's TM×TN FMAs acc[i][j] += a[i]·b[j], for operand
/// reuse. An FFMA reads its three sources from two register banks (register
/// index mod 2); a source its slot's reuse cache holds is not read. That
/// cache keeps one register per slot and bank, which ptxas's `.reuse` flags
/// show (bench/sass_ffma_banks.py: every flag is followed by a read of the
/// same register in the same slot before the slot reads another register of
/// its bank). a[i] and b[j] come from LDS.128s into four consecutive
/// registers, so their banks are i % 2 and j % 2.
///
/// Auto walks row by row, odd rows backwards: each a[i] stays in its
/// operand slot for TN FFMAs in a row (one shared operand per FFMA). The
/// 2×2 blocks (rows 2p, 2p+1 walk the column pairs (2q, 2q+1) forwards, the
/// next row pair backwards, each block as (2p+1, 2q), (2p, 2q+1), (2p, 2q),
/// (2p+1, 2q+1): 2 fragment reads per 4 FFMAs, as in cuBLAS's SGEMM
/// kernels) measured slower at both ptxas levels (128×256×8 t8×16 s3,
/// 4096³ / 8192³ against cuBLAS SGEMM: rows 0.963 / 0.971 at -O3 and
/// 1.017 / 1.024 at -O1, blocks 0.931 / 0.937 and 0.988 / 0.995). They stay
/// as an option for experiments.
FmaOrder fmaOrderFor(FmaOrder requested);

/// Whether the kernel is assembled by ptxas -O1: thread tiles of 128 or
/// more accumulators (8×16). -O3 reschedules their FFMAs and renames the
/// accumulators, which costs operand reuse (bench/sass_ffma_banks.py: 880
/// reuse hits per K tile of 128×256×8 t8×16 s3 at -O3, 1056 at -O1 in the
/// row order) and measured 5 % (0.963 / 0.971 against 1.017 / 1.024).
/// Smaller tiles were not measured at -O1 and keep -O3.
bool needsPtxasO1(int64_t tm, int64_t tn);

/// The (row, column) of each of a thread's TM×TN FFMAs in one K step, in
/// issue order, for `mode` (fmaOrderFor).
llvm::SmallVector<std::pair<int64_t, int64_t>>
outerProductOrder(int64_t tm, int64_t tn, FmaOrder mode);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_SIMT_FFMAORDER_H
