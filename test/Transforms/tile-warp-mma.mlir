// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-warp-mma,cse))" | FileCheck %s

// cse only merges the index constants and warp coordinates the lowering
// re-emits per op, so that the checks below can name them once.

// bf16, block [64, 64, 32], warp [32, 32]: 2x2 warps, each with (32/16) x
// (32/8) = 2x4 m16n8k16 tiles, i.e. a 2x4x4 f32 accumulator buffer. Per
// 16-wide K step a warp loads 2 A fragments (ldmatrix.x4) and 2 B fragments
// (ldmatrix.x4.trans, each feeding two n8 tiles), 4 i32 registers each, and
// issues 8 mma.sync. !tile.fragments<2, bf16> is therefore an i32 buffer of
// [2 K steps, 2 + 2 slots, 4 registers]: slot i < 2 holds A rows 16 i..,
// slot 2 + j holds B columns 16 j... Both buffers are allocas at the top of
// the kernel (LLVM promotes only entry-block allocas to registers), although
// tile.alloc_fragments comes after the shared buffers.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @fragments_bf16(
// CHECK-SAME:      %[[C:[^:]+]]: memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[FRAGS:.+]] = memref.alloca() : memref<2x4x4xi32>
// CHECK-NEXT:    %[[ACC:.+]] = memref.alloca() : memref<2x4x4xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK:         %[[SA:.+]] = tile.alloc_shared
// CHECK:         %[[SB:.+]] = tile.alloc_shared
// CHECK-NOT:     memref.alloca
// CHECK-DAG:     %[[VA0:.+]] = memref.subview %[[SA]][%[[C0]], 0, 0]
// CHECK-DAG:     %[[VB0:.+]] = memref.subview %[[SB]][%[[C0]], 0, 0]

// tile.load_fragments, K step 0. Warp w = tid / 32 sits at (w / 2, w % 2)
// of the 2x2 warp grid, 32 rows and columns apart; for ldmatrix.x4, lane l
// points at row l % 16, column (l / 16) * 8 of a 16x16 tile.
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[WARP:.+]] = arith.divui %[[TID]], %[[C32:.+]] : index
// CHECK:         %[[LANE:.+]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK:         %[[WI:.+]] = arith.divui %[[WARP]], %[[C2]] : index
// CHECK:         %[[WJ:.+]] = arith.remui %[[WARP]], %[[C2]] : index
// CHECK:         %[[WROW:.+]] = arith.muli %[[WI]], %[[C32]] : index
// CHECK:         %[[WCOL:.+]] = arith.muli %[[WJ]], %[[C32]] : index
// CHECK:         %[[LROW:.+]] = arith.remui %[[LANE]], %[[C16:.+]] : index
// CHECK:         %[[LHALF:.+]] = arith.divui %[[LANE]], %[[C16]] : index
// CHECK:         %[[LCOL:.+]] = arith.muli %[[LHALF]], %[[C8:.+]] : index
// CHECK:         %[[ROWA:.+]] = arith.addi %[[WROW]], %[[LROW]] : index
// CHECK:         %[[COLB:.+]] = arith.addi %[[WCOL]], %[[LCOL]] : index

// A at rows +0: its four vector<2xbf16> rows become the i32 registers of
// slot [0, 0].
// CHECK-NEXT:    %[[FA0:.+]] = nvgpu.ldmatrix %[[VA0]][%[[ROWA]], %[[LCOL]]] {numTiles = 4 : i32, transpose = false}
// CHECK-SAME:      : memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NEXT:    %[[P0:.+]] = vector.extract %[[FA0]][0] : vector<2xbf16> from vector<4x2xbf16>
// CHECK-NEXT:    %[[W0:.+]] = vector.bitcast %[[P0]] : vector<2xbf16> to vector<1xi32>
// CHECK-NEXT:    %[[I0:.+]] = vector.extract %[[W0]][0] : i32 from vector<1xi32>
// CHECK-NEXT:    memref.store %[[I0]], %[[FRAGS]][%[[C0]], %[[C0]], %[[C0]]] : memref<2x4x4xi32>
// CHECK:         vector.extract %[[FA0]][1]
// CHECK:         memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C0]], %[[C1]]]
// CHECK:         vector.extract %[[FA0]][2]
// CHECK:         memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C0]], %[[C2]]]
// CHECK:         vector.extract %[[FA0]][3]
// CHECK:         memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C0]], %[[C3]]]

// A at rows +16 into slot 1, B transposed at columns +0 and +16 into slots
// 2 and 3.
// CHECK-NEXT:    %[[ROWA1:.+]] = arith.addi %[[ROWA]], %[[C16]] : index
// CHECK-NEXT:    nvgpu.ldmatrix %[[VA0]][%[[ROWA1]], %[[LCOL]]] {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4: memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C1]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NEXT:    nvgpu.ldmatrix %[[VB0]][%[[LROW]], %[[COLB]]] {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:      : memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-COUNT-4: memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C2]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NEXT:    %[[COLB1:.+]] = arith.addi %[[COLB]], %[[C16]] : index
// CHECK-NEXT:    nvgpu.ldmatrix %[[VB0]][%[[LROW]], %[[COLB1]]] {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-4: memref.store %{{.+}}, %[[FRAGS]][%[[C0]], %[[C3]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NOT:     nvgpu.ldmatrix

// tile.load_fragments, K step 1: the same, 16 columns of A and 16 rows of B
// further, into slots [1, ...].
// CHECK:         scf.for
// CHECK-DAG:       %[[VA:.+]] = memref.subview %[[SA]]
// CHECK-DAG:       %[[VB:.+]] = memref.subview %[[SB]]
// CHECK:           %[[LCOLK:.+]] = arith.addi %[[LCOL]], %[[C16]] : index
// CHECK-NEXT:      nvgpu.ldmatrix %[[VA]][%[[ROWA]], %[[LCOLK]]] {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C0]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NEXT:      nvgpu.ldmatrix %[[VA]][%[[ROWA1]], %[[LCOLK]]] {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C1]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[LROWK:.+]] = arith.addi %[[LROW]], %[[C16]] : index
// CHECK-NEXT:      nvgpu.ldmatrix %[[VB]][%[[LROWK]], %[[COLB]]] {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C2]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NEXT:      nvgpu.ldmatrix %[[VB]][%[[LROWK]], %[[COLB1]]] {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C3]], %{{.+}}] : memref<2x4x4xi32>
// CHECK-NOT:       nvgpu.ldmatrix

// tile.mma_fragments, K step 0: m16 tile i reads A from slot i, n8 tile j
// reads B from slot 2 + j / 2, registers 2 (j % 2) and 2 (j % 2) + 1; bf16
// registers feed mma.sync as the i32 words they are stored as.
// CHECK-NOT:       vector.
// CHECK:           %[[A0:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[A1:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C1]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[A2:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C2]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[A3:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C3]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[B0:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C2]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[B1:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C2]], %[[C1]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[D0:.+]] = memref.load %[[ACC]][%[[C0]], %[[C0]], %[[C0]]] : memref<2x4x4xf32>
// CHECK-COUNT-3:   memref.load %[[ACC]][%[[C0]], %[[C0]], %{{.+}}] : memref<2x4x4xf32>
// CHECK-NEXT:      %[[D:.+]] = nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]] B[%[[B0]], %[[B1]]] C[%[[D0]], %{{.+}}, %{{.+}}, %{{.+}}]
// CHECK-SAME:        {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
// CHECK-SAME:         multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>,
// CHECK-SAME:         shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT:      %[[R0:.+]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT:      memref.store %[[R0]], %[[ACC]][%[[C0]], %[[C0]], %[[C0]]] : memref<2x4x4xf32>
// CHECK:           %[[B2:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C2]], %[[C2]]] : memref<2x4x4xi32>
// CHECK-NEXT:      %[[B3:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C2]], %[[C3]]] : memref<2x4x4xi32>
// CHECK-COUNT-4:   memref.load %[[ACC]][%[[C0]], %[[C1]], %{{.+}}] : memref<2x4x4xf32>
// CHECK-NEXT:      nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]] B[%[[B2]], %[[B3]]]
// CHECK:           memref.load %[[FRAGS]][%[[C0]], %[[C3]], %[[C0]]] : memref<2x4x4xi32>
// CHECK:           nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]]
// CHECK:           nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]]
// CHECK:           memref.load %[[FRAGS]][%[[C0]], %[[C1]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-COUNT-4:   nvvm.mma.sync {{.+}} : (i32, i32, f32)
// CHECK-NOT:       vector.

// tile.mma_fragments, K step 1: 8 more from slots [1, ...].
// CHECK:           memref.load %[[FRAGS]][%[[C1]], %[[C0]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} : (i32, i32, f32)
// CHECK-NOT:       nvvm.mma.sync
// CHECK-NOT:       vector.
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    tile.store_fragments %[[ACC]], %[[C]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:      : memref<2x4x4xf32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @fragments_bf16(%c: memref<64x64xbf16, strided<[?, 1], offset: ?>>, %ktiles: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.swizzle<128>, offset = 12288 : i64}
        : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
    %frags = tile.alloc_fragments {schedule = #sched} : !tile.fragments<2, bf16>
    %va0 = memref.subview %sa[%c0, 0, 0] [1, 64, 32] [1, 1, 1]
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
          to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb0 = memref.subview %sb[%c0, 0, 0] [1, 32, 64] [1, 1, 1]
        : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
          to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    tile.load_fragments %frags, %va0, %vb0 {kstep = 0 : i64, schedule = #sched}
        : !tile.fragments<2, bf16>,
          memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
          memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    scf.for %t = %c0 to %ktiles step %c1 {
      %stage = arith.remui %t, %c3 : index
      %va = memref.subview %sa[%stage, 0, 0] [1, 64, 32] [1, 1, 1]
          : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
            to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 64] [1, 1, 1]
          : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
            to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.load_fragments %frags, %va, %vb {kstep = 1 : i64, schedule = #sched}
          : !tile.fragments<2, bf16>,
            memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
            memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.mma_fragments %acc, %frags {kstep = 0 : i64, schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, !tile.fragments<2, bf16>
      tile.mma_fragments %acc, %frags {kstep = 1 : i64, schedule = #sched}
          : !tile.accumulator<[64, 64], f32>, !tile.fragments<2, bf16>
    }
    tile.store_accumulator %acc, %c {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// f16, block [64, 32, 32], warp [32, 16]: 2x2 m16n8k16 tiles per warp, so
// per K step 2 A and 1 B ldmatrix (slots 0, 1 and 2 of a 2x3x4 i32 buffer)
// and 4 mma.sync. f16 pairs are stored as i32 like bf16 ones, but mma.sync
// takes them as vector<2xf16>: each register is broadcast to vector<1xi32>
// and bitcast back.

#sched = #tile.schedule<chip = "sm_80", block = [64, 32, 32], warp = [32, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @fragments_f16(
// CHECK-SAME:      %[[C:[^:]+]]: memref<64x32xf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[FRAGS:.+]] = memref.alloca() : memref<2x3x4xi32>
// CHECK-NEXT:    %[[ACC:.+]] = memref.alloca() : memref<2x2x4xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK:         scf.for

// tile.load_fragments, K step 1.
// CHECK:           %[[FA:.+]] = nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK-SAME:        : memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[P:.+]] = vector.extract %[[FA]][0] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[W:.+]] = vector.bitcast %[[P]] : vector<2xf16> to vector<1xi32>
// CHECK-NEXT:      %[[I:.+]] = vector.extract %[[W]][0] : i32 from vector<1xi32>
// CHECK-NEXT:      memref.store %[[I]], %[[FRAGS]][%[[C1]], %[[C0]], %[[C0]]] : memref<2x3x4xi32>
// CHECK:           nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C1]], %{{.+}}] : memref<2x3x4xi32>
// CHECK:           nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:        : memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-COUNT-4:   memref.store %{{.+}}, %[[FRAGS]][%[[C1]], %[[C2]], %{{.+}}] : memref<2x3x4xi32>
// CHECK-NOT:       nvgpu.ldmatrix

// tile.mma_fragments, K step 1.
// CHECK:           %[[A0W:.+]] = memref.load %[[FRAGS]][%[[C1]], %[[C0]], %[[C0]]] : memref<2x3x4xi32>
// CHECK-NEXT:      %[[A0V:.+]] = vector.broadcast %[[A0W]] : i32 to vector<1xi32>
// CHECK-NEXT:      %[[A0:.+]] = vector.bitcast %[[A0V]] : vector<1xi32> to vector<2xf16>
// CHECK-COUNT-3:   vector.bitcast %{{.+}} : vector<1xi32> to vector<2xf16>
// CHECK-NEXT:      %[[B0W:.+]] = memref.load %[[FRAGS]][%[[C1]], %[[C2]], %[[C0]]] : memref<2x3x4xi32>
// CHECK-NEXT:      %[[B0V:.+]] = vector.broadcast %[[B0W]] : i32 to vector<1xi32>
// CHECK-NEXT:      %[[B0:.+]] = vector.bitcast %[[B0V]] : vector<1xi32> to vector<2xf16>
// CHECK-NEXT:      %[[B1W:.+]] = memref.load %[[FRAGS]][%[[C1]], %[[C2]], %[[C1]]] : memref<2x3x4xi32>
// CHECK-NEXT:      %[[B1V:.+]] = vector.broadcast %[[B1W]] : i32 to vector<1xi32>
// CHECK-NEXT:      %[[B1:.+]] = vector.bitcast %[[B1V]] : vector<1xi32> to vector<2xf16>
// CHECK-COUNT-4:   memref.load %[[ACC]]
// CHECK-NEXT:      nvvm.mma.sync A[%[[A0]], %{{.+}}, %{{.+}}, %{{.+}}] B[%[[B0]], %[[B1]]] C[{{.+}}]
// CHECK-SAME:        {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK-SAME:        : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-COUNT-3:   nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-NOT:       nvvm.mma.sync
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    tile.store_fragments %[[ACC]], %[[C]] {{.+}} : memref<2x2x4xf32>, memref<64x32xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @fragments_f16(%c: memref<64x32xf16, strided<[?, 1], offset: ?>>, %ktiles: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 32], f32>
    %sa = tile.alloc_shared {layout = #tile.pad<8>, offset = 0 : i64}
        : memref<2x64x32xf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.pad<8>, offset = 10240 : i64}
        : memref<2x32x32xf16, #gpu.address_space<workgroup>>
    %frags = tile.alloc_fragments {schedule = #sched} : !tile.fragments<2, f16>
    scf.for %t = %c0 to %ktiles step %c1 {
      %stage = arith.remui %t, %c2 : index
      %va = memref.subview %sa[%stage, 0, 0] [1, 64, 32] [1, 1, 1]
          : memref<2x64x32xf16, #gpu.address_space<workgroup>>
            to memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 32] [1, 1, 1]
          : memref<2x32x32xf16, #gpu.address_space<workgroup>>
            to memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.load_fragments %frags, %va, %vb {kstep = 1 : i64, schedule = #sched}
          : !tile.fragments<2, f16>,
            memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
            memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.mma_fragments %acc, %frags {kstep = 1 : i64, schedule = #sched}
          : !tile.accumulator<[64, 32], f32>, !tile.fragments<2, f16>
    }
    tile.store_accumulator %acc, %c {schedule = #sched}
        : !tile.accumulator<[64, 32], f32>, memref<64x32xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// A whole tile.block_mma (hand-written IR; the pipeline emits the fragment
// ops): a temporary fragment buffer for its 2 K steps, allocated at the top
// of the kernel rather than in the loop, all 2 x 4 ldmatrix, then all 2 x 8
// mma.sync.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @block_mma_bf16(
// CHECK-SAME:      %[[C:[^:]+]]: memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:    %[[FRAGS:.+]] = memref.alloca() : memref<2x4x4xi32>
// CHECK-NEXT:    %[[ACC:.+]] = memref.alloca() : memref<2x4x4xf32>
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-COUNT-32: memref.store %[[ZERO]], %[[ACC]][%{{.+}}, %{{.+}}, %{{.+}}] : memref<2x4x4xf32>
// CHECK-NOT:     memref.store %[[ZERO]]
// CHECK:         tile.alloc_shared
// CHECK:         tile.alloc_shared
// CHECK:         scf.for
// CHECK-NOT:       memref.alloca
// CHECK-NOT:       nvvm.mma.sync
// CHECK-COUNT-8:   nvgpu.ldmatrix
// CHECK-NOT:       nvgpu.ldmatrix
// CHECK:           memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} : (i32, i32, f32)
// CHECK-NOT:       nvgpu.ldmatrix
// CHECK:           memref.load %[[FRAGS]][%[[C1]], %[[C0]], %[[C0]]] : memref<2x4x4xi32>
// CHECK-COUNT-8:   nvvm.mma.sync {{.+}} : (i32, i32, f32)
// CHECK-NOT:       nvgpu.ldmatrix
// CHECK-NOT:       nvvm.mma.sync
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    tile.store_fragments %[[ACC]], %[[C]]
// CHECK-NOT:     tile.block_mma
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @block_mma_bf16(%c: memref<64x64xbf16, strided<[?, 1], offset: ?>>, %ktiles: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.swizzle<128>, offset = 12288 : i64}
        : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
    scf.for %t = %c0 to %ktiles step %c1 {
      %stage = arith.remui %t, %c3 : index
      %va = memref.subview %sa[%stage, 0, 0] [1, 64, 32] [1, 1, 1]
          : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
            to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 64] [1, 1, 1]
          : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
            to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.block_mma %acc, %va, %vb {schedule = #sched}
          : !tile.accumulator<[64, 64], f32>,
            memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
            memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    }
    tile.store_accumulator %acc, %c {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// Operands still in global memory: tile-pipeline-copies has not run.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

gpu.module @kernels {
  gpu.func @global_operands(%a: memref<64x32xbf16, strided<[?, 1], offset: ?>>,
                            %b: memref<32x64xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 64], f32>
    // expected-error @+1 {{'tile.block_mma' op reads global memory: run tile-pipeline-copies before tile-warp-mma}}
    tile.block_mma %acc, %a, %b {schedule = #sched}
        : !tile.accumulator<[64, 64], f32>, memref<64x32xbf16, strided<[?, 1], offset: ?>>,
          memref<32x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// The same for the fragments of one K step.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

gpu.module @kernels {
  gpu.func @global_fragments(%a: memref<64x32xbf16, strided<[?, 1], offset: ?>>,
                             %b: memref<32x64xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    %frags = tile.alloc_fragments {schedule = #sched} : !tile.fragments<2, bf16>
    // expected-error @+1 {{'tile.load_fragments' op reads global memory: run tile-pipeline-copies before tile-warp-mma}}
    tile.load_fragments %frags, %a, %b {kstep = 0 : i64, schedule = #sched}
        : !tile.fragments<2, bf16>, memref<64x32xbf16, strided<[?, 1], offset: ?>>,
          memref<32x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
