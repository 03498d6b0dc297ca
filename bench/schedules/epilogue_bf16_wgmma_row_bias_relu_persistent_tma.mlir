// The persistent 128x256 s3 bf16 schedule with a row bias and ReLU fused
// into the tma epilogue store: each consumer thread loads the bias entries
// of its two fragment rows before the tile's main loop
// (TmaStoreEpilogue::loadBias) and adds them to its accumulators in
// registers before ReLU, the conversion to bf16 and the TMA store.
//
//   C[M×N] = relu(A[M×K] · B[K×N] + bias[M])      (bias per row of C)
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_row_bias_relu_persistent_tma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                                     %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = row, activation = relu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
