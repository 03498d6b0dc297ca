// The tf32 example's schedule on a row-major A and B (the SGEMM layout):
// the compiler stages B's K-major copy (B^T, N×K) before each launch
// (tile-stage-transposed-operands). Timed against cuBLAS tf32 in the same
// run (bench/NOTES.md, session 15).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16, stream_k = spares>,
  epilogue = #tile.epilogue<store = tma, store_rounds = 4>>

func.func @tf32_staged_row_b(
    %a: memref<?x?xf32>,
    %b: memref<?x?xf32>,
    %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32>
        into memref<?x?xf32>
  return
}
