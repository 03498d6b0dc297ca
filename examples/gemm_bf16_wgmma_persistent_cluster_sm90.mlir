// A bf16 GEMM with fp32 accumulation the Hopper way: wgmma fed by TMA, with
// warp specialization, a persistent grid and thread-block clusters, for an
// H100/H200 (sm_90a). C[M×N] = A[M×K] · B[K×N], all row-major.
//
//   gemm-opt gemm_bf16_wgmma_persistent_cluster_sm90.mlir --lower-to-nvvm
//   gemm-translate gemm_bf16_wgmma_persistent_cluster_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 4096 -n 4096 -k 4096       # on a GPU
//
// Every Hopper feature of the dialect in one schedule: TMA loads with
// multicast inside a 2×1 cluster, warp specialization with setmaxnreg, a
// persistent grid with grouped rasterization, and the TMA-store epilogue.
// The same schedule without the cluster measures a few percent faster,
// because the 128×256 tile already has the lowest L2
// traffic per FLOP and a cluster couples the pipelines of its two blocks.
// gemm_bf16_wgmma_sm90.mlir is that faster schedule.
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
//   Three stages of 16 KiB of A and 32 KiB of B, each with a "full" and an
//   "empty" mbarrier (8 bytes each). Why not 4? Four stages are 192 KiB,
//   and the TMA epilogue below stages the whole 128×256 bf16 C tile (64
//   KiB) in shared memory too: 262208 bytes, over the 227 KiB (232448
//   bytes) an sm_90a block may have, and the verifier says so. Three stages
//   take 147456 + 48 + 65536 = 213040 bytes. (With a `direct` epilogue, 4
//   stages fit.)
//
// specialization = #tile.warp_specialization<producer_registers = 40,
//                                            consumer_registers = 232>
//   A third warpgroup, the producer, only moves data: one of its warps
//   waits on a stage's "empty" barrier and issues its TMA loads, whose
//   transaction count completes the "full" barrier the consumers wait on.
//   The block starts with 65536 / 384 → 168 registers per thread; setmaxnreg
//   shrinks the producer to 40 and grows the consumers to 232, room for the
//   128 accumulator registers: 128·40 + 2·128·232 = 64512 ≤ 65536.
//
// grid = #tile.grid<persistent = true, raster = along_m, group = 8>
//   One block per SM (the runtime reads the SM count), each looping over
//   tiles, so one tile's epilogue overlaps the next tile's loads. Tiles go
//   in strips of 8 block columns, walking down M, so the blocks running at
//   once share a few columns of B and rows of A in L2.
//
// cluster = #tile.cluster<[2, 1], multicast = true>
//   Pairs of blocks along M run together on one GPC. Both need the same B
//   tile, so each loads half of it and TMA multicasts it to both: half the
//   L2 traffic for B.
//
// store = #tile.store<tma>
//   Each consumer warpgroup converts its 64×256 accumulator to bf16 into its
//   own 32 KiB of a shared-memory staging tile (four 128-byte-swizzled
//   panels of 64 rows × 64 columns, so the fragment stores hit 32 distinct
//   banks), fences it for the async proxy, and one of its threads issues
//   four TMA stores (cp.async.bulk.tensor ... bulk_group). The warpgroup
//   goes straight on to its next tile; it waits for the stores to have read
//   the staging tile only before it writes it again. TMA clips the stores at
//   C's edges, so ragged shapes need no predicates; where C's address or
//   pitch is not a multiple of 16 bytes the runtime passes no tensor map and
//   the threads copy the staging tile to C themselves
//   (passes/hopper/TmaStoreEpilogue.h).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_persistent_cluster(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
