// Benchmark variant: e4m3 × e4m3 → e4m3 (scale_d, saturated) with the amax of D, tensor scales with fast accumulation; block [128, 256, 128], warpgroup [64, 256], 3 stages, persistent = true, store tma in 2 rounds; clusters of [2, 1] sharing B by TMA multicast.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 128], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma, rounds = 2>>

func.func @wgmma_fp8_tensor_e4m3_out_128x256_s3_fast_cluster2x1(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf8E4M3FN>, %scale_a: memref<f32>, %scale_b: memref<f32>, %scale_d: memref<f32>, %amax: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %scale_a : memref<f32> scale_b %scale_b : memref<f32> scale_d %scale_d : memref<f32> amax %amax : memref<f32>
      {schedule = #sched, scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xf8E4M3FN>
  return
}
