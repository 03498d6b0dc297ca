// fp32 SGEMM on the CUDA cores (see examples/gemm_f32_simt_sm90.mlir): 8x16 thread tiles, 128 accumulators, 1 block per SM; the shape of cuBLAS SGEMM's sm80 256x128x8 3-stage ffma kernel and its neighbours.
#sched = #tile.schedule<chip = "sm_90a", block = [256, 128, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
