// The tuner's measured best for its problem (gemm-tune candidate
// wgmma_f16_64x64x64_w64x64_s13_r40_232_rm4_tma).
#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 64], warp = [64, 64], mma = #tile.mma<wgmma, [64, 64, 16]>, elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>, smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = #tile.pipeline<stages = 13, load = tma>, specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>, grid = #tile.grid<persistent = false, raster = along_m, group = 4>, store = #tile.store<tma>>

func.func @wgmma_f16_64x64x64_s13_rm4_tma(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
