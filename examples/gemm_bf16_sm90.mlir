// A bf16 GEMM with fp32 accumulation on tensor cores (mma.sync), tuned for
// an H100/H200 (sm_90a). C[M×N] = A[M×K] · B[K×N], all row-major.
//
//   gemm-opt gemm_bf16_sm90.mlir --lower-to-nvvm        # NVVM dialect
//   gemm-translate gemm_bf16_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_bf16_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// How the schedule maps the GEMM onto the GPU, from the top:
//
// block = [128, 256, 32]
//   One thread block computes a 128×256 tile of C and walks K 32 columns
//   at a time. Large tiles raise arithmetic intensity: per K step the block
//   loads (128 + 256)·32 elements and does 128·256·32 multiply-adds, 85
//   FLOPs per byte of shared-memory traffic, well above what global memory
//   bandwidth needs (about 300 on an H100) once L2 serves the re-reads.
//
// warp = [64, 64]
//   The block's 8 warps (2 along M × 4 along N) each own a 64×64 piece of
//   the tile. Each warp keeps 64·64 fp32 accumulators (128 per thread) in
//   registers; 64×64 balances ldmatrix traffic (4 A + 4 B loads per
//   16-wide K step) against 32 MMAs per step.
//
// mma = #tile.mma<sync, [16, 8, 16]>
//   The warp-level tensor-core instruction: mma.sync.m16n8k16 with bf16
//   inputs and fp32 accumulators; 4×8 of them cover the 64×64 warp tile.
//
// smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>
//   A's shared tile has 32 bf16 = 64-byte rows, B's 256 bf16 = 512-byte
//   rows stored as 128-byte-wide panels. XOR-swizzling 16-byte chunks keeps
//   the 8 rows that one ldmatrix phase reads in 8 different bank groups,
//   so neither the cp.async stores nor the ldmatrix loads conflict.
//
// pipeline = #tile.pipeline<stages = 4, load = cp_async>
//   Four shared-memory buffers per operand (96 KiB in all): while the
//   tensor cores consume one K tile, cp.async copies of the next three are
//   in flight, hiding global-memory latency. This kernel takes shapes its
//   block tile divides (and 16-byte aligned rows); `ragged = true` after
//   `load = cp_async` compiles one that takes any shape and pitch beside
//   this one, and launches run this one wherever it can (README,
//   bench/schedules/bf16_128x256x32_s4_ragged.mlir).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
