// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies))" | FileCheck %s
// Running the pass again finds no global-memory K loop left to pipeline.
// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-pipeline-copies,tile-pipeline-copies))" \
// RUN:   | FileCheck %s --check-prefix=TWICE

// 3 stages of bf16 64x32 A tiles and 32x64 B tiles; 128 threads copy 256
// 16-byte chunks of each tile, 2 per thread. A advances along its columns
// with K, B along its rows. The prologue fills stages 0 and 1; iteration t
// waits until at most stages - 2 = 1 group is pending, then refills the
// stage of tile t - 1 with tile t + 2.

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

// The pipelined loop over K tiles.
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %[[KTILES]] step %[[C1]] {
// CHECK-NEXT:      nvvm.cp.async.wait.group 1
// CHECK-NEXT:      gpu.barrier
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
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C3]] : index
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-SAME:        : memref<3x32x64xbf16, #gpu.address_space<workgroup>> to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK-SAME:        : memref<3x64x32xbf16, #gpu.address_space<workgroup>> to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:           tile.block_mma %[[ACC]], %[[VA]], %[[VB]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : !tile.accumulator<[64, 64], f32>,
// CHECK-SAME:          memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:          memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK-NEXT:    {{^ *}$}}
// CHECK-NEXT:    nvvm.cp.async.wait.group 0
// CHECK-NOT:     memref.subview %[[A]]
// CHECK-NOT:     memref.subview %[[B]]
// CHECK:         %[[TC:.+]] = memref.subview %[[C]]
// CHECK:         tile.store_accumulator %[[ACC]], %[[TC]]
// CHECK:         gpu.return

// TWICE-LABEL:   gpu.func @pipeline_bf16(
// TWICE-COUNT-2:   tile.alloc_shared
// TWICE-NOT:       tile.alloc_shared
// TWICE-COUNT-1:   tile.block_mma
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
// and every iteration waits for all copies (stages - 2 = 0 pending).

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
// CHECK-NEXT:    scf.for %[[T:.+]] = %[[C0]] to %{{.+}} step %[[C1]] {
// CHECK-NEXT:      nvvm.cp.async.wait.group 0
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[T]], %[[C1]] : index
// CHECK-NEXT:      %[[NSTAGE:.+]] = arith.remui %[[NEXT]], %[[C2]] : index
// CHECK:           scf.if
// CHECK-COUNT-2:     nvgpu.device_async_copy %[[A]][{{.+}}], %[[SA]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK-COUNT-2:     nvgpu.device_async_copy %[[B]][{{.+}}], %[[SB]][%[[NSTAGE]], {{.+}}], 8 {bypassL1}
// CHECK:           {{^ *}$}}
// CHECK-NEXT:      nvvm.cp.async.commit.group
// CHECK-NEXT:      %[[STAGE:.+]] = arith.remui %[[T]], %[[C2]] : index
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]][%[[STAGE]], 0, 0] [1, 32, 64] [1, 1, 1]
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]][%[[STAGE]], 0, 0] [1, 64, 32] [1, 1, 1]
// CHECK:           tile.block_mma %{{.+}}, %[[VA]], %[[VB]]
// CHECK-SAME:        memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:        memref<32x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
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
