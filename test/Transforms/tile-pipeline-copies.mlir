// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies))" | FileCheck %s
// Running the pass again finds no global-memory K loop left to pipeline.
// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies,tile-pipeline-copies))" \
// RUN:   | FileCheck %s --check-prefix=TWICE

// 3 stages of bf16 64x32 A tiles and 32x64 B tiles; 128 threads copy 256
// 16-byte chunks of each tile, 2 per thread. A advances along its columns
// with K, B along its rows. The prologue fills stages 0 and 1, waits until at
// most stages - 2 = 1 group is pending, barriers and loads the fragments of
// K step 0 of tile 0. BK = 32 is 2 K steps of 16: in iteration t, step 0
// loads step 1's fragments, refills the stage of tile t - 1 with tile t + 2
// and multiplies step 0; step 1 (the last) waits for tile t + 1, barriers,
// loads its step 0 if t + 1 < kTiles and multiplies step 1.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

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
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[KTILES:.+]] = arith.divui %[[K]], %[[C32]] : index

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
// CHECK-NEXT:    %[[FRAGS:.+]] = tile.alloc_fragments {schedule = #tile.schedule<{{.+}}>} : !tile.fragments<2, bf16>
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
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
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

// -----

// f16 with padded rows and 2 stages: B's buffer starts after both padded A
// stages (2 x 64 x (32 + 8) x 2 bytes = 10240), the prologue fills one stage
// and every wait, before the loop and at the last K step, is for all copies
// (stages - 2 = 0 pending). Tile t + 1 is both the one the refill copies
// (t + stages - 1) and the one the last K step loads from.

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @pipeline_f16_pad(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK:         %[[SA:.+]] = tile.alloc_shared {layout = #tile.pad<8>, offset = 0 : i64}
// CHECK-SAME:      : memref<2x64x32xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = tile.alloc_shared {layout = #tile.pad<8>, offset = 10240 : i64}
// CHECK-SAME:      : memref<2x32x64xf16, #gpu.address_space<workgroup>>
// CHECK:         scf.if
// CHECK-COUNT-2:   nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[C0]], {{.+}}], 8 {bypassL1}
// CHECK-COUNT-2:   nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[C0]], {{.+}}], 8 {bypassL1}
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.commit.group
// CHECK-NEXT:    %[[FRAGS:.+]] = tile.alloc_fragments {{.+}} : !tile.fragments<2, f16>
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
// CHECK-NEXT:    gpu.barrier
// CHECK-DAG:     %[[VB0:.+]] = memref.subview %[[SB]][%[[C0]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-DAG:     %[[VA0:.+]] = memref.subview %[[SA]][%[[C0]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK:         tile.load_fragments %[[FRAGS]], %[[VA0]], %[[VB0]] {kstep = 0 : i64
// CHECK-SAME:      : !tile.fragments<2, f16>,
// CHECK-SAME:        memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:        memref<32x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %[[KTILES:.+]] step %[[C1]] {
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C2]] : index
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA]], %[[VB]] {kstep = 1 : i64
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:      %[[NSTAGE:.+]] = arith.remui %[[NEXT]], %[[C2]] : index
// CHECK:           scf.if
// CHECK-COUNT-2:     nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK-COUNT-2:     nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK:           {{^ *}$}}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      tile.mma_fragments %[[ACC:.+]], %[[FRAGS]] {kstep = 0 : i64
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[T1:.+]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:      %[[HASNEXT:.+]] = arith.cmpi ult, %[[T1]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[HASNEXT]] {
// CHECK-NEXT:        %[[T1STAGE:.+]] = arith.remui %[[T1]], %[[C2]] : index
// CHECK-DAG:         %[[VB1:.+]] = memref.subview %[[SB]][%[[T1STAGE]], 0, 0]
// CHECK-DAG:         %[[VA1:.+]] = memref.subview %[[SA]][%[[T1STAGE]], 0, 0]
// CHECK:             tile.load_fragments %[[FRAGS]], %[[VA1]], %[[VB1]] {kstep = 0 : i64
// CHECK-NEXT:      {{^ *}$}}
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 1 : i64
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>, !tile.fragments<2, f16>
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
// CHECK:         tile.store_accumulator
gpu.module @kernels {
  gpu.func @pipeline_f16_pad(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                             %b: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                             %c: memref<?x?xf16, strided<[?, 1], offset: ?>>) kernel
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
    %k = memref.dim %a, %c1 : memref<?x?xf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c32 {
      %ta = memref.subview %a[%row, %kk] [64, 32] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x32xf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [32, 64] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<32x64xf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, memref<64x32xf16, strided<[?, 1], offset: ?>>,
            memref<32x64xf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [64, 64] [1, 1]
        : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x64xf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// BK = 64 is 4 K steps: step s < 3 loads step s + 1 of the same tile before
// multiplying step s, only step 0 refills (tile t + 3 into stage
// (t + 3) mod 4), and only the last step waits (stages - 2 = 2 groups may
// stay pending) and barriers, before loading step 0 of tile t + 1.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 64], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

// CHECK-LABEL: gpu.func @pipeline_four_ksteps(
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator
// CHECK:         %[[SA:.+]] = tile.alloc_shared {{.+}} : memref<4x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = tile.alloc_shared {{.+}} : memref<4x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-3: nvvm.cp.async.commit.group
// CHECK-NEXT:    %[[FRAGS:.+]] = tile.alloc_fragments {{.+}} : !tile.fragments<4, bf16>
// CHECK-NEXT:    nvvm.cp.async.wait.group 2
// CHECK-NEXT:    gpu.barrier
// CHECK:         tile.load_fragments %[[FRAGS]], {{.+}} {kstep = 0 : i64
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %[[KTILES:.+]] step %[[C1]] {
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C4]] : index
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0]
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0]
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA]], %[[VB]] {kstep = 1 : i64
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[T]], %[[C3]] : index
// CHECK-NEXT:      %[[NSTAGE:.+]] = arith.remui %[[NEXT]], %[[C4]] : index
// CHECK-NEXT:      %[[INRANGE:.+]] = arith.cmpi ult, %[[NEXT]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[INRANGE]] {
// CHECK-COUNT-4:     nvgpu.device_async_copy {{.+}}, %[[SA]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK-COUNT-4:     nvgpu.device_async_copy {{.+}}, %[[SB]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK:           {{^ *}$}}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 0 : i64
// CHECK-DAG:       %[[VB2:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0]
// CHECK-DAG:       %[[VA2:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0]
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA2]], %[[VB2]] {kstep = 2 : i64
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 1 : i64
// CHECK-DAG:       %[[VB3:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0]
// CHECK-DAG:       %[[VA3:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0]
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA3]], %[[VB3]] {kstep = 3 : i64
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 2 : i64
// CHECK-NEXT:      nvvm.cp.async.wait.group 2
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[T1:.+]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:      %[[HASNEXT:.+]] = arith.cmpi ult, %[[T1]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[HASNEXT]] {
// CHECK:             tile.load_fragments %[[FRAGS]], {{.+}} {kstep = 0 : i64
// CHECK-NEXT:      {{^ *}$}}
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 3 : i64
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>, !tile.fragments<4, bf16>
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
gpu.module @kernels {
  gpu.func @pipeline_four_ksteps(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                                 %c: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %k = memref.dim %a, %c1 : memref<?x?xbf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c64 {
      %ta = memref.subview %a[%row, %kk] [64, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x64xbf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [64, 64] [1, 1]
          : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x64xbf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>,
            memref<64x64xbf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [64, 64] [1, 1]
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<64x64xbf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// BK = 16 is a single K step, so nothing is loaded ahead: no wait, barrier or
// load before the loop, and each iteration waits for tile t, barriers,
// refills (tile t + 2), then loads and multiplies tile t's only step.

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 16], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<32>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @pipeline_one_kstep(
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         %[[ACC:.+]] = tile.alloc_accumulator
// CHECK:         %[[SA:.+]] = tile.alloc_shared {{.+}} : memref<3x64x16xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.+]] = tile.alloc_shared {{.+}} : memref<3x16x64xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: nvvm.cp.async.commit.group
// CHECK-NEXT:    %[[FRAGS:.+]] = tile.alloc_fragments {{.+}} : !tile.fragments<1, f16>
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %[[KTILES:.+]] step %[[C1]] {
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C3]] : index
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[T]], %[[C2]] : index
// CHECK-NEXT:      %[[NSTAGE:.+]] = arith.remui %[[NEXT]], %[[C3]] : index
// CHECK-NEXT:      %[[INRANGE:.+]] = arith.cmpi ult, %[[NEXT]], %[[KTILES]] : index
// CHECK-NEXT:      scf.if %[[INRANGE]] {
// CHECK:             nvgpu.device_async_copy {{.+}}, %[[SA]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK:             nvgpu.device_async_copy {{.+}}, %[[SB]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK-NOT:         nvgpu.device_async_copy
// CHECK:           {{^ *}$}}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0] [1, 16, 64] [1, 1, 1]
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0] [1, 64, 16] [1, 1, 1]
// CHECK:           tile.load_fragments %[[FRAGS]], %[[VA]], %[[VB]] {kstep = 0 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : !tile.fragments<1, f16>,
// CHECK-SAME:          memref<64x16xf16, strided<[16, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:          memref<16x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:      tile.mma_fragments %[[ACC]], %[[FRAGS]] {kstep = 0 : i64, schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>, !tile.fragments<1, f16>
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
gpu.module @kernels {
  gpu.func @pipeline_one_kstep(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                               %b: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                               %c: memref<?x?xf16, strided<[?, 1], offset: ?>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %bx = gpu.block_id x
    %by = gpu.block_id y
    %row = arith.muli %by, %c64 : index
    %col = arith.muli %bx, %c64 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %k = memref.dim %a, %c1 : memref<?x?xf16, strided<[?, 1], offset: ?>>
    scf.for %kk = %c0 to %k step %c16 {
      %ta = memref.subview %a[%row, %kk] [64, 16] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x16xf16, strided<[?, 1], offset: ?>>
      %tb = memref.subview %b[%kk, %col] [16, 64] [1, 1]
          : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<16x64xf16, strided<[?, 1], offset: ?>>
      tile.block_mma %acc, %ta, %tb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, memref<64x16xf16, strided<[?, 1], offset: ?>>,
            memref<16x64xf16, strided<[?, 1], offset: ?>>
    }
    %tc = memref.subview %c[%row, %col] [64, 64] [1, 1]
        : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<64x64xf16, strided<[?, 1], offset: ?>>
    tile.store_accumulator %acc, %tc {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
