// Benchmark variant: the grouped contiguous bf16 wgmma kernel (wgmma_bf16_128x256x64_s3_persistent_tma_grouped_contiguous_nt) with a row bias of one entry per token (T entries, whatever the token's group) and ReLU.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @wgmma_bf16_128x256x64_s3_persistent_tma_grouped_contiguous_nt_rowbias_relu(
    %a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %offsets: memref<?xi32>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      bias %bias : memref<?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<bias = row, activation = relu>}
      : memref<?x?xbf16, strided<[?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16, strided<[?, 1], offset: ?>>
  return
}
