// The tuner's measured best for its problem (gemm-tune candidate
// wgmma_bf16_ccc_64x16x64_w64x16_s16_r40_232_p).
#sched = #tile.schedule<chip = "sm_90a", block = [64, 16, 64], warp = [64, 16], mma = #tile.mma<wgmma, [64, 16, 16]>, elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = #tile.pipeline<stages = 16, load = tma>, specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>, grid = #tile.grid<persistent = true, raster = along_n, group = 1>, store = #tile.store<vector>>

func.func @wgmma_bf16_ccc_64x16x64_s16_persistent(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
