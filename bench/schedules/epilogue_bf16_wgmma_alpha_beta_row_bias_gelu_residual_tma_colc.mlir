// Correctness variant: a fused residual into a column-major C (the tma
// store), D = gelu_tanh(alpha·A·B + beta·C + bias[M]) + residual, with the
// residual column-major like C (the runtime passes it with C's layout and
// ldc). C comes into the staging part by TMA during the main loop; the
// epilogue reads the residual on C's transpose element by element.
// gemm-run --alpha/--beta/--bias/--residual check it against fp64.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc(
    %a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32,
    %bias: memref<?xbf16>, %r: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?xbf16, strided<[1, ?], offset: ?>> {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_tanh, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
