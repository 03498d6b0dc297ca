// The shipped small-M example on a GPU: a kernel with every operand
// column-major runs the row-major 16x4096x4096 problem as its transpose
// C^T = B^T*A^T (gemm-run exchanges A and B, M and N), checked against
// cuBLAS (all of C) and an fp64 reference (sampled entries). Unsupported
// where no GPU answers; on the GPU machines (no LLVM there)
// scripts/transposed-problem-check.sh runs these checks from prebuilt
// bundles.
//
// RUN: gemm-run %examples/gemm_bf16_wgmma_small_m_sm90.mlir -m 16 -n 4096 -k 4096 --layout-a row --layout-b row --layout-c row --iterations 10 | FileCheck %s --check-prefixes=CHECK,TRANSPOSED
// RUN: gemm-run %examples/gemm_bf16_wgmma_small_m_sm90.mlir -m 13 -n 4095 -k 4093 --layout-a row --layout-b row --layout-c row --no-timing | FileCheck %s
// Its own layouts run as they are:
// RUN: gemm-run %examples/gemm_bf16_wgmma_small_m_sm90.mlir -m 4096 -n 16 -k 4096 --no-timing | FileCheck %s
// Layouts that are neither its own nor their transpose are refused:
// RUN: not gemm-run %examples/gemm_bf16_wgmma_small_m_sm90.mlir -m 16 -n 4096 -k 4096 --layout-a row --layout-b col --layout-c row --no-timing 2>&1 | FileCheck %s --check-prefix=REFUSED

// TRANSPOSED: problem  : 16x4096x4096 (a=row b=row c=row), run as its transpose C^T = B^T*A^T
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
// REFUSED: error: {{.*}}layout
