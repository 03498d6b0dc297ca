// An fp32 GEMM on Hopper's tensor cores as tf32, for an H100/H200 (sm_90a):
// C[M×N] = A[M×K] · B[K×N] with A, B and C in f32, A row-major and B
// column-major (stored N×K: B^T row-major, "T" in BLAS terms).
//
//   gemm-translate gemm_tf32_wgmma_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_tf32_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// f32 inputs with a wgmma schedule are multiplied as tf32: wgmma m64nNk8
// reads the top 19 bits of each f32 (8-bit exponent, 10-bit mantissa) and
// accumulates in f32. That is 2x the FLOP rate of fp32 FFMA on the CUDA
// cores (examples/gemm_f32_simt_sm90.mlir, exact fp32) at about 1e-3
// relative error instead of 1e-7. gemm-run checks the result against cuBLAS
// tf32 (CUBLAS_COMPUTE_32F_FAST_TF32, also what it times) and fp64 with a
// 5e-3 relative Frobenius tolerance; the bundle says "math": "tensor_core"
// with f32 types.
//
// What differs from the bf16 kernel (gemm_bf16_wgmma_sm90.mlir):
//   - tf32 wgmma cannot transpose an operand in shared memory: it reads
//     both K-major, which is this example's A row-major and B
//     column-major. Other layouts work too: a column-major A is read from
//     registers, a row-major A and B (the SGEMM layout) compiles as
//     C^T = B^T·A^T (tile-exchange-operands; bench/schedules/
//     wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn.mlir),
//     and otherwise a row-major B gets
//     a staged K-major copy before each launch;
//   - a 128-byte swizzle row holds 32 f32, so BK = 32: each stage is one
//     128×32 TMA box of A and one 256×32 box of B^T (48 KiB), read by four
//     m64n256k8 wgmma instructions per consumer warpgroup, descriptors
//     stepped 32 bytes along the rows;
//   - mma = [64, 256, 8]: K = 8 per instruction (16 for f16/bf16);
//   - the f32 C tile (128 KiB) leaves through a 32 KiB staging tile next to
//     the stages, each warpgroup's 64x256 part in 4 rounds of 64 columns
//     (store_rounds = 4; 224 KiB of shared memory in all), so the grid can
//     be persistent: each block's next tile loads while it stores this one.
// The grid takes the tiles in strips 16 tile columns wide (raster along M
// by 16; at 4096³ a strip is whole rows of tiles and the kernel reads 307
// MB from DRAM, against 382 MB with strips of 8), and
// stream_k = spares balances the partial last wave (4096³: 3.88 waves of
// 128x256 tiles): its 16 idle blocks compute the first K steps of its 116
// tiles and TMA-store them into C, the tiles' blocks add the rest with TMA
// reductions. Against one tile per block this is 3-4 % faster at 4096³
// and 8192³.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

func.func @gemm_tf32_wgmma(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
