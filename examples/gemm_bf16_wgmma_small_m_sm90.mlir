// A bf16 GEMM with a small M (16 x 4096 x 4096, a decode-step projection)
// for an H100/H200 (sm_90a), run as its transpose.
//
//   gemm-translate gemm_bf16_wgmma_small_m_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 16 -n 4096 -k 4096 \
//       --layout-a row --layout-b row --layout-c row            # on a GPU
//
// wgmma multiplies 64 rows of A at a time: a 16-row A would waste 3/4 of
// every instruction and leave only N/BN blocks for 132 SMs. But
// C = A·B and C^T = B^T·A^T are the same bytes: row-major A (16 x K) is a
// column-major K x 16 matrix, row-major B a column-major N x K one, and
// row-major C a column-major N x 16 one. So this kernel is written for
// every operand column-major, and computes C' = A'·B' with M' = 4096
// (64-row tiles, 64 blocks), N' = 16 (wgmma m64n16k16, one 16-column tile)
// and K = 4096. Given row-major operands, gemm-run and the JIT run it with A
// and B exchanged and M and N exchanged (runtime/TransposedProblem.h).
//
// In the kernel: A' is M'-major (128-byte swizzled panels of 64 rows, read
// by wgmma transposed), B' is K-major (one 16 x 64 TMA box per stage, 2 KiB),
// and 12 stages keep 120 KiB of loads in flight per SM, which is what a
// bandwidth-bound GEMM needs from the few blocks it has.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 16, 64], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>,
  store = #tile.store<vector>>

func.func @gemm_bf16_wgmma_small_m(
    %a: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
    %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>,
        memref<?x?xbf16, strided<[1, ?], offset: ?>>
        into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
