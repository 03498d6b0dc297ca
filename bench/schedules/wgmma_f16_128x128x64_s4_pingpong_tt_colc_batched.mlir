// Benchmark variant: batched f16 wgmma, block [128, 128, 64], warpgroup [128, 128], 4 stages, persistent grid (raster along_m group 8) over every batch entry's tiles, two consumer groups in turns (ping-pong); all three column-major (batch stride first: strided<[?, 1, ?]>).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

func.func @wgmma_f16_128x128x64_s4_pingpong_tt_colc_batched(
    %a: memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>,
    %b: memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>,
        memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>
  return
}
