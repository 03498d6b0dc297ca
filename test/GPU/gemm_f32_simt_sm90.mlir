// The shipped fp32 SIMT (ffma) example on a GPU: compiled by gemm-translate,
// run by gemm-run, checked against cuBLAS SGEMM (all of C; fp32 compute,
// default math mode, so no TF32) and an fp64 reference (sampled entries) at
// a 1e-5 relative Frobenius error (the bundle says "math": "ffma").
// Unsupported where no GPU answers; on the GPU machines (no LLVM there)
// scripts/device-session.sh runs the same checks from prebuilt bundles.
//
// Shapes the block tile divides, with aligned rows, run the kernel's
// whole-tile variant (passes/common/WholeTileDispatch.h):
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,WHOLE
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 2048 -n 8192 -k 1024 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// One K tile (the main loop runs once and reloads it into the free stage):
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 128 -n 256 -k 8 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// Leading dimensions larger than the extents (rows stay 16-byte aligned):
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// A ragged shape and a pitch of no 16-byte multiple run the any-shape
// kernel:
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 500 -n 512 -k 509 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY
// RUN: gemm-run %examples/gemm_f32_simt_sm90.mlir -m 512 -n 512 -k 512 --ldb 513 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY

// WHOLE: variant  : ran its whole-tile variant gemm_f32_kernel_whole_tiles
// ANY:   variant  : ran the any-shape kernel
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
