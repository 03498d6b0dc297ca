// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --check-prefix=IR --enable-var-scope
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A grouped FP8 GEMM with block scales in the contiguous layout (the
// schedule of bench/schedules/wgmma_fp8_blocks_128x128_s5_grouped_contiguous):
// A's scales are one T × K/128 matrix, read at the tile's rows of all groups;
// B's are a batch of one block-scale matrix per group, which the block-scale
// warp views at the tile's group (OperandScales::atBatchEntry). The scales
// come before the group offsets, the last argument. ptxas keeps it free of
// spills and of wgmma serialization (C7520).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 5, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 56, consumer_registers = 224>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// IR-LABEL: gpu.func @fp8_grouped_kernel(
// IR-SAME:      %[[SA:[^:]+]]: memref<?x?xf32, strided<[?, ?], offset: ?>>, %[[SB:[^:]+]]: memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, %[[OFFSETS:[^:]+]]: memref<?xi32>)
// IR-SAME:      tile.grouped = "contiguous"
// IR:           nvvm.vote.sync  ballot
// IR:           %[[SB_GROUP:.+]] = memref.subview %[[SB]][%{{.+}}, 0, 0]
// IR:           memref.load %[[SA]][%{{.+}}, %[[KB:.+]]] : memref<?x?xf32
// IR:           memref.load %[[SB_GROUP]][%[[KB]], %{{.+}}] : memref<?x?xf32

// PTXAS: Compiling entry function 'fp8_grouped_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "grouped": "contiguous",
// BUNDLE:      "operand": "scale_a",
// BUNDLE-NEXT: "rank": 2
// BUNDLE:      "operand": "scale_b",
// BUNDLE-NEXT: "rank": 3
// BUNDLE:      "operand": "group_offsets",
// BUNDLE-NEXT: "rank": 1
// BUNDLE:      "scaling": {
// BUNDLE-NEXT:   "a": "block_1x128",
// BUNDLE-NEXT:   "b": "block_128x128",
func.func @fp8_grouped(%a: memref<?x?xf8E4M3FN>,
                       %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                       %c: memref<?x?xbf16>,
                       %scale_a: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                       %scale_b: memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>,
                       %offsets: memref<?xi32>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      scale_a %scale_a : memref<?x?xf32, strided<[1, ?], offset: ?>>
      scale_b %scale_b : memref<?x?x?xf32, strided<[?, 1, ?], offset: ?>>
      {schedule = #sched, scaling = #tile.scaling<a = block_1x128, b = block_128x128>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}
