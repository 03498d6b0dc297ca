// Transpose benchmark schedule: 64×64 tile, unpadded, column XOR row mod 32.
// Run with transpose-run (see examples/transpose_f32_sm90.mlir).
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32],
  smem = #tile.swizzle<128>, vector = 4>

func.func @transpose_f32_64x64_swizzle(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32> into memref<?x?xf32>
  return
}
