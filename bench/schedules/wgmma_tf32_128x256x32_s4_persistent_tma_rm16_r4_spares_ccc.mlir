// The tf32 example's schedule (128×256×32, 4 stages, persistent, strips of
// 16 along M, stream_k = spares, TMA store in 4 rounds) with every operand
// column-major: A's wgmma fragments come from registers (M-major panels),
// B is K-major and the TMA stores write C down its columns. It is also the
// kernel of a row-major A, B and C (the SGEMM layout): the runtime runs
// that problem as C^T = B^T·A^T on the same memory
// (runtime/TransposedProblem.h), with no staged copy. Timed both ways
// against cuBLAS tf32 with the same transposes in the same run.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @tf32_all_col(%a: memref<?x?xf32, strided<[1, ?], offset: ?>>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32, strided<[1, ?], offset: ?>>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32, strided<[1, ?], offset: ?>>
  return
}
