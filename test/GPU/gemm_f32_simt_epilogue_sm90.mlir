// The SIMT (ffma) kernels with fused epilogues on a GPU: BLAS SGEMM's
// D = alpha·A·B + beta·C, and gelu_erf(alpha·A·B + beta·C + bias[row]) +
// residual, compiled by gemm-run from the bench schedules and checked
// against cuBLAS SGEMM (fp32 compute, the bias, activation and residual
// applied on the host) and an fp64 reference at fp32's 1e-5 relative
// Frobenius error. Unsupported where no GPU answers; on the GPU machines
// (no LLVM there) scripts/device-session.sh runs the prebuilt bundles.
//
// Whole tiles with aligned rows run the whole-tile variant (the epilogue
// from registers, operands read 8 or 4 runs ahead):
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta.mlir -m 2048 -n 2048 -k 1024 --alpha 1.5 --beta 0.5 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta_row_bias_gelu_residual.mlir -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --alpha 1.5 --beta 0.5 --bias --residual --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// beta = 0: C is not read (gemm-run poisons it with NaN):
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta.mlir -m 1024 -n 1024 -k 256 --alpha 2.5 --beta 0 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// Ragged shapes, odd pitches and a residual off C's alignment run the
// any-shape kernel (the epilogue per element, through shared memory):
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta.mlir -m 1000 -n 1300 -k 2000 --alpha 1.5 --beta 0.5 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta_row_bias_gelu_residual.mlir -m 129 -n 257 -k 65 --alpha 1.5 --beta 0.5 --bias --residual --no-timing | FileCheck %s --check-prefixes=CHECK,ANY
// RUN: gemm-run %bench/epilogue_f32_simt_alpha_beta_row_bias_gelu_residual.mlir -m 640 -n 384 -k 1000 --alpha 1.5 --beta 0.5 --bias --residual --residual-offset 3 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY

// WHOLE: variant  : ran its whole-tile variant
// ANY:   variant  : ran the any-shape kernel
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
