// The FP8 examples on a GPU (e4m3 A row-major, B column-major, bf16 C;
// per-tensor scales with promoted partial sums, and DeepSeek-V3's block
// scales): compiled by gemm-translate, run by gemm-run, checked against
// cuBLASLt's FP8 matmul with the same scale modes (all of C) and an fp64
// product of the dequantized inputs (sampled entries), with inputs over
// every e4m3 binade (wide) and uniform ones (where cuBLASLt takes no FP8
// matmul for the shape, e.g. block scales with K not a multiple of 128, the
// report says so and fp64 alone decides). Unsupported where no GPU
// answers; on the GPU machines (no LLVM there) the same runs go from
// prebuilt bundles.
//
// RUN: gemm-run %examples/gemm_fp8_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,ANCHOR,TENSOR
// RUN: gemm-run %examples/gemm_fp8_wgmma_sm90.mlir -m 1000 -n 1300 -k 2000 --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_fp8_wgmma_sm90.mlir -m 1 -n 256 -k 128 --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_fp8_wgmma_sm90.mlir -m 2048 -n 2048 -k 4096 --fp8-inputs uniform --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_fp8_block_scaled_sm90.mlir -m 4096 -n 7168 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,ANCHOR,BLOCKS
// An odd count of K blocks (9) and a ragged shape:
// RUN: gemm-run %examples/gemm_fp8_block_scaled_sm90.mlir -m 777 -n 1300 -k 1100 --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_fp8_block_scaled_sm90.mlir -m 64 -n 4096 -k 7168 --fp8-inputs uniform --no-timing | FileCheck %s

// TENSOR: scaling  : a=tensor b=tensor
// BLOCKS: scaling  : a=block_1x128 b=block_128x128
// ANCHOR: cuBLASLt : FP8 matmul
// ANCHOR: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// CHECK: result   : PASS
