// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --tile-check-chip="chip=sm_90a" | FileCheck %s

// Batched wgmma GEMMs (3-D operands) lower as one block per tile and batch
// entry, or with a persistent grid over every entry's tiles; what the
// lowering does not take with batches yet is rejected with the feature's
// name.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @batched(
// CHECK:         tile.gemm {{.+}} : memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xbf16>
func.func @batched(%a: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, %b: memref<?x?x?xbf16>,
                   %c: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xbf16>
        into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>,
  store = #tile.store<vector>>

func.func @batched_split_k(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xbf16>) {
  // expected-error @+1 {{'tile.gemm' op split_k with batched operands lowering is not implemented yet}}
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// The bias is shared by every batch entry and applies to each, like alpha,
// beta and the activations; the residual is one matrix per entry, laid out
// like C.
// CHECK-LABEL: func.func @batched_residual(
// CHECK:         tile.gemm {{.+}} residual %{{.+}} : memref<?x?x?xbf16>
func.func @batched_residual(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                            %c: memref<?x?x?xbf16>, %bias: memref<?xbf16>,
                            %r: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> residual %r : memref<?x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = gelu_tanh, residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
