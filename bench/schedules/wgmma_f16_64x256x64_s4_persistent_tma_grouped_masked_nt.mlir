// Benchmark variant: grouped f16 wgmma in the masked layout for decode (few rows per expert), block [64, 256, 64], one consumer warpgroup [64, 256], 4 stages, B stored G × N × K (column-major: the expert weights of x @ W^T), persistent grid over the non-empty tiles of every group, tma epilogue store clipped at each group's valid rows.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @wgmma_f16_64x256x64_s4_persistent_tma_grouped_masked_nt(
    %a: memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>,
    %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
      : memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf16, strided<[?, ?, 1], offset: ?>>
  return
}
