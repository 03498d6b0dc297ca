// wgmma operands swizzled in 64- and 32-byte rows on a GPU, checked
// against cuBLAS and an fp64 reference: tf32 (A row, B col) with BK = 16
// in 64-byte rows, bf16 (A and B row-major) with BK = 32 in 64-byte rows,
// and bf16 with a 32-byte A and a 64-byte B (mixed widths); ragged edges,
// whole tiles and padded pitches. Unsupported where no GPU answers.
//
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64.mlir -m 4097 -n 4095 -k 4093 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64.mlir -m 1000 -n 1300 -k 2001 --lda 2005 --ldb 2003 --ldc 1301 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64.mlir -m 4097 -n 4095 -k 4093 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64.mlir -m 1000 -n 1300 -k 2000 --lda 2008 --ldb 1304 --ldc 1301 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64.mlir -m 129 -n 257 -k 65 --no-timing | FileCheck %s
// RUN: gemm-run %S/../../bench/schedules/wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64.mlir -m 4096 -n 4096 -k 4096 --no-timing | FileCheck %s

// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
