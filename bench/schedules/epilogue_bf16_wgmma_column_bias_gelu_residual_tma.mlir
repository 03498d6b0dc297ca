// D = gelu_tanh(A·B + bias) + residual on the bf16 example's schedule
// (persistent 128x256 s3, TMA store in one round): a transformer block's
// projection with its skip connection in one kernel. The residual comes
// into each consumer warpgroup's staging part by TMA during the tile's main
// loop (HopperKernelPlan::stagedOperand); the column bias is read before
// it, as in examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_column_bias_gelu_residual_tma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16>, %bias: memref<?xbf16>, %residual: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16>
      residual %residual : memref<?x?xbf16> {schedule = #sched,
          epilogue = #tile.epilogue<bias = column, activation = gelu_tanh, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
