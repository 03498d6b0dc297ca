// Benchmark variant: the fastest SIMT schedule (bench/schedules/f32_simt_128x256x8_t8x16_s3.mlir) with every fused operation: D = gelu_erf(alpha·A·B + beta·C + bias[row]) + residual, f32 throughout. The whole-tile variant reads C's and the residual's 4-element runs and the row bias 4 runs at a time (passes/epilogue/FusedChunkCopy.h), the any-shape kernel each element's on its way from shared memory (passes/simt/SimtKernel.h).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  store = #tile.store<direct>>

func.func @epilogue_f32_simt_alpha_beta_row_bias_gelu_residual(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %alpha: f32, %beta: f32, %bias: memref<?xf32>, %r: memref<?x?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32> residual %r : memref<?x?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_erf, residual = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
