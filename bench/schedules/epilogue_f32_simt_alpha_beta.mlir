// Benchmark variant: the fastest SIMT schedule (bench/schedules/f32_simt_128x256x8_t8x16_s3.mlir: fp32 on the CUDA cores, 8x16 thread tiles, 3 cp.async stages, any shape and pitch) with BLAS SGEMM's D = alpha·A·B + beta·C: the whole-tile variant reads C's 4-element runs 8 at a time from global memory before scaling them (C is not read where beta = 0), the any-shape kernel each element on its way from shared memory (passes/simt/SimtKernel.h).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  store = #tile.store<direct>>

func.func @epilogue_f32_simt_alpha_beta(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %alpha: f32, %beta: f32) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true>}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
