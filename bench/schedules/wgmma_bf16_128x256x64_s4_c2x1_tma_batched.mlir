// Benchmark variant: batched bf16 wgmma, block [128, 256, 64], warpgroup [64, 256], 4 stages, one block per tile and batch entry (grid z), clusters of [2, 1] blocks (M, N) sharing operand tiles by TMA multicast (a cluster's blocks share grid z, the batch entry), TMA epilogue stores into the entry (3-D map of C).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @wgmma_bf16_128x256x64_s4_c2x1_tma_batched(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
