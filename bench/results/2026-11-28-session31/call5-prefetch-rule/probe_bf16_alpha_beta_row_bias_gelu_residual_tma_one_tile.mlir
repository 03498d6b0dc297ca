// Session 31's probe (call 5): one tile per block (no persistent grid), else the unbatched twin of
// bench/schedules/epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma.mlir,
// the same schedule and epilogue on 2-D operands, to time what batching
// costs a residual epilogue.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  epilogue = #tile.epilogue<store = tma, alpha_beta = true, bias = row, activation = gelu_tanh, residual = true>>

func.func @probe_bf16_alpha_beta_row_bias_gelu_residual_tma_one_tile(
    %a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
    %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?xbf16> {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
