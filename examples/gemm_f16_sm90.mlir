// An fp16 GEMM with fp32 accumulation on tensor cores (mma.sync) for an
// H100/H200 (sm_90a). See gemm_bf16_sm90.mlir for a walk through every
// level of the schedule; this one has the same tiles with fp16 elements:
//
// elements: f16 inputs, f32 accumulation, f16 output (rounded once, in the
// epilogue).
//
// Why not a 64-wide K step (half the barriers per FLOP)? The main loop
// keeps the operand fragments of the next K step in registers while the
// tensor cores work on the current one; with BK = 64 the address registers
// of four K steps push ptxas past 255 registers and it spills (such a
// schedule runs at about 0.6 of this one's speed).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

func.func @gemm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
