// An affine fused epilogue on the tf32 128x256 s4 spares grid (stream_k =
// spares, store_rounds = 4): a partial-wave tile's two parts meet in C
// itself (HopperKernelPlan::streamKSumsInC). The spare stores its head with
// the whole epilogue (alpha·acc + beta·C + bias), the owner adds alpha times
// its tail onto it with TMA reductions. Like every wgmma kernel it
// takes any M, N, K and pitch (the epilogue reads C and the bias element by
// element on a ragged or unaligned round).
//
//   C[M×N] = alpha·A[M×K]·B[K×N] + beta·C + bias[N]
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares(
    %a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>, %alpha: f32, %beta: f32, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32>
      {schedule = #sched, epilogue = #tile.epilogue<alpha_beta = true, bias = column>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
