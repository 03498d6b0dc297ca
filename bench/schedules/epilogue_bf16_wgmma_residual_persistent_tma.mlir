// D = A·B + residual on the bf16 example's schedule (persistent 128x256 s3, TMA
// store): what the epilogue's reads of an M×N operand cost next to cuBLAS.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_residual_persistent_tma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16>, %residual: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c residual %residual : memref<?x?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
