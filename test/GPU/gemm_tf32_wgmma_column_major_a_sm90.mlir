// tf32 with a column-major A on a GPU: the kernel reads A's wgmma fragments
// from its M-major shared panels into registers (no staged copy), checked
// against cuBLAS tf32 (transa = T) and an fp64 reference at a 5e-3 relative
// Frobenius error, on whole tiles, ragged edges, padded leading dimensions
// and an odd number of K steps (the K loop runs two per iteration).
// Unsupported where no GPU answers.
//
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir -m 4096 -n 4096 -k 4096 --layout-a col --layout-b col --iterations 10 | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir -m 4097 -n 4095 -k 4093 --layout-a col --layout-b col --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir -m 129 -n 257 -k 65 --layout-a col --layout-b col --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a.mlir -m 1000 -n 1300 -k 2001 --layout-a col --layout-b col --lda 1003 --ldb 2005 --ldc 1301 --no-timing | FileCheck %s

// CHECK: layouts a=col b=col c=row
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
