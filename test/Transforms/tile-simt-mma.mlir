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
// Five 128-thread blocks per SM (the register estimate, 76, plus 8 rounded
// up to 88 per thread): ptxas is told so.
// CHECK-SAME:      nvvm.minctasm = 5 : i32
// CHECK-NOT:     tile.ptxas_opt_level
// CHECK-DAG:     %[[I1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[I0:.+]] = arith.constant 0 : i32
// CHECK-DAG:     %[[VZERO:.+]] = arith.constant dense<0.000000e+00> : vector<4xf32>
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
// ceil(K / 8) K tiles; the first one starts ceil(K / 8)·8 - K below 0.
// CHECK:         %[[KDIM:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK:         %[[KUP:.+]] = arith.addi %[[KDIM]], %[[C7]] : index
// CHECK:         %[[KTILES:.+]] = arith.divui %[[KUP]], %[[C8]] : index
// CHECK:         %[[KROUND:.+]] = arith.muli %[[KTILES]], %[[C8]] : index
// CHECK:         %[[KSHIFT:.+]] = arith.subi %[[KROUND]], %[[KDIM]] : index
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
// The block runs the interior loop where its tiles lie inside A, B and C,
// K is a multiple of 8 and the rows of A and B are 16-byte aligned (base
// address and pitch), else the guarded one.
// CHECK:         %[[M:.+]] = memref.dim %[[A]], %[[C0]]
// CHECK:         memref.extract_strided_metadata %[[A]]
// CHECK:         %[[N:.+]] = memref.dim %[[B]], %[[C1]]
// CHECK:         memref.extract_strided_metadata %[[B]]
// CHECK:         arith.cmpi eq, %[[KSHIFT]], %[[C0]] : index
// CHECK:         %[[COLEND:.+]] = arith.addi %[[COL0]], %[[C64]]
// CHECK:         arith.cmpi ule, %[[COLEND]], %[[N]]
// CHECK:         %[[ROWEND:.+]] = arith.addi %[[ROW0]], %[[C64]]
// CHECK:         arith.cmpi ule, %[[ROWEND]], %[[M]]
// CHECK:         scf.if %{{[0-9]+}} {
// Interior prologue, if there is a K tile: K tile 0 into stage 0. Thread
// t loads 4 consecutive K values of A row t/2 (128-bit) and stores them
// down the column t/2 of A^T; it copies 16 bytes of B row t/16 with
// cp.async. Then the fragments of K step 0 (zeros without K tiles).
// CHECK:         %[[ANY:.+]] = arith.cmpi ugt, %[[KTILES]], %[[C0]]
// CHECK:         %[[FIRST:.+]]:3 = scf.if %[[ANY]] -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
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
// CHECK-NEXT:      %[[F0A:.+]] = vector.load %[[SA]][%[[C0]], %[[C0]], %[[ROW]]]
// CHECK-NEXT:      %[[F0B:.+]] = vector.load %[[SB]][%[[C0]], %[[C0]], %[[COL]]]
// CHECK-NEXT:      %[[COL16:.+]] = arith.addi %[[COL]], %[[C16]]
// CHECK-NEXT:      %[[F0C:.+]] = vector.load %[[SB]][%[[C0]], %[[C0]], %[[COL16]]]
// CHECK-NEXT:      scf.yield %[[F0A]], %[[F0B]], %[[F0C]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[VZERO]], %[[VZERO]], %[[VZERO]]
// CHECK-NEXT:    }
// Main loop over i32 K tiles, carrying the fragments of K step 0 and the
// stage (t % 2, toggled). The next K tile (the last one again in the last
// iteration) goes into the other stage while this stage's 8 K steps are
// multiplied.
// CHECK:         %[[KTILES32:.+]] = arith.index_castui %[[KTILES]] : index to i32
// CHECK:         scf.for %[[T:.+]] = %[[I0]] to %[[KTILES32]] step %[[I1]]
// CHECK-SAME:        iter_args(%[[FA:.+]] = %[[FIRST]]#0, %[[FB:.+]] = %[[FIRST]]#1, %[[FC:.+]] = %[[FIRST]]#2, %[[STAGE32:.+]] = %[[I0]])
// CHECK-SAME:        -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, i32)  : i32 {
// CHECK:           %[[OTHER32:.+]] = arith.xori %[[STAGE32]], %[[I1]] : i32
// CHECK:           %[[LAST:.+]] = arith.subi %[[KTILES32]], %[[I1]] : i32
// CHECK:           %[[SUCC:.+]] = arith.addi %[[T]], %[[I1]] : i32
// CHECK:           %[[NEXT32:.+]] = arith.minui %[[SUCC]], %[[LAST]] : i32
// CHECK:           %[[NEXT:.+]] = arith.index_castui %[[NEXT32]] : i32 to index
// CHECK:           %[[STAGE:.+]] = arith.index_castui %[[STAGE32]] : i32 to index
// CHECK:           %[[OTHER:.+]] = arith.index_castui %[[OTHER32]] : i32 to index
// CHECK:           %[[K0:.+]] = arith.muli %[[NEXT]], %[[C8]]
// CHECK:           vector.load %[[A]][%{{.+}}, %{{.+}}] {alignment = 16 : i64}
// CHECK:           nvgpu.device_async_copy %[[B]][%{{.+}}, %{{.+}}], %[[SB]][%[[OTHER]], %{{.+}}, %{{.+}}], 4 {bypassL1}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// K step 0: the fragments of K step 1 load first (one 128-bit load of A^T
// row 1, two of B row 1: columns COL and COL + 16), then 4 x 8 FMAs with
// the carried fragments, row 1 of the thread tile right to left.
// CHECK-NEXT:      vector.load %[[SA]][%[[STAGE]], %[[C1]], %[[ROW]]] {alignment = 16 : i64} {{.+}}, vector<4xf32>
// CHECK-NEXT:      vector.load %[[SB]][%[[STAGE]], %[[C1]], %[[COL]]] {alignment = 16 : i64} {{.+}}, vector<4xf32>
// CHECK-NEXT:      %[[LCOL16:.+]] = arith.addi %[[COL]], %[[C16]]
// CHECK-NEXT:      vector.load %[[SB]][%[[STAGE]], %[[C1]], %[[LCOL16]]] {alignment = 16 : i64}
// CHECK:           %[[A00:.+]] = vector.extract %[[FA]][0]
// CHECK:           %[[B00:.+]] = vector.extract %[[FB]][0]
// CHECK:           %[[S:.+]] = memref.load %[[ACC]][%[[C0]], %[[C0]]]
// CHECK-NEXT:      %[[F:.+]] = llvm.intr.fma(%[[A00]], %[[B00]], %[[S]]) : (f32, f32, f32) -> f32
// CHECK-NEXT:      memref.store %[[F]], %[[ACC]][%[[C0]], %[[C0]]]
// CHECK-COUNT-7:   llvm.intr.fma
// CHECK-NEXT:      memref.store %{{.+}}, %[[ACC]][%[[C0]], %[[C7]]]
// CHECK-NEXT:      memref.load %[[ACC]][%[[C1]], %[[C7]]]
// CHECK-COUNT-24:  llvm.intr.fma
// K steps 1 to 6 likewise (their loads read rows 2 to 7); at the last one
// the next A tile goes into the other stage, transposed, then the wait and
// the one barrier, then the other stage's K step 0 loads, then the FMAs.
// CHECK:           vector.load %[[SA]][%[[STAGE]], %[[C7]], %[[ROW]]]
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C7]], %[[COL]]]
// CHECK:           vector.load %[[SB]][%[[STAGE]], %[[C7]], %[[LCOL16]]]
// CHECK-COUNT-32:  llvm.intr.fma
// CHECK-NOT:       llvm.intr.fma
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[SA]][%[[OTHER]], %{{.+}}, %{{.+}}]
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[NA:.+]] = vector.load %[[SA]][%[[OTHER]], %[[C0]], %[[ROW]]]
// CHECK-NEXT:      %[[NB:.+]] = vector.load %[[SB]][%[[OTHER]], %[[C0]], %[[COL]]]
// CHECK-NEXT:      %[[NC:.+]] = vector.load %[[SB]][%[[OTHER]], %[[C0]], %[[LCOL16]]]
// CHECK-COUNT-32:  llvm.intr.fma
// CHECK-NOT:       llvm.intr.fma
// CHECK:           scf.yield %[[NA]], %[[NB]], %[[NC]], %[[OTHER32]]
// CHECK-NEXT:    }
// CHECK-NEXT:    } else {
// The guarded loop: the same pipeline with 4-byte copies, each reading 1
// element or (below K = 0 in the first K tile) none; rows past M and
// columns past N read row or column 0 instead. Prologue: A's 4 elements
// and B's 4 of K tile 0 go straight to stage 0.
// CHECK:           scf.if %{{.+}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[C0]], {{.+}}], 1, %{{.+}} :
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[C0]], {{.+}}], 1, %{{.+}} :
// CHECK-NEXT:        nvvm.cp.async.commit.group
// CHECK-NEXT:        nvvm.cp.async.wait.group 0
// CHECK-NEXT:        gpu.barrier
// CHECK:           scf.for
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[A]]{{.+}}, 1, %{{.+}} :
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[B]]{{.+}}, 1, %{{.+}} :
// CHECK-NEXT:        nvvm.cp.async.commit.group
// CHECK-NOT:         memref.store %{{.+}}, %[[SA]]
// CHECK-COUNT-256:   llvm.intr.fma
// CHECK-NOT:         llvm.intr.fma
// CHECK:             scf.yield
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT:     nvvm.cp.async
// Epilogue: the tile through shared memory in rounds of 16 rows of 64 + 4
// floats, at any pitch; in each, a thread stores the 128-bit runs of its
// rows in the round, and after a barrier the threads copy the round to C
// one element each, consecutive threads on consecutive elements (4 per
// step of 8), each stored only inside C.
// CHECK-NOT:     vector.store %{{.+}}, %[[C]]
// CHECK:           %[[STAGING:.+]] = memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16x68xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      scf.for %[[FIRST:.+]] = %c0 to %c64 step %c16 {
// CHECK:             %[[LOCAL:.+]] = arith.subi %{{.+}}, %[[FIRST]]
// CHECK:             %[[IN:.+]] = arith.cmpi ult, %[[LOCAL]], %c16
// CHECK:             scf.if %[[IN]] {
// CHECK:               vector.store %{{.+}}, %[[STAGING]][%[[LOCAL]], %{{.+}}] {alignment = 16 : i64}
// CHECK:               vector.store %{{.+}}, %[[STAGING]][%[[LOCAL]], %{{.+}}] {alignment = 16 : i64}
// CHECK-NEXT:        }
// CHECK-COUNT-6:     vector.store %{{.+}}, %[[STAGING]]
// CHECK:             gpu.barrier
// CHECK:             scf.for %{{.+}} = %c0 to %c8 step %c4 {
// CHECK-COUNT-4:       memref.load %[[STAGING]]
// CHECK-COUNT-4:       memref.store %{{.+}}, %[[C]]
// CHECK:             gpu.barrier
// CHECK-NEXT:      }
// CHECK-NOT:     vector.store
// CHECK:         gpu.return
// CHECK-NOT:     {{^ *}}tile.
// The whole-tile variant (passes/common/WholeTileDispatch.h) in the same module:
// the interior prologue and main loop alone, so two 16-byte cp.async of B
// (prologue and loop) and no 4-byte copies, one scf.for.
// CHECK-LABEL: gpu.func @small_kernel_whole_tiles(
// CHECK-SAME:      tile.whole_tile_variant
// CHECK-NOT:     nvgpu.device_async_copy {{.+}}, 1
// CHECK:         nvgpu.device_async_copy %{{.+}}, 4 {bypassL1}
// CHECK-NOT:     nvgpu.device_async_copy
// CHECK:         scf.for
// CHECK-NOT:     nvgpu.device_async_copy {{.+}}, 1
// CHECK:         nvgpu.device_async_copy %{{.+}}, 4 {bypassL1}
// CHECK-NOT:     nvgpu.device_async_copy
// CHECK-NOT:     scf.for
// CHECK:         gpu.return
// CHECK-NOT:     {{^ *}}tile.
func.func @small(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// -----

// Three stages: A arrives by 4-byte cp.async too, transposed on the way (no
// registers), K tiles 0 and 1 are in flight before the loop, and iteration
// t refills the stage before its own ((t - 1) % 3) with K tile t + 2 (the
// last one again near the end). Thread t's 4 copies of A are column t%8 of
// rows t/8, +16, +32, +48 (a warp reads one 32-byte sector of 4 rows).
// wait.group 1 leaves the latest K tile in flight.

#three = #tile.schedule<chip = "sm_80", block = [64, 64, 8], warp = [32, 32],
  mma = #tile.mma<ffma, [4, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @three_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-DAG:     %[[I2:.+]] = arith.constant 2 : i32
// CHECK-DAG:     %[[I1:.+]] = arith.constant 1 : i32
// CHECK-DAG:     %[[I0:.+]] = arith.constant 0 : i32
// CHECK-DAG:     %[[C6528:.+]] = arith.constant 6528 : index
// CHECK-DAG:     %[[C48:.+]] = arith.constant 48 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C7:.+]] = arith.constant 7 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[ROW0:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK:         %[[KTILES:.+]] = arith.divui %{{.+}}, %[[C8]] : index
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[SA:.+]] = memref.view %{{.+}}[%[[C0]]][] {{.+}} to memref<3x8x68xf32, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = memref.view %{{.+}}[%[[C6528]]][] {{.+}} to memref<3x8x64xf32, #gpu.address_space<workgroup>>
// Prologue: K tile 0 into stage 0 and K tile min(1, last) into stage 1, a
// group each.
// CHECK:         scf.if %{{.+}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK:           %[[LASTTILE:.+]] = arith.subi %[[KTILES]], %[[C1]]
// CHECK:           %[[AK:.+]] = arith.remui %[[TID]], %[[C8]]
// CHECK:           %[[AM:.+]] = arith.divui %[[TID]], %[[C8]]
// CHECK:           %[[AROW:.+]] = arith.addi %[[ROW0]], %[[AM]]
// CHECK:           nvgpu.device_async_copy %[[A]][%[[AROW]], %[[AK]]], %[[SA]][%[[C0]], %[[AK]], %[[AM]]], 1 :
// CHECK:           %[[AM16:.+]] = arith.addi %[[AM]], %[[C16]]
// CHECK:           nvgpu.device_async_copy %[[A]][%{{.+}}, %[[AK]]], %[[SA]][%[[C0]], %[[AK]], %[[AM16]]], 1 :
// CHECK:           %[[AM32:.+]] = arith.addi %[[AM]], %[[C32]]
// CHECK:           nvgpu.device_async_copy %[[A]][%{{.+}}, %[[AK]]], %[[SA]][%[[C0]], %[[AK]], %[[AM32]]], 1 :
// CHECK:           %[[AM48:.+]] = arith.addi %[[AM]], %[[C48]]
// CHECK:           nvgpu.device_async_copy %[[A]][%{{.+}}, %[[AK]]], %[[SA]][%[[C0]], %[[AK]], %[[AM48]]], 1 :
// CHECK:           nvgpu.device_async_copy %[[B]]{{.+}}, %[[SB]][%[[C0]], {{.+}}], 4 {bypassL1}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      %[[TILE1:.+]] = arith.minui %[[LASTTILE]], %[[C1]]
// CHECK-NEXT:      %[[K1:.+]] = arith.muli %[[TILE1]], %[[C8]]
// CHECK-COUNT-4:   nvgpu.device_async_copy %[[A]]{{.+}}, %[[SA]][%[[C1]], {{.+}}], 1 :
// CHECK:           nvgpu.device_async_copy %[[B]]{{.+}}, %[[SB]][%[[C1]], {{.+}}], 4 {bypassL1}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
// CHECK-COUNT-3:   vector.load
// CHECK-NEXT:      scf.yield
// The loop: next stage (t + 1) % 3, refilled stage (t - 1) % 3, K tile
// min(t + 2, last).
// CHECK:         scf.for %[[T:.+]] = %[[I0]] to %[[KTILES32:.+]] step %[[I1]]
// CHECK-SAME:        %[[STAGE32:[^ ]+]] = %[[I0]])
// CHECK:           %[[ISLAST:.+]] = arith.cmpi eq, %[[STAGE32]], %[[I2]] : i32
// CHECK:           %[[SUCC:.+]] = arith.addi %[[STAGE32]], %[[I1]] : i32
// CHECK:           %[[NEXT32:.+]] = arith.select %[[ISLAST]], %[[I0]], %[[SUCC]] : i32
// CHECK:           %[[ISFIRST:.+]] = arith.cmpi eq, %[[STAGE32]], %[[I0]] : i32
// CHECK:           %[[PRED:.+]] = arith.subi %[[STAGE32]], %[[I1]] : i32
// CHECK:           %[[FILL32:.+]] = arith.select %[[ISFIRST]], %[[I2]], %[[PRED]] : i32
// CHECK:           %[[LAST:.+]] = arith.subi %[[KTILES32]], %[[I1]] : i32
// CHECK:           %[[AHEAD:.+]] = arith.addi %[[T]], %[[I2]] : i32
// CHECK:           arith.minui %[[AHEAD]], %[[LAST]] : i32
// CHECK:           %[[STAGE:.+]] = arith.index_castui %[[STAGE32]] : i32 to index
// CHECK:           %[[NEXT:.+]] = arith.index_castui %[[NEXT32]] : i32 to index
// CHECK:           %[[FILL:.+]] = arith.index_castui %[[FILL32]] : i32 to index
// CHECK-COUNT-4:   nvgpu.device_async_copy %[[A]]{{.+}}, %[[SA]][%[[FILL]], {{.+}}], 1 :
// CHECK:           nvgpu.device_async_copy %[[B]]{{.+}}, %[[SB]][%[[FILL]], {{.+}}], 4 {bypassL1}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NOT:       memref.store %{{.+}}, %[[SA]]
// CHECK:           vector.load %[[SA]][%[[STAGE]], %[[C7]], %{{.+}}]
// CHECK-NOT:       memref.store %{{.+}}, %[[SA]]
// CHECK:           nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      vector.load %[[SA]][%[[NEXT]], %[[C0]], %{{.+}}]
// CHECK:           scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %[[NEXT32]]
// CHECK-NEXT:    }
// The reloads of the last K tile land before the block leaves.
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:    } else {
// Guarded: K tile 0 (its copies read 1 element each, or none below K = 0)
// and K tile min(1, last) (each reads 1, or none when K tile 0 is the only
// one) into stages 0 and 1.
// CHECK:           scf.if %{{.+}} -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[A]]{{.+}}, %[[SA]][%[[C0]], {{.+}}], 1, %{{.+}} :
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[B]]{{.+}}, %[[SB]][%[[C0]], {{.+}}], 1, %{{.+}} :
// CHECK-NEXT:        nvvm.cp.async.commit.group
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[A]]{{.+}}, %[[SA]][%[[C1]], {{.+}}], 1, %{{.+}} :
// CHECK-COUNT-4:     nvgpu.device_async_copy %[[B]]{{.+}}, %[[SB]][%[[C1]], {{.+}}], 1, %{{.+}} :
// CHECK-NEXT:        nvvm.cp.async.commit.group
// CHECK:           scf.for
// CHECK:           nvvm.cp.async.wait.group 0
// CHECK-NEXT:    }
func.func @three(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #three}
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
