// fp32 SGEMM on the CUDA cores (see examples/gemm_f32_simt_sm90.mlir): BK = 16, 3 stages, warps of 64x32 (8x4 lanes), 2 blocks per SM.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 16], warp = [64, 32],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
