// Transpose benchmark schedule: bf16, 16-byte accesses of 8 elements, column XOR row mod 64.
// Run with transpose-run (see examples/transpose_f32_sm90.mlir).
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32],
  smem = #tile.swizzle<128>, vector = 8>

func.func @transpose_bf16_64x64_swizzle(%src: memref<?x?xbf16>, %dst: memref<?x?xbf16>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?xbf16> into memref<?x?xbf16>
  return
}
