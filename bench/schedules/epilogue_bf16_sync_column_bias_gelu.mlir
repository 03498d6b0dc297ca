// Benchmark variant: the mma.sync example's tiles (bf16, block [128, 256, 32], warp [64, 64], m16n8k16, 4 cp.async stages, ragged = true: any shape and pitch) with a fused column bias and tanh GELU; edge tiles and unaligned rows read the bias and store D element by element inside C (passes/epilogue/Epilogue.cpp).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async, ragged = true>,
  store = #tile.store<direct>>

func.func @epilogue_bf16_sync_column_bias_gelu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
