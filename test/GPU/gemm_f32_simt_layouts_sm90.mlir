// fp32 SIMT (ffma) in every layout on a GPU. A column-major A is copied to
// shared memory in 16-byte chunks of its transpose, a column-major B
// element by element into its transposed place (passes/simt/SimtTileCopies.h);
// a column-major C runs as C^T = B^T·A^T (tile-exchange-operands), a fused
// epilogue and a residual included. Checked against cuBLAS SGEMM in the
// same layouts and an fp64 reference on whole tiles (the whole-tile
// variant), ragged edges, padded and odd leading dimensions (the any-shape
// kernel's Guarded copies) and a single K tile. Unsupported where no GPU
// answers.
//
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_a.mlir -m 1024 -n 1024 -k 1024 --no-timing | FileCheck %s --check-prefixes=CHECK,COLA
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_a.mlir -m 1000 -n 1300 -k 2001 --lda 1003 --ldb 1301 --ldc 1302 --no-timing | FileCheck %s --check-prefixes=CHECK,COLA
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_b.mlir -m 1024 -n 1024 -k 1024 --no-timing | FileCheck %s --check-prefixes=CHECK,COLB
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_b.mlir -m 129 -n 257 -k 65 --no-timing | FileCheck %s --check-prefixes=CHECK,COLB
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_ab.mlir -m 4097 -n 4095 -k 4093 --no-timing | FileCheck %s --check-prefixes=CHECK,COLAB
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_col_ab.mlir -m 300 -n 264 -k 7 --lda 301 --ldb 9 --no-timing | FileCheck %s --check-prefixes=CHECK,COLAB
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_colc.mlir -m 1024 -n 1024 -k 1024 --no-timing | FileCheck %s --check-prefixes=CHECK,COLC
// RUN: gemm-run %S/../../bench/schedules/f32_simt_128x256x8_t8x16_s3_colc.mlir -m 1000 -n 1300 -k 2001 --ldc 1003 --no-timing | FileCheck %s --check-prefixes=CHECK,COLC
// RUN: gemm-run %S/../../bench/schedules/epilogue_f32_simt_alpha_beta_row_bias_gelu_colc.mlir -m 4097 -n 4095 -k 4093 --alpha 1.5 --beta 0.5 --bias --no-timing | FileCheck %s --check-prefixes=CHECK,EPI
// RUN: gemm-run %S/../../bench/schedules/epilogue_f32_simt_alpha_beta_row_bias_gelu_colc.mlir -m 129 -n 257 -k 65 --alpha 1.5 --beta 0 --bias --no-timing | FileCheck %s --check-prefixes=CHECK,EPI
// RUN: gemm-run %S/../../bench/schedules/epilogue_f32_simt_alpha_beta_row_bias_gelu_residual_colc.mlir -m 1000 -n 1300 -k 2000 --alpha 1.5 --beta 0.5 --bias --residual --no-timing | FileCheck %s --check-prefixes=CHECK,EPI
// RUN: gemm-run %S/../../bench/schedules/epilogue_f32_simt_alpha_beta_row_bias_gelu_residual_colc.mlir -m 640 -n 384 -k 1000 --alpha 1.5 --beta 0.5 --bias --residual --residual-offset 3 --no-timing | FileCheck %s --check-prefixes=CHECK,EPI

// gemm-run reports the problem the kernel runs: for the two exchanged
// kernels (column-major C) the transposed one, C^T = B^T·A^T.
// COLA: layouts a=col b=row c=row
// COLB: layouts a=row b=col c=row
// COLAB: layouts a=col b=col c=row
// COLC: layouts a=col b=col c=row
// EPI: layouts a=row b=col c=row
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
