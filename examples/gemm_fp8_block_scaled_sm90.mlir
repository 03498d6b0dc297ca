// An FP8 GEMM with block scales, DeepSeek-V3's recipe, for an H100/H200
// (sm_90a): A (activations, M×K, row-major) has one f32 scale per row and
// 128 K elements, B (a weight stored N×K) one per 128×128 block, C is bf16.
//
//   gemm-translate gemm_fp8_block_scaled_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_fp8_block_scaled_sm90.mlir -m 4096 -n 7168 -k 16384   # on a GPU
//
// What is computed: per-tensor scales (gemm_fp8_wgmma_sm90.mlir) let one
// outlier shrink every other value of the tensor towards e4m3's underflow.
// Block scales keep outliers local: a 1×128 piece of an activation row and
// a 128×128 block of the weight are quantized each with its own scale, so
//
//   C[i][j] = Σ_kb scale_a[i][kb] · scale_b[kb][j/128]
//                 · Σ_{k in block kb} A[i][k] · B[k][j]
//
// over the K blocks kb of 128. scale_a is M × ⌈K/128⌉ stored M-contiguous
// (strided<[1, ?]>: each K block's scales of all rows side by side, as
// PyTorch and DeepGEMM store them); scale_b is ⌈K/128⌉ × ⌈N/128⌉ with the K
// blocks contiguous (the ⌈N/128⌉ × ⌈K/128⌉ row-major array stored beside a
// weight). #tile.scaling has the full description.
//
// How: the scales change every 128 K, so the sum cannot stay in one wgmma
// accumulator. BK = 128 makes each pipeline stage one K block. While one
// producer warp loads a stage's A and B tiles by TMA, a second copies the
// stage's scales (one of A per row of the block tile, one of B per 128
// columns) into shared memory beside it (passes/hopper/
// BlockScaleProducer.h). For each stage a consumer warpgroup
//   1. waits for the stage and reads its scales of the block from shared
//      memory: one of A per row it holds (2 per 64-row slice) and one of B
//      (its 128 columns share it);
//   2. issues the stage's four m64n128k32 wgmmas into a fresh accumulator;
//   3. waits for them, releases the stage to the producer, and
//   4. adds accumulator · scale_a · scale_b into its f32 sums (one FFMA per
//      element).
// While one warpgroup does 3 and 4 the other's wgmmas keep the tensor cores
// busy (passes/hopper/PromotingMainLoop.h). The warpgroup tile is 64×128:
// the sums and the accumulator take 64 registers each; its 128 columns
// match B's scale blocks, so one B scale serves a whole stage. The scales
// of 5 stages fit beside the stages in shared memory (6 would not), and
// the producer warpgroup keeps 56 registers per thread for its block-scale
// warp (the consumers' 224 hold the sums and the accumulator).
// bench/schedules/wgmma_fp8_blocks_128x256_n128_s4_r2.mlir runs 128×256
// tiles instead, each warpgroup's 64×256 in two 128-column pieces (mma N =
// 128), faster on an H200 (docs/performance.md).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

func.func @gemm_fp8_block_scaled(
    %a: memref<?x?xf8E4M3FN>,
    %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xbf16>,
    %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %scale_b: memref<?x?xf32, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c
      scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?xf32, strided<[1, ?], offset: ?>>
      {schedule = #sched,
       scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
