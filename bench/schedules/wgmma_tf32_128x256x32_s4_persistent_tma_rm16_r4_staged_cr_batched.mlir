// Batched tf32 (128×256×32, 4 stages, persistent over the tiles of every
// batch entry, raster along M by 16, TMA epilogue store) on a column-major
// A and a row-major B, neither of which tf32 wgmma reads: the compiler
// stages batches of K-major copies of both (tile-stage-transposed-operands,
// one batched 64×64 tile.transpose per operand, entries along grid z)
// before each launch. Checked and timed against cuBLAS tf32 strided-batched
// with the same transposes.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>

func.func @tf32_staged_cr_batched(
    %a: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %b: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
        memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}
