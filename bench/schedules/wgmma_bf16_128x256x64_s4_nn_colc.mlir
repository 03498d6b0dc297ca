// Benchmark variant: bf16 wgmma, block [128, 256, 64], warpgroup [64, 256], 4 stages, warp-specialized; A and B row-major, C column-major (written down its columns).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @wgmma_bf16_128x256x64_s4_nn_colc(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16>
        into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
