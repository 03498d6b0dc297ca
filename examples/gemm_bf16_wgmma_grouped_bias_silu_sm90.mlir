// A grouped bf16 GEMM for a mixture of experts with a fused per-expert bias
// and SiLU, D_g = silu(A_g · B_g + bias_g), in the masked layout, the
// Hopper way (wgmma fed by TMA, warp-specialized, one persistent launch),
// for an H100/H200 (sm_90a).
//
//   gemm-translate gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 256 -n 1024 -k 512 --groups 8 --routing skewed
//
// The schedule and the grouping are gemm_bf16_wgmma_grouped_masked_sm90.mlir's
// (read that one first); what is new is the op's fused epilogue
// (docs/design/grouped-gemm.md):
//
// epilogue = #tile.epilogue<bias = column, activation = silu>
//   What is computed, so it is the op's, not the schedule's: the same
//   schedule runs the plain grouped GEMM. A grouped epilogue applies per
//   group, so the bias is per expert:
// bias %bias : memref<?x?xbf16>
//   G × N, row g being expert g's bias (N entries of C's type). Each tile
//   knows its expert from the grouped walk and reads that row: its bias
//   loads are issued before the tile's main loop, so their latency hides
//   behind it. A `bias = row` would follow C's rows instead (G × M_max here;
//   T entries in the contiguous layout), and `alpha_beta = true` or
//   `residual = true` read C and the residual only in the rows of the
//   expert's C that the tile writes.
//
// The epilogue runs in f32 on the accumulators in registers (SiLU's tanh is
// one tanh.approx per element), is rounded once to bf16 and staged in
// shared memory; a tile inside the expert's valid rows goes out by TMA, the
// tile that the end of its rows cuts is copied by the threads up to that
// end. Rows of C past rows[g] are never written.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_grouped_bias_silu(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %rows: memref<?xi32>, %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
