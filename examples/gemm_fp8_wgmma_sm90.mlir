// An FP8 GEMM with per-tensor scales on Hopper, for an H100/H200 (sm_90a):
// C[M×N] = scale_a · scale_b · (A[M×K] · B[K×N]) with A and B in e4m3
// (f8E4M3FN), C in bf16, accumulated in f32. This is the GEMM of an FP8
// linear layer, y = x @ W^T: A (the activations x) row-major, B column-major
// (the weight W stored N×K, one row per output feature).
//
//   gemm-opt gemm_fp8_wgmma_sm90.mlir --lower-to-nvvm
//   gemm-translate gemm_fp8_wgmma_sm90.mlir --to-bundle -o out/kernel.json
//   gemm-run gemm_fp8_wgmma_sm90.mlir -m 4096 -n 4096 -k 4096   # on a GPU
//
// What is computed (the op):
//
// Each 8-bit value stands for itself times its tensor's f32 scale:
// quantizing, a training or inference loop divides a tensor by a scale
// chosen so that its largest magnitude lands near e4m3's maximum, 448.
// scale_a and scale_b are those scales, one f32 each, read from device
// memory (memref<f32>) so that the loop can update them without a new
// kernel. `scaling = #tile.scaling<a = tensor, b = tensor>` says so; the
// product scale_a · scale_b multiplies the f32 sums before the epilogue
// (here just the conversion to bf16; bias, activations, alpha/beta and a
// residual compose as for bf16, see gemm_bf16_wgmma_bias_gelu_sm90.mlir).
//
// The next layer usually wants its input in e4m3 again: write C as
// memref<?x?xf8E4M3FN> (c = f8E4M3FN in the schedule) and add
// `scale_d %sd : memref<f32>`; C then holds saturate(D · scale_d). Add
// `amax %amax : memref<f32>` (any C type) to get max |D| for the next
// step's scale (zero it before each launch; gemm-run does).
// bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir is
// such a kernel (docs/design/fp8.md).
//
// fast_accumulation (here left at its default, false) is about precision:
// wgmma adds 8-bit products into its f32 accumulator with about 22
// significant bits, which over K = 4096 loses digits. Without fast
// accumulation the kernel starts a fresh wgmma accumulator for every 128 K
// elements and adds it into separate f32 sums (passes/hopper/
// PromotingMainLoop.h), like cuBLASLt without CUBLASLT_MATMUL_DESC_FAST_ACCUM.
// `fast_accumulation = true` keeps one accumulator: a little faster, a
// little less exact (bench/schedules/ has such kernels).
//
// How it maps onto the GPU (the schedule), where it differs from the bf16
// kernel (gemm_bf16_wgmma_sm90.mlir, which explains the rest):
//
// mma = #tile.mma<wgmma, [64, 128, 32]>
//   wgmma.mma_async.m64n128k32.f32.e4m3.e4m3: an 8-bit instruction covers
//   32 K elements (32 bytes of each K-major row, as a bf16 one covers 16)
//   at twice the bf16 rate. It reads 8-bit operands only K-major from
//   shared memory, which is why A is row-major and B column-major (the
//   verifier refuses other layouts; transpose them first).
//
// block = [128, 256, 128], warp = [64, 256]
//   A 128-byte swizzle row holds 128 e4m3, so BK = 128: one K step is one
//   promotion block. Each of the two consumer warpgroups keeps its 64×256
//   sums in 128 f32 registers. A second 64×256 accumulator would not fit
//   beside them, so the warpgroup multiplies its tile in two 128-column
//   pieces (mma N = 128 < warp N = 256), each into a 64-register
//   accumulator that it adds into the sums before the next piece. The tile
//   stays 128×256, which shared memory can feed: 128×128 tiles need about
//   25 % more shared-memory bandwidth per multiply-add than the hardware
//   has and run 4-7 % slower (docs/design/fp8.md).
//
// pipeline = #tile.pipeline<stages = 4, load = tma>, store = #tile.store<tma, rounds = 2>
//   16 KiB of A and 32 KiB of B per stage; four of them and a 32 KiB
//   staging tile for C (stored in two rounds of 128 columns) fit the 227
//   KiB of shared memory.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 2>>

func.func @gemm_fp8_wgmma(%a: memref<?x?xf8E4M3FN>,
                          %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                          %c: memref<?x?xbf16>,
                          %scale_a: memref<f32>, %scale_b: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %scale_a : memref<f32>
      scale_b %scale_b : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
