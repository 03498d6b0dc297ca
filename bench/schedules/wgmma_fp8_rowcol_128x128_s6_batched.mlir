// Benchmark variant: batched e4m3 × e4m3 → bf16, per-row scales of A and per-column scales of B for each batch entry (batch × M, batch × N), partial sums promoted every 128 K; block [128, 128, 128], warpgroup [64, 128], 6 stages, persistent = true, store tma.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 6, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @wgmma_fp8_rowcol_128x128_s6_batched(
    %a: memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %scale_a: memref<?x?xf32>, %scale_b: memref<?x?xf32>) {
  tile.gemm %a, %b into %c scale_a %scale_a : memref<?x?xf32> scale_b %scale_b : memref<?x?xf32>
      {schedule = #sched, scaling = #tile.scaling<a = row, b = column>}
      : memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
