// Transpose benchmark schedule: the classic 32×32 tile with 32×8 threads and 4-byte accesses.
// Run with transpose-run (see examples/transpose_f32_sm90.mlir).
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [32, 32], threads = [32, 8],
  smem = #tile.pad<1>, vector = 1>

func.func @transpose_f32_32x32_pad1_scalar(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32> into memref<?x?xf32>
  return
}
