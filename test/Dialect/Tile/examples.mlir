// Every shipped example verifies and lowers to NVVM; the planned one verifies
// and lower-to-nvvm says which of its features are still missing, as its
// comment tells (when the LOWERING lines change, update that comment too).
//
// RUN: gemm-opt %examples/gemm_bf16_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_f16_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_f16_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_bf16_wgmma_layouts_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/gemm_tf32_wgmma_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/transpose_f32_sm90.mlir --lower-to-nvvm | FileCheck %s --check-prefix=LOWERED
// RUN: gemm-opt %examples/planned/gemm_bf16_wgmma_persistent_cluster_sm90.mlir | FileCheck %s
// RUN: not gemm-opt %examples/planned/gemm_bf16_wgmma_persistent_cluster_sm90.mlir --lower-to-nvvm 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOWERING

// LOWERED: llvm.func @{{.*}}_kernel(
// LOWERED-SAME: nvvm.kernel

// CHECK-LABEL: func.func @gemm_bf16_wgmma(
// CHECK:         tile.gemm
// CHECK-SAME:      mma = #tile.mma<wgmma, [64, 256, 16]>
// CHECK-SAME:      epilogue = #tile.epilogue<store = tma>>}

// LOWERING: error: 'tile.gemm' op wgmma with a tma epilogue store lowering is not implemented yet
// LOWERING-NOT: cluster lowering is not implemented
