// Benchmark variant for shapes with few tiles of C: bf16 wgmma, block [128, 128, 64], warpgroup [64, 128], 4 stages, split_k = 4 (each tile's K range split over 4 blocks along grid z, partial tiles summed in an fp32 workspace by the last block sums the slices and stores C).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>,
  store = #tile.store<vector>>

func.func @wgmma_bf16_128x128x64_s4_sk4(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
