// A bf16 GEMM with a fused bias + GELU epilogue, the Hopper way (sm_90a):
//
//   C[M×N] = gelu_tanh(A[M×K] · B[K×N] + bias[N])      (bias per column of C)
//
// all row-major, fp32 accumulation, the epilogue in fp32 and one rounding
// to bf16 at the end — what a transformer MLP's first projection does, and
// what cuBLASLt's CUBLASLT_EPILOGUE_GELU_BIAS computes.
//
//   gemm-opt gemm_bf16_wgmma_bias_gelu_sm90.mlir --lower-to-nvvm
//   gemm-translate gemm_bf16_wgmma_bias_gelu_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run out/kernel.json -m 8192 -n 8192 -k 4096            # on a GPU
//   gemm-run out/kernel.json -m 8192 -n 8192 -k 4096 --bias --compare-epilogue
//
// The main loop is examples/gemm_bf16_wgmma_sm90.mlir's (read that file for
// block, warp, mma, smem, pipeline and specialization); the grid and the
// epilogue differ.
//
// grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>
//   At 8192x8192x4096 the 2048 tiles of 128x256 are 15.52 waves of 132
//   blocks: data-parallel, half the SMs idle through the last tile. With
//   stream_k = 1 the blocks take whole tiles for 15 waves, then split the
//   last 68 tiles' K steps evenly: a block that computed a tile's first
//   steps stores its partial sums in an fp32 workspace (the runtime
//   allocates it), and the block with the last steps adds them and runs the
//   epilogue, once per tile. A last wave at least 3/4 full stays whole
//   (at 4096³, 116 of 132 tiles), as splitting it would cost more than it
//   gains. The stream-K grid measured 2 % faster than the data-parallel
//   one at 8192×8192×4096 and 8192³, 0.8 % slower at 4096³ (the split
//   bookkeeping it carries).
//
// store = #tile.store<tma> (schedule), epilogue = #tile.epilogue<bias = column,
//   activation = gelu_tanh> (tile.gemm)
//   As in the plain example each consumer warpgroup stages its tile in bf16
//   and TMA-stores it. Before the conversion the fused epilogue
//   (passes/epilogue/FusedEpilogue.cpp) works on the accumulator fragments in
//   registers, two adjacent columns at a time: it adds bias[col], bias[col+1]
//   (one 4-byte load per pair, issued before the tile's main loop so that
//   its latency hides behind it, kept across rows) and applies
//   0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))) with the hardware's
//   tanh.approx. C is written once and never read back: the unfused
//   alternative (GEMM, then a bias + GELU kernel) reads and writes the
//   128 MiB of C a second time at 8192². gemm-run --compare-epilogue times
//   it against cuBLAS GEMM + a separate kernel and cuBLASLt's GELU_BIAS
//   epilogue.
//
// `bias = column` adds the bias operand to tile.gemm (a bf16 vector of N
// entries) and a kernel argument after the tensor maps; the bundle's
// "parameters" list it as {"kind": "memref", "operand": "bias", "rank": 1}
// and its "epilogue" object names the fused operations, which gemm-run
// applies to its fp64 reference too.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>,
  store = #tile.store<tma>>

func.func @gemm_bf16_wgmma_bias_gelu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                                     %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
