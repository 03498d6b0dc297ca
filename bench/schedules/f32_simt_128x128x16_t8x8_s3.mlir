// fp32 SGEMM on the CUDA cores (see examples/gemm_f32_simt_sm90.mlir): BK = 16 with 3 stages: A by 4-byte cp.async frees the registers that kept the 2-stage 128x128x16 at 1 block per SM; 2 blocks per SM for whole tiles (the guarded loop over ragged edges takes more registers, and ptxas is not held to 128 for it), one barrier per 16 K steps.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 16], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
