// An fp16 GEMM with fp32 accumulation on tensor cores (mma.sync) for an
// H100/H200 (sm_90a). See gemm_bf16_sm90.mlir for a walk through every
// level of the schedule; this one differs in its element types and uses a
// 64-wide K step with three stages:
//
// block = [128, 256, 64], stages = 3
//   Twice the K work per barrier halves the number of __syncthreads per
//   FLOP; three stages of (128 + 256)·64 fp16 = 48 KiB each fit in 144 KiB
//   of the 227 KiB an sm_90 block may use.
//
// smem_a = #tile.swizzle<128>
//   A's rows are now 64 fp16 = 128 bytes, exactly one 128-byte swizzle
//   panel, the layout TMA's 128-byte mode uses too.
//
// elements: f16 inputs, f32 accumulation, f16 output (rounded once, in the
// epilogue).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

func.func @gemm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
