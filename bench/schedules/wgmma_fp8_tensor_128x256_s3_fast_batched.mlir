// Benchmark variant: batched e4m3 × e4m3 → bf16, one tensor scale of A per batch entry and one of B for all entries, fast accumulation; block [128, 256, 128], warpgroup [64, 256], 3 stages, persistent = true (walks the tiles of every entry), store tma.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @wgmma_fp8_tensor_128x256_s3_fast_batched(
    %a: memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %scale_a: memref<?xf32>, %scale_b: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %scale_a : memref<?xf32> scale_b %scale_b : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>}
      : memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
