// Benchmark variant: the mma.sync example's tiles (bf16, block [128, 256, 32], warp [64, 64], m16n8k16, 4 cp.async stages, ragged = true: any shape and pitch) with a fused epilogue D = relu(alpha·acc + beta·C + bias[row]) + residual: each pair of accumulators goes through passes/epilogue/FusedEpilogue.h at its place in C, read and stored element by element inside C where the block's tile crosses C's edge or a matrix's rows are not 16-byte aligned (passes/epilogue/Epilogue.cpp).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async, ragged = true>,
  store = #tile.store<direct>>

func.func @epilogue_bf16_sync_alpha_beta_row_bias_relu_residual(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>, %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16> residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = relu, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
