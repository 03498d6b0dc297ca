// fp32 SGEMM on the CUDA cores into a column-major C, with row-major A and
// B: the schedule of f32_simt_128x256x8_t8x16_s3.mlir. The ffma path
// writes C row-major, so tile-exchange-operands runs this as
// C^T = B^T·A^T: the kernel's A is B's transpose and its B A's, both
// column-major (the bundle's "layouts" say col, col, row and its
// "source_layouts" row, row, col). Its B is copied element by element into
// its transposed place, which #tile.pad<4> keeps free of bank conflicts
// (passes/simt/SimtTileCopies.h).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<4>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                    %c: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
