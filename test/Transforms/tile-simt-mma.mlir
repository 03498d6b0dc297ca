// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// The input of tile-simt-mma is what tile-outline-kernel and tile-block-tile
// make of an ffma schedule (made here by running them); cse merges the
// index constants the lowering re-emits per op.
//
// block [64, 64, 8], warp [32, 32], thread tile [4, 8]: 4 warps (2 x 2,
// 128 threads) whose lanes form an 8x4 grid, interleaved in pairs: lane l
// is lane row 2·(l/8) + l%2 and lane column (l%8)/2, so a thread owns rows
// warpRow + 4·laneRow .. +4 and columns warpCol + 4·laneCol .. +4 and
// +16 .. +20 (two 4x4 sub-tiles, 4·LN = 16 columns apart). Shared memory:
// 2 stages of A^T (8 rows of 64 + 4 floats: 4352 bytes) from byte 0, then
// 2 stages of B (8 rows of 64 floats).

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 8], warp = [32, 32],
  mma = #tile.mma<ffma, [4, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @small_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C4352:.+]] = arith.constant 4352 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// The 4x8 accumulators, at kernel entry, zeroed.
// CHECK:         %[[ACC:.+]] = memref.alloca() : memref<4x8xf32>
// CHECK:         %[[ROW0:.+]] = arith.muli %{{.+}}, %[[C64]] : index
// CHECK:         %[[COL0:.+]] = arith.muli %{{.+}}, %[[C64]] : index
// CHECK:         %[[KDIM:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK:         %[[KTILES:.+]] = arith.divui %[[KDIM]], %[[C8]] : index
// CHECK-COUNT-32: memref.store %[[ZERO]], %[[ACC]]
// The thread's place: warp (tid/32 over a 2-wide warp grid), lanes in
// pairs: row 2·(lane/8) + lane%2, column (lane%8)/2.
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[WARP:.+]] = arith.divui %[[TID]], %[[C32]]
// CHECK:         %[[LANE:.+]] = arith.remui %[[TID]], %[[C32]]
// CHECK:         %[[WARP_ROW:.+]] = arith.muli %{{.+}}, %[[C32]]
// CHECK:         %[[WARP_COL:.+]] = arith.muli %{{.+}}, %[[C32]]
// CHECK:         %[[PAIR_ROW:.+]] = arith.divui %[[LANE]], %[[C8]]
// CHECK:         %[[ODD:.+]] = arith.remui %[[LANE]], %[[C2]]
// CHECK:         %[[PAIR_ROW2:.+]] = arith.muli %[[PAIR_ROW]], %[[C2]]
// CHECK:         %[[LANE_ROW:.+]] = arith.addi %[[PAIR_ROW2]], %[[ODD]]
// CHECK:         %[[LANE8:.+]] = arith.remui %[[LANE]], %[[C8]]
// CHECK:         %[[LANE_COL:.+]] = arith.divui %[[LANE8]], %[[C2]]
// CHECK:         %[[R:.+]] = arith.muli %[[LANE_ROW]], %[[C4]]
// CHECK:         %[[ROW:.+]] = arith.addi %[[WARP_ROW]], %[[R]]
// CHECK:         %[[Q:.+]] = arith.muli %[[LANE_COL]], %[[C4]]
// CHECK:         %[[COL:.+]] = arith.addi %[[WARP_COL]], %[[Q]]
// CHECK:         %[[SMEM:.+]] = gpu.dynamic_shared_memory
// CHECK:         %[[SA:.+]] = memref.view %[[SMEM]][%[[C0]]][] {{.+}} to memref<2x8x68xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = memref.view %[[SMEM]][%[[C4352]]][] {{.+}} to memref<2x8x64xf32, #gpu.address_space<workgroup>>
// Prologue, if there is a K tile: K tile 0 into stage 0. Thread t loads 4
// consecutive K values of A row t/2 (128-bit) and stores them down the
// column t/2 of A^T; it copies 16 bytes of B row t/16 with cp.async.
// CHECK:         %[[ANY:.+]] = arith.cmpi ugt, %[[KTILES]], %[[C0]]
// CHECK:         scf.if %[[ANY]] {
// CHECK:           %[[AROW:.+]] = arith.divui %[[TID]], %[[C2]]
// CHECK:           %[[AK:.+]] = arith.muli %{{.+}}, %[[C4]]
// CHECK:           %[[AGROW:.+]] = arith.addi %[[ROW0]], %[[AROW]]
// CHECK:           %[[AV:.+]] = vector.load %[[A]][%[[AGROW]], %[[AK]]] {alignment = 16 : i64} {{.+}}, vector<4xf32>
// CHECK:           %[[BROW:.+]] = arith.divui %[[TID]], %[[C16]]
// CHECK:           nvgpu.device_async_copy %[[B]][%[[BROW]], %{{.+}}], %[[SB]][%[[C0]], %[[BROW]], %{{.+}}], 4 {bypassL1}
// CHECK:           nvvm.cp.async.commit.group
// CHECK:           %[[A0:.+]] = vector.extract %[[AV]][0]
// CHECK:           memref.store %[[A0]], %[[SA]][%[[C0]], %[[AK]], %[[AROW]]]
// CHECK-COUNT-3:   memref.store %{{.+}}, %[[SA]][%[[C0]], %{{.+}}, %[[AROW]]]
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:    }
// Main loop: the next K tile (the last one again in the last iteration)
// into the other stage, while this stage's 8 K steps are multiplied.
// CHECK:         scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK:           %[[STAGE:.+]] = arith.remui %[[T]], %[[C2]]
// CHECK:           %[[OTHER:.+]] = arith.subi %[[C1]], %[[STAGE]]
// CHECK:           %[[LAST:.+]] = arith.subi %[[KTILES]], %[[C1]]
// CHECK:           %[[SUCC:.+]] = arith.addi %[[T]], %[[C1]]
// CHECK:           %[[NEXT:.+]] = arith.minui %[[SUCC]], %[[LAST]]
// CHECK:           %[[K0:.+]] = arith.muli %[[NEXT]], %[[C8]]
// CHECK:           vector.load %[[A]][%{{.+}}, %{{.+}}] {alignment = 16 : i64}
// CHECK:           nvgpu.device_async_copy %[[B]][%{{.+}}, %{{.+}}], %[[SB]][%[[OTHER]], %{{.+}}, %{{.+}}], 4 {bypassL1}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// K step 0: one 128-bit load of A^T row 0 (the thread's 4 rows), two of
// B row 0 (columns COL and COL + 16), 4 x 8 FMAs.
// CHECK:           vector.load %[[SA]][%[[STAGE]], %[[C0]], %[[ROW]]] {alignment = 16 : i64} {{.+}}, vector<4xf32>
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C0]], %[[COL]]] {alignment = 16 : i64} {{.+}}, vector<4xf32>
// CHECK:           %[[COL16:.+]] = arith.addi %[[COL]], %[[C16]]
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C0]], %[[COL16]]] {alignment = 16 : i64}
// CHECK:           %[[S:.+]] = memref.load %[[ACC]][%[[C0]], %[[C0]]]
// CHECK-NEXT:      %[[F:.+]] = llvm.intr.fma(%{{.+}}, %{{.+}}, %[[S]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:      memref.store %[[F]], %[[ACC]][%[[C0]], %[[C0]]]
// CHECK-COUNT-31:  llvm.intr.fma
// K steps 1 to 6 likewise; the last one reads row 7.
// CHECK:           vector.load %[[SA]][%[[STAGE]], %[[C7]], %[[ROW]]]
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C7]], %[[COL]]]
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C7]], %[[COL16]]]
// CHECK-COUNT-32:  llvm.intr.fma
// CHECK-NOT:       llvm.intr.fma
// Then the next A tile goes into the other stage, transposed; one barrier.
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[SA]][%[[OTHER]], %{{.+}}, %{{.+}}]
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:    }
// Epilogue: 4 rows x 2 sub-tiles, each a 128-bit store into the C tile.
// CHECK:         %[[CT:.+]] = memref.subview %[[C]][%[[ROW0]], %[[COL0]]] [64, 64] [1, 1]
// CHECK:         vector.store %{{.+}}, %[[CT]][%[[ROW]], %[[COL]]] {alignment = 16 : i64}
// CHECK:         %[[EPI_COL16:.+]] = arith.addi %[[COL]], %[[C16]]
// CHECK:         vector.store %{{.+}}, %[[CT]][%[[ROW]], %[[EPI_COL16]]] {alignment = 16 : i64}
// CHECK-COUNT-6: vector.store %{{.+}}, %[[CT]]
// CHECK-NOT:     vector.store
// CHECK:         gpu.return
// CHECK-NOT:     tile.
func.func @small(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// -----

// mma.sync schedules are not this pass's: the K loop stays as it is.

#sync = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @sync_kernel(
// CHECK:         tile.alloc_accumulator
// CHECK:         scf.for
// CHECK:           tile.block_mma
// CHECK:         tile.store_accumulator
// CHECK-NOT:     llvm.intr.fma
func.func @sync(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sync}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
