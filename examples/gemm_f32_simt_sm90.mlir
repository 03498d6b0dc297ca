// A plain fp32 GEMM (SGEMM) on the CUDA cores, no tensor cores: every
// multiply-add is an fma.rn.f32, so the result is what cuBLAS's SGEMM (in
// its default, pedantic math mode: no TF32) computes, up to summation
// order. Tuned for an H100/H200 (sm_90a). C[M×N] = A[M×K] · B[K×N], all
// row-major f32. (bench/schedules/f32_simt_128x256x8_t8x16_s3.mlir, 8×16
// per thread, is the fastest SIMT schedule; this one is the simpler read.
// A and B may also be column-major, memref<?x?xf32, strided<[1, ?],
// offset: ?>>: bench/schedules/f32_simt_128x256x8_t8x16_s3_col_{a,b,ab}.mlir
// and passes/simt/SimtTileCopies.h.)
//
//   gemm-opt gemm_f32_simt_sm90.mlir --lower-to-nvvm        # NVVM dialect
//   gemm-translate gemm_f32_simt_sm90.mlir --to-ptx -o k.ptx
//   gemm-run gemm_f32_simt_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// The FFMA ceiling: an SM retires 128 fp32 FMAs per clock (4 sub-partitions
// × 32 lanes), about 67 TFLOP/s on an H100 SXM. To get near it, the main
// loop must be FFMAs and little else: each shared-memory load has to feed
// many FMAs, so each thread keeps a register tile of C.
//
// How the schedule maps the GEMM onto the GPU, from the top:
//
// block = [128, 128, 8]
//   One thread block computes a 128×128 tile of C and walks K 8 at a time.
//   Per K tile it loads (128 + 128)·8 floats (8 KiB) and does 128·128·8 FMAs:
//   16 FMAs per float loaded into shared memory.
//
// warp = [32, 64]
//   The block's 8 warps (4 along M × 2 along N, 256 threads) each own a
//   32×64 piece of the tile.
//
// mma = #tile.mma<ffma, [8, 8, 1]>
//   The thread tile: each of a warp's 32 lanes owns 8×8 accumulators
//   (64 registers), so the lanes form a 4×8 grid over the 32×64 warp tile.
//   Per K step a thread reads 8 values of A and 8 of B and does 64 FMAs:
//   4 FMAs per float read from shared memory. The 8×8 tile is 2×2
//   sub-tiles of 4×4 spaced 16 rows and 32 columns apart (lane (i, j) owns
//   rows 4i..4i+3 and 16+4i.., columns 4j..4j+3 and 32+4j..), so each
//   fragment is two 128-bit ld.shared.v4 loads. Lanes are numbered in
//   pairs, (i, j) = (2·(l/16) + l%2, (l%16)/2): lanes l and l^1 read the
//   same B address and lanes l and l^2 the same A address, which halves
//   the shared-memory cycles of every 128-bit load (2 instead of 4 for the
//   512 bytes a warp receives). While one K step multiplies, the next
//   one's fragments load. The epilogue writes each row of a sub-tile with
//   one 128-bit store.
//
// elements = f32 everywhere: inputs, accumulator and output.
//
// smem_a = #tile.pad<4>, smem_b = #tile.pad<0>
//   A is stored transposed in shared memory (8 rows of 128 floats, K-major)
//   so that a thread's 4 consecutive M values are one 128-bit load. It gets
//   there through registers: each thread loads 4 consecutive K values of
//   one row of A with one 128-bit global load and stores them into 4
//   shared rows; padding each row by 4 floats (132) puts the two K halves a
//   warp stores at banks 16 apart, so those stores do not conflict either.
//   B keeps its layout (8 rows of 128 floats) and is copied with 16-byte
//   cp.async (each thread one chunk of 4 floats).
//
// pipeline = #tile.pipeline<stages = 2, load = cp_async>
//   Two buffers per operand (16.5 KiB in all): while the FMAs consume one K
//   tile, the next one's global loads (A into registers, B with cp.async)
//   are in flight; one barrier per K tile, before the last K step's FMAs
//   (the next tile's first fragments load while they run). With
//   `stages = 3` or more, A is copied by 4-byte cp.async straight into its
//   transposed place instead (bench/schedules/f32_simt_*_s3*). The small
//   shared footprint and 128 registers per thread (the kernel asks ptxas
//   for two blocks per SM) let two blocks share an SM, so one block's
//   barrier wait is covered by the other's FMAs.
//
// Any M, N, K ≥ 1 and any leading dimensions: the loop above is what a
// block runs when its tiles lie inside A, B and C, K is a multiple of 8 and
// the rows of A and B are 16-byte aligned. Every other block runs the same
// pipeline with 4-byte cp.async copies that read one element or, past the
// edges, none (zero-filled; the K tiles start ceil(K/8)·8 - K below 0, so
// only the first one is partial), and stores its 4-float runs of C element
// by element where they cross C's edge or C's rows are not aligned. The
// second loop costs the first registers, so the compiler also emits a
// whole-tile variant of the kernel holding the first loop alone; launches
// run it when the block tile divides the shape and A, B and C are 16-byte
// aligned (README, passes/common/WholeTileDispatch.h).
//
// BLAS SGEMM's D = alpha·A·B + beta·C, a bias, an activation and a
// residual fuse into the store like on the tensor-core paths: add
// `epilogue = #tile.epilogue<alpha_beta = true>` to tile.gemm (and
// `bias = row|column`, `activation = relu|gelu_tanh|gelu_erf|silu`,
// `residual = true`) and pass the operands to tile.gemm
// (bench/schedules/epilogue_f32_simt_alpha_beta.mlir:
//   gemm-run epilogue_f32_simt_alpha_beta.mlir -m 4096 -n 4096 -k 4096
//       --alpha 1.5 --beta 0.5
// checks and times it against cuBLAS SGEMM with the same alpha and beta).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
