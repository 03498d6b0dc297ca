// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// Fused epilogues into a column-major C and on batched operands.

#colc = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @colc(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
                %alpha: f32, %beta: f32, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16> {schedule = #colc,
      epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = relu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}

#batched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

func.func @batched(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                   %c: memref<?x?x?xbf16>, %alpha: f32, %beta: f32,
                   %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16> {schedule = #batched,
      epilogue = #tile.epilogue<alpha_beta = true, bias = column>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// A column-major C: the staging copy stores 8 rows of one column per thread
// and applies the epilogue on C's transpose, where those rows are a run of
// a row: beta·C is one 16-byte load, and the row bias (one entry per row of
// C) is read 8 entries at once. The operands of the thread's 8 chunks are
// read before any is applied.
// CHECK-LABEL: gpu.func @colc_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?xbf16, strided<[1, ?], offset: ?>>
// CHECK-SAME:      %[[BETA:arg6]]: f32
// CHECK:         %[[CT:.+]] = memref.transpose %[[C]] (d0, d1) -> (d1, d0)
// CHECK:         %[[READS:.+]] = arith.cmpf une, %[[BETA]], %{{.+}} : f32
// CHECK-NEXT:    scf.if %[[READS]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:      scf.if %[[WHOLE:.+]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:        vector.load %[[CT]][%[[COL:.+]], %[[ROW:.+]]] {alignment = 16 : i64} {{.*}} vector<8xbf16>
// CHECK-COUNT-7:     vector.load %[[CT]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} {{.*}} vector<8xbf16>
// CHECK:         scf.if %[[WHOLE]] -> ({{(vector<8xbf16>, )+}}vector<8xbf16>) {
// CHECK-NEXT:      arith.addi %{{.+}}, %[[ROW]] : index
// CHECK:           llvm.load %{{.+}} invariant {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xbf16>
// CHECK-COUNT-8:   vector.from_elements %{{.+}} : vector<8xf32>

// Batched: beta·C reads each entry's 2-D view of C; the bias is shared.
// CHECK-LABEL: gpu.func @batched_kernel(
// CHECK-SAME:      %[[C:arg2]]: memref<?x?x?xbf16
// CHECK:         %[[ENTRY:.+]] = memref.subview %[[C]][%block_id_z, 0, 0]
// CHECK:         vector.load %[[ENTRY]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} {{.*}} vector<8xbf16>
