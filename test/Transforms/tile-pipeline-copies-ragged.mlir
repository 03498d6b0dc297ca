// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies))" | FileCheck %s
// Running the pass again finds no global-memory K loop left to pipeline.
// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies,tile-pipeline-copies))" \
// RUN:   | FileCheck %s --check-prefix=TWICE

// A ragged = true pipeline (tile-pipeline-copies.mlir has the others): 3
// stages of bf16 64x32 A tiles and 32x64 B tiles; 128 threads copy 256
// 16-byte chunks of each tile, 2 per thread. A advances along its columns
// with K, B along its rows. ceil(K / 32) K tiles. The pipeline is emitted
// three times: blocks whose tiles lie inside A and B, with K a multiple of
// 32 and both matrices' rows 16-byte aligned, run the one with plain
// 16-byte copies (checked in detail below); other blocks with aligned rows
// one whose copies zero-fill past the edges (cp.async's source size); the
// rest one that loads element by element, one K tile at a time. The
// interior one: the prologue fills stages 0 and 1, waits until at most
// stages - 2 = 1 group is pending, barriers and loads the fragments of
// K step 0 of tile 0. BK = 32 is 2 K steps of 16: in iteration t, step 0
// loads step 1's fragments, refills the stage of tile t - 1 with tile t + 2
// and multiplies step 0; step 1 (the last) waits for tile t + 1, barriers,
// loads its step 0 if t + 1 < kTiles and multiplies step 1.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>>

// CHECK-LABEL: gpu.func @pipeline_bf16(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C31:.+]] = arith.constant 31 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK:         %[[ROW:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK:         %[[COL:.+]] = arith.muli %{{.+}}, %{{.+}} : index
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator
// CHECK:         %[[K:.+]] = memref.dim %[[A]], %[[C1]]
// CHECK:         %[[SA:.+]] = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
// CHECK-SAME:      : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = tile.alloc_shared {layout = #tile.swizzle<128>, offset = 12288 : i64}
// CHECK-SAME:      : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
// CHECK:         %[[ALIGNED_A:.+]] = arith.andi
// CHECK:         %[[ALIGNED_B:.+]] = arith.andi
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[KPLUS:.+]] = arith.addi %[[K]], %[[C31]] : index
// CHECK:         %[[KTILES:.+]] = arith.divui %[[KPLUS]], %[[C32]] : index
// CHECK:         %[[ROWEND:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK-NEXT:    %[[ROWSFIT:.+]] = arith.cmpi ule, %[[ROWEND]], %{{.+}} : index
// CHECK-NEXT:    %[[COLEND:.+]] = arith.addi %[[COL]], %{{.+}} : index
// CHECK-NEXT:    %[[COLSFIT:.+]] = arith.cmpi ule, %[[COLEND]], %{{.+}} : index
// CHECK-NEXT:    %[[KREM:.+]] = arith.remui %[[K]], %[[C32]] : index
// CHECK-NEXT:    %[[KWHOLE:.+]] = arith.cmpi eq, %[[KREM]], %[[C0]] : index
// CHECK-NEXT:    %[[ALIGNED:.+]] = arith.andi %[[ALIGNED_A]], %[[ALIGNED_B]] : i1
// CHECK-NEXT:    %[[KOK:.+]] = arith.andi %[[KWHOLE]], %[[ALIGNED]] : i1
// CHECK-NEXT:    %[[INSIDE:.+]] = arith.andi %[[ROWSFIT]], %[[COLSFIT]] : i1
// CHECK-NEXT:    %[[INTERIOR:.+]] = arith.andi %[[INSIDE]], %[[KOK]] : i1
// CHECK:         %[[FRAGS:.+]] = tile.alloc_fragments {schedule = #tile.schedule<{{.+}}>} : !tile.fragments<2, bf16>
// CHECK-NEXT:    scf.if %[[INTERIOR]] {

// Prologue, K tile 0 into stage 0: thread t copies chunks t and t + 128.
// CHECK:         %[[HAS0:.+]] = arith.cmpi ugt, %[[KTILES]], %[[C0]] : index
// CHECK:         scf.if %[[HAS0]] {
// CHECK:           %[[AR:.+]] = arith.divui %[[TID]], %[[C4]] : index
// CHECK:           %[[ACHUNK:.+]] = arith.remui %[[TID]], %[[C4]] : index
// CHECK:           %[[AC:.+]] = arith.muli %[[ACHUNK]], %[[C8]] : index
// CHECK:           %[[AGR:.+]] = arith.addi %[[ROW]], %[[AR]] : index
// CHECK:           nvgpu.device_async_copy %[[A]][%[[AGR]], %[[AC]]], %[[SA]][%[[C0]], %[[AR]], %[[AC]]], 8 {bypassL1}
// CHECK-SAME:        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<3x64x32xbf16, #gpu.address_space<workgroup>>
// CHECK:           %[[SECOND:.+]] = arith.addi %[[TID]], %[[C128]] : index
// CHECK:           arith.divui %[[SECOND]], %[[C4]] : index
// CHECK:           nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[C0]], {{.+}}], 8 {bypassL1}
// CHECK:           %[[BR:.+]] = arith.divui %[[TID]], %[[C8]] : index
// CHECK:           %[[BCHUNK:.+]] = arith.remui %[[TID]], %[[C8]] : index
// CHECK:           %[[BC:.+]] = arith.muli %[[BCHUNK]], %[[C8]] : index
// CHECK:           %[[BGC:.+]] = arith.addi %[[COL]], %[[BC]] : index
// CHECK:           nvgpu.device_async_copy %[[B]][%[[BR]], %[[BGC]]], %[[SB]][%[[C0]], %[[BR]], %[[BC]]], 8 {bypassL1}
// CHECK-SAME:        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<3x32x64xbf16, #gpu.address_space<workgroup>>
// CHECK:           nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[C0]], {{.+}}], 8 {bypassL1}
// CHECK-NOT:       nvgpu.device_async_copy
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.commit.group

// Prologue, K tile 1 into stage 1, at K offset 32.
// CHECK-NEXT:    %[[HAS1:.+]] = arith.cmpi ugt, %[[KTILES]], %[[C1]] : index
// CHECK-NEXT:    scf.if %[[HAS1]] {
// CHECK-COUNT-2:   nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[C1]], {{.+}}], 8 {bypassL1}
// CHECK-COUNT-2:   nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[C1]], {{.+}}], 8 {bypassL1}
// CHECK-NOT:       nvgpu.device_async_copy
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.commit.group

// Before the loop: wait for tile 0, barrier, load K step 0 from stage 0.
// CHECK-NEXT:    nvvm.cp.async.wait.group 1
// CHECK-NEXT:    gpu.barrier
// CHECK-DAG:     %[[VB0:.+]] = memref.subview %[[SB]][%[[C0]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-SAME:      : memref<3x32x64xbf16, #gpu.address_space<workgroup>> to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-DAG:     %[[VA0:.+]] = memref.subview %[[SA]][%[[C0]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK-SAME:      : memref<3x64x32xbf16, #gpu.address_space<workgroup>> to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:         tile.load_fragments %[[FRAGS]], %[[VA0]], %[[VB0]] {kstep = 0 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:      : !tile.fragments<2, bf16>,
// CHECK-SAME:        memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:        memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>

// The pipelined loop over K tiles.
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C3]] : index
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0] [1, 64, 32] [1, 1, 1]

// K step 0: load step 1 of tile t, refill, multiply step 0. No wait or
// barrier before the refill: the one at the end of iteration t - 1 covers it.
// CHECK-NOT:       nvvm.cp.async.wait.group
// CHECK-NOT:       gpu.barrier
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA]], %[[VB]] {kstep = 1 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[T]], %[[C2]] : index
// CHECK-NEXT:      %[[NSTAGE:.+]] = arith.remui %[[NEXT]], %[[C3]] : index
// CHECK-NEXT:      %[[INRANGE:.+]] = arith.cmpi ult, %[[NEXT]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[INRANGE]] {
// CHECK-NEXT:        %[[KOFF:.+]] = arith.muli %[[NEXT]], %[[C32]] : index
// CHECK:             %[[LAR:.+]] = arith.divui %[[TID]], %[[C4]] : index
// CHECK:             %[[LACHUNK:.+]] = arith.remui %[[TID]], %[[C4]] : index
// CHECK:             %[[LAC:.+]] = arith.muli %[[LACHUNK]], %[[C8]] : index
// CHECK:             %[[LAGR:.+]] = arith.addi %[[ROW]], %[[LAR]] : index
// CHECK:             %[[LAGC:.+]] = arith.addi %[[KOFF]], %[[LAC]] : index
// CHECK:             nvgpu.device_async_copy %[[A]][%[[LAGR]], %[[LAGC]]], %[[SA]][%[[NSTAGE]], %[[LAR]], %[[LAC]]], 8 {bypassL1}
// CHECK:             nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK:             %[[LBR:.+]] = arith.divui %[[TID]], %[[C8]] : index
// CHECK:             %[[LBCHUNK:.+]] = arith.remui %[[TID]], %[[C8]] : index
// CHECK:             %[[LBC:.+]] = arith.muli %[[LBCHUNK]], %[[C8]] : index
// CHECK:             %[[LBGR:.+]] = arith.addi %[[KOFF]], %[[LBR]] : index
// CHECK:             %[[LBGC:.+]] = arith.addi %[[COL]], %[[LBC]] : index
// CHECK:             nvgpu.device_async_copy %[[B]][%[[LBGR]], %[[LBGC]]], %[[SB]][%[[NSTAGE]], %[[LBR]], %[[LBC]]], 8 {bypassL1}
// CHECK:             nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK-NOT:         nvgpu.device_async_copy
// CHECK:           {{^ *}$}}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 0 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>, !tile.fragments<2, bf16>

// K step 1, the last: wait for tile t + 1, barrier, load its step 0 from its
// stage if it exists, multiply step 1.
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[T1:.+]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:      %[[HASNEXT:.+]] = arith.cmpi ult, %[[T1]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[HASNEXT]] {
// CHECK-NEXT:        %[[T1STAGE:.+]] = arith.remui %[[T1]], %[[C3]] : index
// CHECK-DAG:         %[[VB1:.+]] = memref.subview %[[SB]][%[[T1STAGE]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-DAG:         %[[VA1:.+]] = memref.subview %[[SA]][%[[T1STAGE]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK:             tile.load_fragments %[[FRAGS]], %[[VA1]], %[[VB1]] {kstep = 0 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-NEXT:      {{^ *}$}}
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 1 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-NEXT:    {{^ *}$}}

// Edge blocks with aligned rows: A's chunk at (r, k) reads
// min(K - k, 8) elements where r < M and k < K, none elsewhere (from
// A[0, 0]); cp.async zero-fills the rest.
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.if %[[ALIGNED]] {
// CHECK:             %[[EC:.+]] = arith.muli %{{.+}}, %[[C8]] : index
// CHECK-NEXT:        %[[ER:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK-NEXT:        %[[ROWIN:.+]] = arith.cmpi ult, %[[ER]], %[[MA:.+]] : index
// CHECK-NEXT:        %[[COLIN:.+]] = arith.cmpi ult, %[[EC]], %[[KA:.+]] : index
// CHECK-NEXT:        %[[IN:.+]] = arith.andi %[[ROWIN]], %[[COLIN]] : i1
// CHECK-NEXT:        %[[LEFT:.+]] = arith.subi %[[KA]], %[[EC]] : index
// CHECK-NEXT:        %[[UPTO8:.+]] = arith.minui %[[LEFT]], %[[C8]] : index
// CHECK-NEXT:        %[[SRC:.+]] = arith.select %[[IN]], %[[UPTO8]], %[[C0]] : index
// CHECK-NEXT:        %[[ANY:.+]] = arith.cmpi ne, %[[SRC]], %[[C0]] : index
// CHECK-NEXT:        %[[SR:.+]] = arith.select %[[ANY]], %[[ER]], %[[C0]] : index
// CHECK-NEXT:        %[[SC:.+]] = arith.select %[[ANY]], %[[EC]], %[[C0]] : index
// CHECK-NEXT:        nvgpu.device_async_copy %[[A]][%[[SR]], %[[SC]]], %[[SA]][%[[C0]], {{.+}}, %[[EC]]], 8, %[[SRC]] {bypassL1}
// CHECK-NOT:         gpu.barrier
// CHECK:             nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[C0]], {{.+}}], 8, %{{.+}} {bypassL1}
// CHECK:           scf.for
// CHECK:             nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][{{.+}}], 8, %{{.+}} {bypassL1}
// CHECK:             tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 1 : i64

// Unaligned rows: one K tile at a time, not pipelined. Each of a chunk's
// 8 elements is loaded where it lies inside (its indices clamped to 0 and
// its value replaced by 0 outside), the chunk stored into stage 0 with one
// 16-byte store; a barrier, the tile's two K steps, a barrier.
// CHECK:         } else {
// CHECK-NEXT:      scf.for %[[UT:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK-COUNT-8:     memref.load %[[A]]
// CHECK:             %[[CHUNK:.+]] = vector.from_elements {{.+}} : vector<8xbf16>
// CHECK-NEXT:        vector.store %[[CHUNK]], %[[SA]][%[[C0]], {{.+}}] {alignment = 16 : i64}
// CHECK-NOT:         nvgpu.device_async_copy
// CHECK-COUNT-8:     memref.load %[[B]]
// CHECK:             vector.store %{{.+}}, %[[SB]][%[[C0]], {{.+}}] {alignment = 16 : i64}
// CHECK:             gpu.barrier
// CHECK:             tile.load_fragments %[[FRAGS]], {{.+}} {kstep = 0 : i64
// CHECK-NEXT:        tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 0 : i64
// CHECK:             tile.load_fragments %[[FRAGS]], {{.+}} {kstep = 1 : i64
// CHECK-NEXT:        tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 1 : i64
// CHECK-NEXT:        gpu.barrier
// CHECK-NEXT:      }
// CHECK:         {{^      }}nvvm.cp.async.wait.group 0
// CHECK-NOT:     memref.subview %[[A]]
// CHECK-NOT:     memref.subview %[[B]]
// CHECK-NOT:     tile.block_mma
// CHECK:         %[[TC:.+]] = memref.subview %[[C]]
// CHECK:         tile.store_accumulator %[[ACC]], %[[TC]]
// CHECK:         gpu.return

// TWICE-LABEL:   gpu.func @pipeline_bf16(
// TWICE-COUNT-2:   tile.alloc_shared
// TWICE-NOT:       tile.alloc_shared
// TWICE-COUNT-1:   tile.alloc_fragments
// TWICE-NOT:       tile.alloc_fragments
// TWICE-NOT:       tile.block_mma
// TWICE:           gpu.return
gpu.module @kernels {
  gpu.func @pipeline_bf16(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                          %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                          %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c32 {
      %ta = memref.subview %a[%row, %kk] [64, 32] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x32xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [32, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<32x64xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, memref<64x32xbf16, strided<[?, 1], offset: ?>>,
            memref<32x64xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [64, 64] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x64xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

