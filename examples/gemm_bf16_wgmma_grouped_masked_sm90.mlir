// A grouped bf16 GEMM for a mixture of experts in the masked layout, the
// Hopper way (wgmma fed by TMA, warp-specialized, one persistent launch),
// for an H100/H200 (sm_90a): C[g] = A[g] · B[g] for the G experts, of which
// only the first rows[g] rows of A[g] and C[g] hold tokens.
//
//   gemm-translate gemm_bf16_wgmma_grouped_masked_sm90.mlir --to-bundle -o out/kernel.json
//
// The schedule is gemm_bf16_wgmma_batched_sm90.mlir's; what makes the GEMM
// grouped is the op's `group_rows` operand (docs/design/grouped-gemm.md):
//
// group_rows %rows : memref<?xi32>
//   One valid row count per expert, in device memory, written by the
//   router on the GPU. The host never reads it: the launch (a persistent
//   grid of one block per SM) is the same for every routing, so one
//   captured CUDA graph serves every decode step. A, B and C are batches of
//   G matrices (G × M_max × K, G × K × N, G × M_max × N).
//
// What grouping changes in the kernel:
//   walk: the blocks number the non-empty tiles of all experts in one
//     order (expert 0's first; an expert with 0 rows has none, one with 1
//     row one per N panel) and block b takes tiles b, b + gridDim.x, ...,
//     so the work is balanced over the SMs however the tokens are routed.
//     Within an expert the tiles go down its M tiles for one N panel before
//     the next, keeping the expert's B panel in L2. Each warp finds a tile's
//     expert 32 counts at a time (a shuffle scan and a ballot).
//   loads: as for a batch, 3-D tensor maps with the expert as the third
//     coordinate. Rows past rows[g] are read but only feed rows of C that
//     are not stored.
//   stores: rows of C[g] past rows[g] are never written, and keep what the
//     caller had there. A tile inside the valid rows goes out by TMA; the
//     tile the end of the valid rows cuts is copied by the consumer threads,
//     row by row up to that end (TMA clips only at M_max).
//
// The contiguous layout (A and C with the experts' rows back to back, for
// training and prefill) is gemm_bf16_wgmma_grouped_contiguous_sm90.mlir.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_grouped_masked(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
