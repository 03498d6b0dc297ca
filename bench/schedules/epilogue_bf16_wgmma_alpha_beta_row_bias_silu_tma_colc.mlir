// Correctness variant: a fused epilogue on the tma store into a
// column-major C, D = silu(alpha·A·B + beta·C + bias[M]): the staging
// holds C's columns as rows, and the producer loads C's part into it by
// TMA during the main loop (where C's map is there and beta is not 0), so
// the epilogue reads C from where it writes D; the row bias per fragment
// row. The TMA stores write C down its columns. gemm-run
// --alpha/--beta/--bias check it against fp64. (Read element by element
// from global memory, C made this kernel 1.6x slower.)
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %alpha: f32, %beta: f32, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = silu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
