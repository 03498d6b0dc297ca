// Benchmark variant for a small M through the transposed problem: with every
// operand column-major, C^T = B^T * A^T is this kernel's problem, so a
// row-major 16x4096x4096 GEMM runs as M' = 4096, N' = 16 (the same bytes;
// gemm-run --layout-a/-b/-c row swaps the operands). Block [64, 16, 64],
// wgmma m64n16k16, 12 stages, split_k = 1.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 16, 64], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>,
  store = #tile.store<vector>>

func.func @wgmma_bf16_ccc_64x16x64_s12_sk1(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
