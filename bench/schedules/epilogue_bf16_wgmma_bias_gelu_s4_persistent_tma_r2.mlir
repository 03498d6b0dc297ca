// The bias + GELU example (examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir) on
// the persistent 128x256 s4 schedule along M by 4, with the tma epilogue
// store in two rounds (store_rounds = 2: a fourth stage fits beside the 32
// KiB staging half): bias and GELU are applied to the accumulator fragments
// in registers, converted to bf16 into the swizzled staging tile and TMA-
// stored (passes/hopper/TmaStoreEpilogue.h). For gemm-run --compare-epilogue
// against cuBLAS + a separate kernel and cuBLASLt's GELU_BIAS.
//
//   C[M×N] = gelu_tanh(A[M×K] · B[K×N] + bias[N])      (bias per column of C)
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4>,
  store = #tile.store<tma, rounds = 2>>

func.func @epilogue_bf16_wgmma_bias_gelu_s4_persistent_tma_r2(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                                     %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
