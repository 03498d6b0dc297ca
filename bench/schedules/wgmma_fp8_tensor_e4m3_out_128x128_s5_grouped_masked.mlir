// Benchmark variant: grouped e4m3 × e4m3 → e4m3 in the masked layout with per-tensor scales, one scalar of A and one of B per group (memref<?xf32>, G entries), partial sums promoted every 128 K; then one scale_d for all groups (C = saturate(D · scale_d)) and one amax of D over the rows every group stores. cuBLASLt takes these scales (SCALAR_32F per matmul), so gemm-run anchors each group's e4m3 C and the amax against a cuBLASLt FP8 matmul, which the block-scaled twin (wgmma_fp8_blocks_e4m3_out_128x128_s5_grouped_masked) cannot have at these shapes. Block [128, 128, 128], warpgroup [64, 128], 5 stages, persistent grid, store tma clipped at each group's valid rows.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

func.func @wgmma_fp8_tensor_e4m3_out_128x128_s5_grouped_masked(
    %a: memref<?x?x?xf8E4M3FN>,
    %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
    %c: memref<?x?x?xf8E4M3FN>,
    %scale_a: memref<?xf32>, %scale_b: memref<?xf32>,
    %scale_d: memref<f32>, %amax: memref<f32>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      scale_a %scale_a : memref<?xf32> scale_b %scale_b : memref<?xf32>
      scale_d %scale_d : memref<f32> amax %amax : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf8E4M3FN>
  return
}
