// Every shipped example verifies and lowers to NVVM.
//
// RUN: gemm-opt %examples/gemm_bf16_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_f16_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_f32_simt_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_dot_decode_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_f16_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_layouts_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_tf32_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_batched_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_grouped_masked_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_grouped_contiguous_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/transpose_f32_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/transpose_f32_batched_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_persistent_cluster_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_small_m_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_fp8_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_fp8_block_scaled_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED

// LOWERED: llvm.func @{{.*}}_kernel(
// LOWERED-SAME: nvvm.kernel
