// The static model of split_k grids (analysis/SplitKCost.h): S blocks per
// tile of C, each over 1/S of the K tiles; the partial tiles' stores, the
// last block's sum, and the workspace traffic (S·M·N·4 bytes written and
// read, through DRAM once it exceeds L2). split_k = 2 about doubles the
// speed of the same 128x128 tile at 1024x1024x8192, and loses on large
// shapes (8192^3).
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1024 n=1024 k=8192" \
// RUN:   | FileCheck %s --check-prefix=DEEP
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=8192 n=8192 k=8192" \
// RUN:   | FileCheck %s --check-prefix=LARGE
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=16 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=SKINNY
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=16 n=4096 k=4096 format=json" \
// RUN:   | FileCheck %s --check-prefix=JSON

// 64 tiles on 132 SMs: half of them idle without split_k.
// DEEP-LABEL: schedule @no_split
// DEEP:       shape 1024x1024x8192: 64 tiles of 128 K tiles, 0.48 waves
// DEEP:       predicted: latency bound, 48.2 us, 356.3 TFLOP/s
// DEEP-LABEL: schedule @split_k2
// DEEP:       shape 1024x1024x8192: 64 tiles x 2 splits = 128 blocks of 64 K tiles, 0.97 waves
// DEEP:       split-K: workspace 8.4 MB (fits in L2), partial tile 1.2 us per block, sum 9.3 us per tile (8 chunk iterations), exposed 10.5 us, L2 traffic 5.6 us
// DEEP-NEXT:  predicted: latency bound, 38.5 us, 446.1 TFLOP/s
// DEEP-LABEL: schedule @split_k4
// DEEP:       shape 1024x1024x8192: 64 tiles x 4 splits = 256 blocks of 32 K tiles, 1.94 waves
// DEEP:       predicted: latency bound, {{.*}} us, 375.4 TFLOP/s

// 4096 tiles fill the SMs 31 times over: splitting only adds work, and a
// 1 GiB workspace goes through DRAM.
// LARGE-LABEL: schedule @no_split
// LARGE:       predicted: {{.*}} TFLOP/s
// LARGE-LABEL: schedule @split_k2
// LARGE:       split-K: workspace 536.9 MB (exceeds L2: through DRAM)
// LARGE-LABEL: schedule @split_k4
// LARGE:       shape 8192x8192x8192: 4096 tiles x 4 splits = 16384 blocks of 32 K tiles
// LARGE:       split-K: workspace 1073.7 MB (exceeds L2: through DRAM)
// LARGE-NEXT:  predicted: latency bound, {{.*}} us, 464.6 TFLOP/s

// 16 rows: one ragged row of tiles (the wgmma kernels take any shape), the
// partial tiles hold the 16 rows inside C.
// SKINNY-LABEL: schedule @no_split
// SKINNY:       shape 16x4096x4096: 32 tiles of 64 K tiles, 0.24 waves
// SKINNY-LABEL: schedule @split_k4
// SKINNY:       shape 16x4096x4096: 32 tiles x 4 splits = 128 blocks of 16 K tiles, 0.97 waves
// SKINNY:       split-K: workspace 1.0 MB (fits in L2), partial tile 0.6 us per block

// JSON:      "blocks": 128,
// JSON:      "split_k": 4,
// JSON:      "workspace_bytes": 1048576

#no_split = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @no_split(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #no_split}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// bench/schedules/wgmma_bf16_128x128x64_s4_sk2.mlir
#split_k2 = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 2>,
  store = #tile.store<vector>>
func.func @split_k2(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #split_k2}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// bench/schedules/wgmma_bf16_128x128x64_s4_sk4.mlir
#split_k4 = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>,
  store = #tile.store<vector>>
func.func @split_k4(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #split_k4}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
