// Correctness variant: a batched GEMM with a fused residual per batch
// entry, D[b] = gelu_tanh(alpha·A[b]·B[b] + beta·C[b] + bias[M]) +
// residual[b], on a persistent grid whose tile walk picks each tile's
// entry (the TMA store). The residual is a batch like C (the runtime
// passes it with C's layout, ldc and batch stride); the bias is one vector
// for every entry. gemm-run --batch/--alpha/--beta/--bias/--residual check
// it against fp64.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>, %alpha: f32, %beta: f32,
    %bias: memref<?xbf16>, %r: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>> {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_tanh, residual = true>}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
