// Benchmark variant: the grouped contiguous FP8 kernel (wgmma_fp8_blocks_128x128_s5_grouped_contiguous) with a per-group epilogue after its scales: D = silu(acc · scales + bias_g) in bf16, the block scales applied as the partial sums are promoted, then the bias G × N (row g for group g) and SiLU.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu(
    %a: memref<?x?xf8E4M3FN>,
    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?xbf16>,
    %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %scale_b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %offsets: memref<?xi32>, %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      {schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>,
       scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
