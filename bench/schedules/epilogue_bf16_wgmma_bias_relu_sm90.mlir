// The bias + GELU example (examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir)
// with ReLU instead of GELU, for gemm-run --compare-epilogue against
// cuBLASLt's RELU_BIAS (scripts/device-all.sh, part "epilogue"):
//
//   C[M×N] = relu(A[M×K] · B[K×N] + bias[N])      (bias per column of C)
//
// Named epilogue_* so that the benchmark part's "wgmma_*" glob skips it.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @gemm_bf16_wgmma_bias_relu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                                     %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = relu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
