// The shipped tf32 wgmma example on a GPU (f32 A row-major, B column-major,
// C row-major): compiled by gemm-translate, run by gemm-run, checked against
// cuBLAS tf32 (CUBLAS_COMPUTE_32F_FAST_TF32, all of C) and an fp64 reference
// (sampled entries) at a 5e-3 relative Frobenius error. Unsupported where no
// GPU answers; on the GPU machines (no LLVM there) scripts/device-session.sh
// runs the same checks from prebuilt bundles.
//
// RUN: gemm-run %examples/gemm_tf32_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096 --iterations 10 | FileCheck %s --check-prefixes=CHECK,MATH
// RUN: gemm-run %examples/gemm_tf32_wgmma_sm90.mlir -m 4097 -n 4095 -k 4093 --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_tf32_wgmma_sm90.mlir -m 1 -n 1 -k 1 --no-timing | FileCheck %s
// RUN: gemm-run %examples/gemm_tf32_wgmma_sm90.mlir -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --no-timing | FileCheck %s
// A row-major B is not what the kernel reads (exit code 2):
// RUN: not gemm-run %examples/gemm_tf32_wgmma_sm90.mlir -m 256 -n 256 -k 256 --layout-b row --no-timing 2>&1 | FileCheck %s --check-prefix=LAYOUT

// MATH: math     : tf32 (f32 inputs on tensor cores); cuBLAS reference and timing with CUBLAS_COMPUTE_32F_FAST_TF32
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// LAYOUT: layout
