// Benchmark variant: grouped e4m3 × e4m3 → bf16 in the contiguous layout (mixture of experts), blocks scales (A per token and 128 K, B per group and 128×128 block; partial sums promoted every 128 K); block [128, 256, 128], warpgroup [64, 256] multiplied and promoted in two 128-column pieces (mma N = 128), 4 stages, persistent grid over the non-empty tiles of every group, store tma in 2 rounds clipped at each group's last row.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma, rounds = 2>>

func.func @wgmma_fp8_blocks_128x256_n128_s4_r2_grouped_contiguous(
    %a: memref<?x?xf8E4M3FN>,
    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?xbf16>,
    %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %scale_b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
