// The tf32 example's schedule on a row-major A, B and C (the SGEMM layout,
// NN in BLAS terms). The compiler runs it as C^T = B^T·A^T
// (tile-exchange-operands): the kernel reads B as a column-major A, from
// registers, and A as a K-major B, and writes C's transpose by TMA stores
// down its columns; the bundle entry's "source_layouts" say row, row, row.
// No K-major copy of B is staged. Timed against cuBLAS tf32 in the same
// run.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @tf32_nn(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32>
        into memref<?x?xf32>
  return
}
