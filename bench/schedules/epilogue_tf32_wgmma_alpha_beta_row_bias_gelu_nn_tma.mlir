// A fused epilogue on the tf32 SGEMM layout (A, B and C row-major),
// D = gelu_erf(alpha·A·B + beta·C + bias[M]), 128x256 s4 persistent with
// the TMA store in 4 rounds. The compiler runs it as C^T = B^T·A^T
// (tile-exchange-operands): the bias per row of C becomes the kernel's bias
// per column of C^T (the same M entries), the TMA stores write C^T down its
// columns. gemm-run --alpha/--beta/--bias check it against fp64.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 4>>

func.func @epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma(
    %a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>,
    %alpha: f32, %beta: f32, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32>
      {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_erf>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
