// A bf16 GEMM with fp32 accumulation the Hopper way: wgmma fed by TMA with
// warp specialization, for an H100/H200 (sm_90a). C[M×N] = A[M×K] · B[K×N],
// all row-major.
//
//   gemm-opt gemm_bf16_wgmma_sm90.mlir --lower-to-nvvm
//   gemm-translate gemm_bf16_wgmma_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_bf16_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// bench/schedules/ has non-persistent, ping-pong, split-K and cluster (TMA
// multicast) variants; gemm_bf16_wgmma_persistent_cluster_sm90.mlir puts
// every Hopper feature into one schedule.
//
// How the schedule maps the GEMM onto the GPU, from the top:
//
// block = [128, 256, 64]
//   One thread block computes a 128×256 tile of C and walks K 64 columns at
//   a time: per K step it loads (128 + 256)·64 elements and does
//   128·256·64 multiply-adds.
//
// warp = [64, 256], mma = #tile.mma<wgmma, [64, 256, 16]>
//   With wgmma the "warp" tile belongs to a warpgroup (4 warps, 128
//   threads): 2 consumer warpgroups (2 along M × 1 along N), each owning a
//   64×256 piece of the tile. Each issues one asynchronous
//   wgmma.mma_async.m64n256k16 per 16-wide K slice, 4 per K step, reading A
//   and B straight from shared memory through matrix descriptors: no
//   ldmatrix, no operand registers. The 64×256 fp32 accumulator is 128
//   registers per thread.
//
// smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>
//   A's rows are 64 bf16 = 128 bytes, exactly one 128-byte swizzle row, so
//   one TMA box (128 rows × 64 columns, SWIZZLE_128B) lands the stage's A
//   tile in the K-major layout wgmma reads. B's rows are 256 bf16 = 512
//   bytes: four TMA boxes of 64 rows × 64 columns (128 bytes), each one
//   swizzled panel, which wgmma reads as an N-major (transposed) operand.
//   No box exceeds TMA's 256 elements per dimension.
//
// pipeline = #tile.pipeline<stages = 3, load = tma>
//   Three stages of 16 KiB of A and 32 KiB of B (144 KiB), each with a
//   "full" and an "empty" mbarrier: while the consumers multiply one stage,
//   TMA fills the other two. A fourth stage would not fit next to the
//   epilogue's 64 KiB staging tile (227 KiB per block; the verifier checks).
//
// specialization = #tile.warp_specialization<producer_registers = 40,
//                                            consumer_registers = 232>
//   A third warpgroup, the producer, only moves data: it waits on a stage's
//   "empty" barrier and one of its threads issues the stage's TMA loads,
//   whose transaction count completes the "full" barrier the consumers wait
//   on. The block starts with 65536 / 384 → 168 registers per thread;
//   setmaxnreg shrinks the producer to 40 and grows the consumers to 232,
//   room for the 128 accumulator registers: 128·40 + 2·128·232 ≤ 65536.
//
// grid = #tile.grid<persistent = true, raster = along_m, group = 8>
//   One block per SM (the runtime reads the SM count), each looping over
//   tiles: the producer loads the next tile's stages while the consumers
//   finish this one. Tiles go in strips of 8 block columns down M, so the
//   blocks running at once share rows of A and columns of B in L2.
//
// store = #tile.store<tma>
//   Each consumer warpgroup converts its 64×256 accumulator to bf16 into its
//   own 32 KiB of a shared-memory staging tile (four 128-byte-swizzled
//   panels of 64 rows × 64 columns: the fragment stores hit 32 distinct
//   banks), fences it for the async proxy, and one of its threads issues
//   four TMA stores. The warpgroup goes straight on to its next tile and
//   waits for the stores to have read the staging tile only before writing
//   it again, so storing C overlaps the next tile's wgmmas. TMA clips the
//   stores at C's edges; where C's address or pitch is not a multiple of 16
//   bytes the runtime passes no tensor map for C and the threads copy the
//   staging tile out themselves (passes/hopper/TmaStoreEpilogue.h). This overlap
//   makes it about 6 % faster at 4096³ than `#tile.store<vector>` (f32 staging,
//   warpgroups in turns).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
