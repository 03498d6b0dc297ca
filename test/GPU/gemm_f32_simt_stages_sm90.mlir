// The 3- and 4-stage fp32 SIMT (ffma) schedules on a GPU (A copied by
// 4-byte cp.async into its transposed place): checked against cuBLAS SGEMM
// and fp64 at a 1e-5 relative Frobenius error, like the 2-stage example.
// Unsupported where no GPU answers.
//
// RUN: gemm-run %bench/f32_simt_128x128x16_t8x8_s3.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s
// One K tile, then two: fewer K tiles than the stages in flight (the
// prologue and the loop reload the last one into stages never read).
// RUN: gemm-run %bench/f32_simt_128x128x16_t8x8_s4.mlir -m 128 -n 128 -k 16 --no-timing | FileCheck %s
// RUN: gemm-run %bench/f32_simt_128x128x16_t8x8_s4.mlir -m 256 -n 128 -k 32 --no-timing | FileCheck %s
// 37 K tiles: the stages wrap around many times.
// RUN: gemm-run %bench/f32_simt_128x128x16_t8x8_s3.mlir -m 384 -n 640 -k 592 --no-timing | FileCheck %s
// Leading dimensions larger than the extents (rows stay 16-byte aligned):
// RUN: gemm-run %bench/f32_simt_128x128x8_t8x8_s3.mlir -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --no-timing | FileCheck %s
// A ragged shape runs the any-shape kernel (guarded loop at the edges):
// RUN: gemm-run %bench/f32_simt_128x128x16_t8x8_s3.mlir -m 4097 -n 4095 -k 4093 --no-timing | FileCheck %s

// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
