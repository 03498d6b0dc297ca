// Benchmark variant: e4m3 × e4m3 → bf16, blocks scales (partial sums promoted every 128 K); block [128, 128, 128], warpgroup [64, 128], 5 stages, persistent = true, stream_k = 1, store tma; block scales copied by cp.async (async_scale_copies).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224,
    async_scale_copies = true>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>,
  store = #tile.store<tma>>

func.func @wgmma_fp8_blocks_128x128_s5_streamk(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xbf16>, %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>, %scale_b: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>> scale_b %scale_b : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
