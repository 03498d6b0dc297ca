// Correctness variant: a batched GEMM with a fused residual per batch
// entry into a column-major C, one tile per block and batch entry along
// grid z, stored by the threads through the staging tile (the vector
// store): D[b] = silu(A[b]·B[b] + bias[N]) + residual[b], the residual
// column-major like C (the runtime passes it with C's layout, ldc and
// batch stride). gemm-run --batch/--bias/--residual check it against fp64.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
    %bias: memref<?xbf16>, %r: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16>
      residual %r : memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>> {schedule = #sched,
          epilogue = #tile.epilogue<bias = column, activation = silu, residual = true>}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
  return
}
