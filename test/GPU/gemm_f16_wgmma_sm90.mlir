// The shipped f16 wgmma example on a GPU: compiled by gemm-translate, run by
// gemm-run, checked against cuBLAS (all of C) and an fp64 reference (sampled
// entries) at the shapes its issue names. Unsupported where no GPU answers;
// on the GPU machines (no LLVM there) scripts/device-session.sh runs the same
// checks from prebuilt bundles.
//
// RUN: gemm-run %examples/gemm_f16_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s
// RUN: gemm-run %examples/gemm_f16_wgmma_sm90.mlir -m 2048 -n 8192 -k 1024 --no-timing | FileCheck %s
// Leading dimensions larger than the extents (views into bigger matrices):
// RUN: gemm-run %examples/gemm_f16_wgmma_sm90.mlir -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --no-timing | FileCheck %s
// A ragged shape (TMA zero-fills past the edges, the epilogue clips):
// RUN: gemm-run %examples/gemm_f16_wgmma_sm90.mlir -m 500 -n 512 -k 509 --no-timing | FileCheck %s

// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
