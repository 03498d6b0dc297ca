// The tf32 example's schedule (128×256×32, 4 stages, persistent, strips of
// 16 along M, stream_k = spares) with its TMA-store epilogue in 8 rounds of
// 32 columns that alternate between two staging parts per warpgroup
// (staging_buffers = 2, the same 32 KiB in all): a round waits only for
// the stores of the round before the previous one, so its staging writes
// overlap the previous round's TMA reads. Timed against the example
// (store_rounds = 4, one part) and cuBLAS tf32.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 8, staging_buffers = 2>>

func.func @tf32_staging_buffers(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
