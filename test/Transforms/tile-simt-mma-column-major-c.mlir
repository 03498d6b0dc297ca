// RUN: not gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma))" 2>&1 | FileCheck %s
// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-exchange-operands,tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma))" \
// RUN:   | FileCheck %s --check-prefix=EXCHANGED

// ffma kernels write C row-major. The verifier takes a column-major C
// because tile-exchange-operands (first in --lower-to-nvvm) runs the GEMM as
// C^T = B^T·A^T; a pipeline without it gets an error from tile-simt-mma,
// never a kernel that writes C in the wrong order.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK: error: 'tile.block_mma' op of an ffma schedule stores into a column-major C, which the ffma path writes row-major: run tile-exchange-operands before tile-outline-kernel
// EXCHANGED-LABEL: gpu.func @simt_column_major_c_kernel
// EXCHANGED-SAME:    tile.exchanged_operands
// EXCHANGED-SAME:    tile.layouts = ["col", "col", "row"]
// EXCHANGED-NOT:     tile.block_mma
// EXCHANGED:         nvgpu.device_async_copy
func.func @simt_column_major_c(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                               %c: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
