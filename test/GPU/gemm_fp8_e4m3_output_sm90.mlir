// FP8 output on a GPU: e4m3 × e4m3 into an e4m3 C = saturate(D · scale_d)
// with the amax of D (the fast per-tensor 128x256 and the block-scaled
// 128x128 bench schedules), and a bf16 C with amax. gemm-run draws a
// scale_d that puts the largest sampled output between 112 and 896 (so
// some saturate), checks C after dequantization against fp64 and against
// cuBLASLt's FP8 matmul into an e4m3 D with the same scale_d, and amax
// exactly against the stored C and within tolerance of cuBLASLt's. The
// block-scaled runs do not require a cuBLASLt anchor (whether cuBLASLt
// takes an e4m3 D with block scales depends on its version; the report
// says when it does not, and fp64 decides). Unsupported where no GPU
// answers.
//
// RUN: gemm-run %bench/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,ANCHOR,E4M3
// RUN: gemm-run %bench/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir -m 1000 -n 1300 -k 2000 --no-timing | FileCheck %s --check-prefixes=CHECK,E4M3
// RUN: gemm-run %bench/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir -m 1000 -n 1301 -k 2000 --ldc 1301 --no-timing | FileCheck %s --check-prefixes=CHECK,E4M3
// RUN: gemm-run %bench/wgmma_fp8_blocks_e4m3_out_128x128_s5.mlir -m 4096 -n 7168 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,E4M3
// RUN: gemm-run %bench/wgmma_fp8_blocks_e4m3_out_128x128_s5.mlir -m 777 -n 1300 -k 1100 --fp8-inputs uniform --no-timing | FileCheck %s --check-prefixes=CHECK,E4M3
// A bf16 C with amax:
// RUN: gemm-run %bench/wgmma_fp8_blocks_amax_128x128_s5.mlir -m 2048 -n 2048 -k 2048 --no-timing | FileCheck %s --check-prefixes=CHECK,ANCHOR

// ANCHOR: cuBLASLt : FP8 matmul
// E4M3: output   : e4m3 = saturate(D * scale_d)
// CHECK: amax     : {{.*}} (consistent)
// ANCHOR-SAME: cuBLASLt
// CHECK-SAME: PASS
// ANCHOR: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// CHECK: result   : PASS
