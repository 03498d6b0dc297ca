// The static model's DRAM traffic (analysis/OperandTraffic.h): the panels
// of A and B each wave of blocks reads, through an L2 (60 MiB on the H200)
// that keeps the latest ones. A and B fit: each byte once, whatever the
// raster. At 4096^3 bf16 they do not (64 MiB): strips of 4 tiles along M
// keep all of A resident while B's columns pass once (64 MiB, plus 32 MiB
// of C); strips of 8 evict A rows a later strip reads again.
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=LARGE
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=2048 n=2048 k=2048" \
// RUN:   | FileCheck %s --check-prefix=FITS
// The H100's 50 MB L2 holds less: more traffic either way.
// RUN: gemm-opt %s -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h100 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=H100

// LARGE-LABEL: schedule @strips_of_4
// LARGE:       DRAM {{.*}} us (100.7 MB)
// LARGE-LABEL: schedule @strips_of_8
// LARGE:       DRAM {{.*}} us (109.1 MB)

// FITS-LABEL: schedule @strips_of_4
// FITS:       DRAM {{.*}} us (25.2 MB)
// FITS-LABEL: schedule @strips_of_8
// FITS:       DRAM {{.*}} us (25.2 MB)

// H100-LABEL: schedule @strips_of_4
// H100:       DRAM {{.*}} us (103.8 MB)
// H100-LABEL: schedule @strips_of_8
// H100:       DRAM {{.*}} us (132.1 MB)

#strips_of_4 = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4>,
  store = #tile.store<tma>>
func.func @strips_of_4(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #strips_of_4}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

#strips_of_8 = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>
func.func @strips_of_8(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #strips_of_8}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
