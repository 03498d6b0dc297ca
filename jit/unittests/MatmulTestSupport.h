//===- MatmulTestSupport.h - problems for matmul tests ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_UNITTESTS_MATMULTESTSUPPORT_H
#define GEMM_OPT_JIT_UNITTESTS_MATMULTESTSUPPORT_H

#include "jit/MatmulProblem.h"

namespace gemm_opt {

/// A bf16 schedule as gemm-tune records it (tuning-database.json).
inline constexpr const char *LargeSchedule =
    "#tile.schedule<chip = \"sm_90a\", block = [128, 256, 64], warp = [64, "
    "256], mma = #tile.mma<wgmma, [64, 256, 16]>, elements = "
    "#tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = "
    "#tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = "
    "#tile.pipeline<stages = 4, load = tma>, specialization = "
    "#tile.warp_specialization<producer_registers = 40, consumer_registers "
    "= 232>, store = #tile.store<vector>>";

/// An sm_90a problem of `type` with these operand orders (C row-major).
inline MatmulProblem makeMatmulProblem(int64_t m, int64_t n, int64_t k,
                                       jit::MatrixOrder a, jit::MatrixOrder b,
                                       llvm::StringRef type = "bf16") {
  MatmulProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.aType = p.bType = p.cType = type.str();
  p.orderA = a;
  p.orderB = b;
  p.chip = "sm_90a";
  return p;
}

/// x @ W^T: A row-major, B column-major, bf16.
inline MatmulProblem makeLinear(int64_t m, int64_t n, int64_t k) {
  return makeMatmulProblem(m, n, k, jit::MatrixOrder::RowMajor,
                           jit::MatrixOrder::ColumnMajor);
}

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_UNITTESTS_MATMULTESTSUPPORT_H
