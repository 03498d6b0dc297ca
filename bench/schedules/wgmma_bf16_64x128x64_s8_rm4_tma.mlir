// The tuner's measured best for its problem (gemm-tune candidate
// wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm4_tma).
#sched = #tile.schedule<chip = "sm_90a", block = [64, 128, 64], warp = [64, 128], mma = #tile.mma<wgmma, [64, 128, 16]>, elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = #tile.pipeline<stages = 8, load = tma>, specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>, grid = #tile.grid<persistent = false, raster = along_m, group = 4>, store = #tile.store<tma>>

func.func @wgmma_bf16_64x128x64_s8_rm4_tma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
