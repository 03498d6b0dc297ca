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
//   - tf32 wgmma cannot transpose an operand in shared memory, so both must
//     be K-major: A row-major and B column-major (the verifier says so for
//     any other pair; transpose a row-major B first, e.g. with tile.transpose);
//   - a 128-byte swizzle row holds 32 f32, so BK = 32: each stage is one
//     128×32 TMA box of A and one 256×32 box of B^T (48 KiB), read by four
//     m64n256k8 wgmma instructions per consumer warpgroup, descriptors
//     stepped 32 bytes along the rows;
//   - mma = [64, 256, 8]: K = 8 per instruction (16 for f16/bf16);
//   - one tile per block (persistent = false): the TMA-store epilogue's f32
//     staging tile is 128 KiB, which fits only where it can reuse the four
//     stages (a persistent grid would need it next to them).
// On an H200 this runs at 0.955x cuBLAS tf32 at 4096³ and 0.986x at 8192³
// (bench/NOTES.md, session 4; 0.908x / 0.950x with `store = vector`).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8>,
  epilogue = #tile.epilogue<store = tma>>

func.func @gemm_tf32_wgmma(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
