// A grouped bf16 GEMM for a mixture of experts in the contiguous layout,
// the Hopper way (wgmma fed by TMA, warp-specialized, one persistent
// launch), for an H100/H200 (sm_90a): the tokens routed to expert g are rows
// offsets[g] .. offsets[g + 1] of A, and C's same rows receive them times
// expert g's weights B[g].
//
//   gemm-translate gemm_bf16_wgmma_grouped_contiguous_sm90.mlir --to-bundle -o out/kernel.json
//
// The schedule is a plain persistent wgmma schedule; what makes the GEMM
// grouped is the op's `group_offsets` operand (docs/design/grouped-gemm.md):
//
// group_offsets %offsets : memref<?xi32>
//   G + 1 row offsets into A and C, in device memory, written by the router
//   on the GPU (offsets[0] = 0, offsets[G] = T, nondecreasing). The host
//   never reads them: the launch (one block per SM) is the same for every
//   routing. A is T × K and C T × N, the tokens of all experts back to
//   back; B holds the G experts' weights, here as the G × N × K batch of
//   `x @ W^T` (strided<[?, 1, ?]>: each expert's matrix column-major).
//
// What grouping changes in the kernel:
//   walk: the blocks number the non-empty tiles of all experts in one
//     order (expert 0's first; an expert with no tokens has none) and block
//     b takes tiles b, b + gridDim.x, ..., so the work is balanced over the
//     SMs however the tokens are routed. Within an expert the tiles go down
//     its rows for one N panel before the next, keeping the expert's B panel
//     in L2. Each warp finds a tile's expert 32 offsets at a time (a shuffle
//     scan and a ballot).
//   loads: A through its 2-D tensor map at the expert's first row plus the
//     tile's; B through a 3-D map with the expert as the third coordinate.
//     The last tile of an expert reads the next expert's first rows, which
//     only feed rows of C that it does not store.
//   stores: no row of another expert is written. A tile that ends within
//     its expert's rows goes out by TMA; the tile the expert's end cuts is
//     copied by the consumer threads, row by row up to that end.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_grouped_contiguous(
    %a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
    %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32> {schedule = #sched}
      : memref<?x?xbf16, strided<[?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16, strided<[?, 1], offset: ?>>
  return
}
