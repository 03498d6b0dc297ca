// A batch of bf16 GEMMs with per-operand batch strides, the Hopper way
// (wgmma fed by TMA, warp-specialized), for an H100/H200 (sm_90a):
// C[b] = A[b] · B[b] for b = 0 .. batch-1, each C[b] M×N, all row-major.
//
//   gemm-translate gemm_bf16_wgmma_batched_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_bf16_wgmma_batched_sm90.mlir -m 2048 -n 2048 -k 2048 --batch 8
//   gemm-run out/kernel.json -m 129 -n 257 -k 65 --batch 3 --batch-stride-b 0
//
// The schedule is gemm_bf16_wgmma_sm90.mlir's (read that file for block,
// warp, mma, smem, pipeline, specialization, grid and epilogue); what makes
// it batched is the operands' type:
//
// memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
//   Batch × rows × columns. The first stride is the batch stride: the
//   elements from one batch entry's matrix to the next, dynamic and per
//   operand, so padded entries (a stride above ld · rows) and one B (or A)
//   for every entry (stride 0) run on the same kernel as packed batches.
//   The last two dimensions are the matrix as for one GEMM: strided<[?, ?,
//   1]> is row-major with a dynamic leading dimension, strided<[?, 1, ?]>
//   column-major. The batch count is the first extent (the same for A, B
//   and C), a kernel argument like M, N and K.
//
// What batching changes in the kernel:
//   grid: the persistent blocks walk the tiles of batch entry 0, then of
//     entry 1, ..., each entry's tiles in the raster order, so a block's
//     producer loads the next tile (maybe of the next entry) while its
//     consumers store this one. Without a persistent grid the grid is
//     ceil(N/256) × ceil(M/128) × batch and block (x, y, z) computes tile
//     (y, x) of C[z] (bench/schedules/wgmma_bf16_128x256x64_s4_batched.mlir).
//   loads: A's and B's tensor maps are 3-D, [K, M, batch] and [N, K, batch]
//     with each operand's batch stride, and every TMA load names its entry
//     as a third coordinate (cp.async.bulk.tensor.3d). Boxes are one entry
//     deep, so the zeros TMA fills in past M, N and K of a ragged edge come
//     from the map's bounds, never from the next entry's data. An operand
//     with batch stride 0 is mapped as one entry and always loaded from it.
//   epilogue: C's tensor map is 3-D as well and the TMA stores name the
//     entry; where C's address, pitch or batch stride is not a multiple of
//     16 bytes the threads copy the staging tile into the entry's 2-D view
//     of C (a rank-reducing memref.subview) instead.
//
// gemm-run checks every entry against cublasGemmStridedBatchedEx and
// samples of each against an fp64 reference, and times the kernel next to
// cublasGemmStridedBatchedEx; --batch-stride-a/-b/-c set the strides
// (default packed). Not lowered with batches yet: split_k and fused
// epilogue operations (tile-check-chip says so).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_batched(
    %a: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %b: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
    %c: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
        memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
        into memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
  return
}
