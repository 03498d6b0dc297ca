// Benchmark variant: bf16 wgmma, block [128, 256, 64], warpgroup [64, 256], 3 stages, persistent grid (raster along_m group 8), one consumer group, TMA-store epilogue, stream-K over the last two waves (stream_k = 2) (passes/hopper/StreamKPartition.h).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 2>,
  store = #tile.store<tma>>

func.func @wgmma_bf16_128x256x64_s3_persistent_tma_streamk(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
