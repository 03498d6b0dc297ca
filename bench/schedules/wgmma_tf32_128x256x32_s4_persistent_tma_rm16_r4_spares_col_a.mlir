// The tf32 example's schedule (128×256×32, 4 stages, persistent, strips of
// 16 along M, stream_k = spares, TMA store in 4 rounds) with a column-major
// A: the kernel loads A's M-major panels and reads its wgmma fragments from
// them into registers (passes/hopper/WgmmaStageOperands.h), no staged copy.
// Timed against cuBLAS tf32 with transa = T in the same run.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @tf32_col_a(
    %a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
