// The fused epilogue on the persistent tf32 128x256 s3 schedule whose TMA
// store runs in 2 rounds (store_rounds = 2, 64 KiB of f32 staging next to
// the stages): alpha, beta·C (C's old value read in place, 2 columns at a
// time), bias and GELU are applied to each round's accumulator fragments in
// registers before they go to the swizzled staging tile and TMA stores
// (passes/hopper/TmaStoreEpilogue.h). Like every wgmma kernel it
// takes any M, N, K and pitch (the epilogue reads C and the bias element by
// element on a ragged or unaligned round).
//
//   C[M×N] = gelu_tanh(alpha·A[M×K]·B[K×N] + beta·C + bias[N])
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 2>>

func.func @epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma(
    %a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>, %alpha: f32, %beta: f32, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32>
      {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = column, activation = gelu_tanh>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
