// TMA stores into a column-major C on a GPU, checked against cuBLAS and an
// fp64 reference: tf32 with every operand column-major, as itself and as
// the kernel of a row-major A, B and C (run as C^T = B^T·A^T); bf16 with a
// column-major C; a fused epilogue into a column-major C; whole tiles,
// ragged edges, padded pitches and an odd ldc (no tensor map for C: the
// threads copy the staging part down C's columns). Unsupported where no
// GPU answers.
//
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc.mlir -m 4097 -n 4095 -k 4093 --layout-a col --layout-b col --layout-c col --no-timing | FileCheck %s --check-prefix=CCC
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc.mlir -m 1000 -n 1300 -k 2001 --layout-a col --layout-b col --layout-c col --ldc 1001 --no-timing | FileCheck %s --check-prefix=CCC
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc.mlir -m 4096 -n 4096 -k 4096 --layout-a row --layout-b row --layout-c row --iterations 10 | FileCheck %s --check-prefix=ROWS
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc.mlir -m 129 -n 257 -k 65 --layout-a row --layout-b row --layout-c row --lda 67 --ldb 263 --ldc 261 --no-timing | FileCheck %s --check-prefix=ROWS
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc.mlir -m 4097 -n 4095 -k 4096 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc.mlir -m 1000 -n 1300 -k 2000 --ldc 1001 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc.mlir -m 1000 -n 1300 -k 2000 --alpha 1.5 --beta 0.5 --bias --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc.mlir -m 4096 -n 4096 -k 4096 --alpha 1.5 --beta 0.5 --bias --no-timing | FileCheck %s

// CCC: layouts a=col b=col c=col
// ROWS: problem  : {{.*}} (a=row b=row c=row), run as its transpose C^T = B^T*A^T
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// CCC: vs cuBLAS: {{.*}}PASS
// CCC: vs fp64  : {{.*}}PASS
// ROWS: vs cuBLAS: {{.*}}PASS
// ROWS: vs fp64  : {{.*}}PASS
