// Transpose benchmark schedule: 128×64 tile: twice the loads in flight per thread.
// Run with transpose-run (see examples/transpose_f32_sm90.mlir).
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [128, 64], threads = [8, 32],
  smem = #tile.pad<1>, vector = 4>

func.func @transpose_f32_128x64_pad1(%src: memref<?x?xf32>, %dst: memref<?x?xf32>) {
  tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32> into memref<?x?xf32>
  return
}
