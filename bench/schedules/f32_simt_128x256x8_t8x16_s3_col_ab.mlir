// fp32 SGEMM on the CUDA cores with column-major A and B: the schedule of
// f32_simt_128x256x8_t8x16_s3.mlir. A column-major operand is read as its
// transpose: a column-major A in 16-byte chunks, a column-major B element
// by element into its transposed place (passes/simt/SimtTileCopies.h), which
// #tile.pad<4> on B keeps free of bank conflicts.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32, strided<[1, ?], offset: ?>>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xf32>
  return
}
