// Correctness variant: a batched tf32 GEMM (f32 C, A row-major, B
// column-major: both K-major as tf32 wgmma reads them) with a fused
// residual per batch entry and nothing else, D[b] = A[b]·B[b] +
// residual[b], on a persistent grid with the TMA store in 4 rounds. The
// residual is a batch like C (C's layout, ldc and batch stride).
// gemm-run --batch/--residual checks it against fp64.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 4>>

func.func @epilogue_tf32_wgmma_batched_residual_tma(
    %a: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
    %r: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
  return
}
