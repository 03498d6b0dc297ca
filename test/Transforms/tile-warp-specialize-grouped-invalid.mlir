// RUN: gemm-opt %s --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-block-tile,tile-warp-specialize))"

// A kernel marked tile.grouped = "masked" takes its group counts as its last
// argument (tile-outline-kernel puts them there); a hand-written one that
// does not is refused at its block MMA, not lowered with a wrong operand.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

gpu.module @grouped_module {
  gpu.func @grouped_kernel(%a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                           %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                           %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
                           %map_a: !llvm.ptr, %map_b: !llvm.ptr, %map_c: !llvm.ptr,
                           %rows: memref<?xi32>, %extra: i32) kernel
      attributes {known_block_size = array<i32: 384, 1, 1>, tile.batched,
                  tile.grouped = "masked", tile.schedule = #sched} {
    // expected-error @+1 {{'tile.block_mma' op of a grouped kernel whose last argument is not its group counts (a 1-D i32 memref), got 'i32'}}
    tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
        : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
          memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
          into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
    gpu.return
  }
}
