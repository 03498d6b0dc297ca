//===- Passes.td - analysis passes over tile schedules ------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kept apart from passes/Passes.td because the analysis library builds on
// the lowering library (it replays passes/SharedLayoutIndex and
// passes/HopperKernelPlan): declaring the pass there would make
// GemmOptPasses and GemmOptAnalysis depend on each other.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_ANALYSIS_PASSES_TD
#define GEMM_OPT_ANALYSIS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileAnalyzeSchedulePass
    : Pass<"tile-analyze-schedule", "mlir::ModuleOp"> {
  let summary = "Reports the static performance model of each schedule";
  let description = [{
    For every `tile.gemm` with a schedule, prints (to stdout) the static
    model of the schedule on a device: shared memory per block, registers
    per thread (accumulators, operand fragments, addresses; the setmaxnreg
    split for warp-specialized wgmma), occupancy and its limiter, arithmetic
    intensity at the block level (FLOPs per byte loaded from global memory)
    and the warp level (FLOPs per byte read from shared memory) against the
    device's balance points, and the bank conflicts of every shared-memory
    access pattern, simulated lane by lane through the lowering's own
    swizzle/padding address computation. With `m`, `n` and `k`, it also
    predicts the bound (math, shared memory, latency, wgmma issue, exposed
    fill and epilogue, split-K reduction, DRAM or L2), wave quantization,
    the cost of a `split_k` grid (workspace, partial stores, the sums), the
    time and TFLOP/s of that problem shape; wgmma schedules without a fused
    epilogue take any shape, the others need shapes their block tile
    divides. The IR is left unchanged.

    Example:
    ```
    gemm-opt gemm.mlir --tile-analyze-schedule="device=h200 m=4096 n=4096 k=4096" -o /dev/null
    ```
  }];
  let options = [
    Option<"device", "device", "std::string", /*default=*/"\"\"",
           "Device whose figures to use (a100, h100, h200); empty takes the "
           "schedule chip's default (sm_80: a100, sm_90/sm_90a: h100)">,
    Option<"m", "m", "int64_t", /*default=*/"0",
           "Rows of A and C of the problem to predict (with n and k)">,
    Option<"n", "n", "int64_t", /*default=*/"0", "Columns of B and C">,
    Option<"k", "k", "int64_t", /*default=*/"0", "Columns of A, rows of B">,
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "Report format: text or json">
  ];
}

#endif // GEMM_OPT_ANALYSIS_PASSES_TD
