// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-warp-mma))" | FileCheck %s

// bf16, block [64, 64, 32], warp [32, 32]: 2x2 warps, each with (32/16) x
// (32/8) = 2x4 m16n8k16 tiles, i.e. a 2x4x4 f32 fragment buffer. Per 16-wide
// K step a warp loads 2 A fragments (ldmatrix.x4), 2 B fragments
// (ldmatrix.x4.trans, each feeding two n8 tiles) and issues 8 mma.sync; BK = 32
// is 2 K steps.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @warp_mma_bf16(
// CHECK-SAME:      %[[C:[^:]+]]: memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[FRAGS:.+]] = memref.alloca() : memref<2x4x4xf32>
// CHECK-NEXT:    %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-COUNT-32: memref.store %[[ZERO]], %[[FRAGS]][%{{.+}}, %{{.+}}, %{{.+}}] : memref<2x4x4xf32>
// CHECK-NOT:     memref.store %[[ZERO]]
// CHECK:         %[[SA:.+]] = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
// CHECK:         %[[SB:.+]] = tile.alloc_shared {layout = #tile.swizzle<128>, offset = 12288 : i64}
// CHECK:         scf.for
// CHECK:           %[[VA:.+]] = memref.subview %[[SA]]
// CHECK:           %[[VB:.+]] = memref.subview %[[SB]]

// Warp and lane coordinates: warp w = tid / 32 sits at (w / 2, w % 2) in the
// 2x2 warp grid, 32 rows and 32 columns apart.
// CHECK:           %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:      %[[C32:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[WARP:.+]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT:      %[[C32B:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[LANE:.+]] = arith.remui %[[TID]], %[[C32B]] : index
// CHECK-NEXT:      %[[WARPSN:.+]] = arith.constant 2 : index
// CHECK-NEXT:      %[[WI:.+]] = arith.divui %[[WARP]], %[[WARPSN]] : index
// CHECK-NEXT:      %[[WJ:.+]] = arith.remui %[[WARP]], %[[WARPSN]] : index
// CHECK-NEXT:      %[[WM:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[WROW:.+]] = arith.muli %[[WI]], %[[WM]] : index
// CHECK-NEXT:      %[[WN:.+]] = arith.constant 32 : index
// CHECK-NEXT:      %[[WCOL:.+]] = arith.muli %[[WJ]], %[[WN]] : index

// ldmatrix.x4 addressing: lane l points at row l % 16, column (l / 16) * 8.
// CHECK-NEXT:      %[[C16:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[LROW:.+]] = arith.remui %[[LANE]], %[[C16]] : index
// CHECK-NEXT:      %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:      %[[LHALF:.+]] = arith.divui %[[LANE]], %[[C16]] : index
// CHECK-NEXT:      %[[LCOL:.+]] = arith.muli %[[LHALF]], %[[C8]] : index
// CHECK-NEXT:      %[[ROWA:.+]] = arith.addi %[[WROW]], %[[LROW]] : index
// CHECK-NEXT:      %[[COLB:.+]] = arith.addi %[[WCOL]], %[[LCOL]] : index

// K step 0: A plain at rows +0 and +16, B transposed at columns +0 and +16.
// CHECK-NEXT:      %[[FA0:.+]] = nvgpu.ldmatrix %[[VA]][%[[ROWA]], %[[LCOL]]] {numTiles = 4 : i32, transpose = false}
// CHECK-SAME:        : memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NEXT:      %[[I16:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[ROWA1:.+]] = arith.addi %[[ROWA]], %[[I16]] : index
// CHECK-NEXT:      %[[FA1:.+]] = nvgpu.ldmatrix %[[VA]][%[[ROWA1]], %[[LCOL]]] {numTiles = 4 : i32, transpose = false}
// CHECK-NEXT:      %[[FB0:.+]] = nvgpu.ldmatrix %[[VB]][%[[LROW]], %[[COLB]]] {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:        : memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NEXT:      %[[J16:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[COLB1:.+]] = arith.addi %[[COLB]], %[[J16]] : index
// CHECK-NEXT:      %[[FB1:.+]] = nvgpu.ldmatrix %[[VB]][%[[LROW]], %[[COLB1]]] {numTiles = 4 : i32, transpose = true}

// bf16 register pairs travel to mma.sync as i32.
// CHECK-NEXT:      %[[P0:.+]] = vector.extract %[[FA0]][0] : vector<2xbf16> from vector<4x2xbf16>
// CHECK-NEXT:      %[[W0:.+]] = vector.bitcast %[[P0]] : vector<2xbf16> to vector<1xi32>
// CHECK-NEXT:      %[[A0:.+]] = vector.extract %[[W0]][0] : i32 from vector<1xi32>
// CHECK-COUNT-3:   vector.extract %[[FA0]]
// CHECK:           vector.extract %[[FB0]][0]
// CHECK:           vector.extract %[[FB0]][1]
// CHECK:           %[[ACC0:.+]] = memref.load %[[FRAGS]]
// CHECK-COUNT-3:   memref.load %[[FRAGS]]
// CHECK-NEXT:      %[[D:.+]] = nvvm.mma.sync A[%[[A0]], %{{.+}}, %{{.+}}, %{{.+}}] B[%{{.+}}, %{{.+}}] C[%[[ACC0]], %{{.+}}, %{{.+}}, %{{.+}}]
// CHECK-SAME:        {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>,
// CHECK-SAME:         multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>,
// CHECK-SAME:         shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT:      %[[D0:.+]] = llvm.extractvalue %[[D]][0] : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT:      memref.store %[[D0]], %[[FRAGS]]
// CHECK-COUNT-7:   nvvm.mma.sync {{.+}} multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, {{.+}} : (i32, i32, f32)
// CHECK-NOT:       nvvm.mma.sync

// K step 1: the same fragments 16 columns of A / 16 rows of B further.
// CHECK:           %[[K16A:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[LCOLK:.+]] = arith.addi %[[LCOL]], %[[K16A]] : index
// CHECK-NEXT:      nvgpu.ldmatrix %[[VA]][%[[ROWA]], %[[LCOLK]]] {numTiles = 4 : i32, transpose = false}
// CHECK:           nvgpu.ldmatrix %[[VA]][%{{.+}}, %{{.+}}] {numTiles = 4 : i32, transpose = false}
// CHECK-NEXT:      %[[K16B:.+]] = arith.constant 16 : index
// CHECK-NEXT:      %[[LROWK:.+]] = arith.addi %[[LROW]], %[[K16B]] : index
// CHECK-NEXT:      nvgpu.ldmatrix %[[VB]][%[[LROWK]], %[[COLB]]] {numTiles = 4 : i32, transpose = true}
// CHECK:           nvgpu.ldmatrix %[[VB]][%{{.+}}, %{{.+}}] {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-8:   nvvm.mma.sync
// CHECK-NOT:       nvgpu.ldmatrix
// CHECK-NOT:       nvvm.mma.sync
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    tile.store_fragments %[[FRAGS]], %[[C]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:      : memref<2x4x4xf32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.alloc_accumulator
// CHECK-NOT:     tile.block_mma
// CHECK-NOT:     tile.store_accumulator
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @warp_mma_bf16(%c: memref<64x64xbf16, strided<[?, 1], offset: ?>>, %ktiles: index) kernel
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

// f16, block [64, 32, 32], warp [32, 16]: 2x2 tiles per warp, so 2 A and 1 B
// ldmatrix and 4 mma.sync per K step. f16 pairs feed mma.sync directly as
// vector<2xf16>, with no bitcast.

#sched = #tile.schedule<chip = "sm_80", block = [64, 32, 32], warp = [32, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @warp_mma_f16(
// CHECK-SAME:      %[[C:[^:]+]]: memref<64x32xf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[FRAGS:.+]] = memref.alloca() : memref<2x2x4xf32>
// CHECK-COUNT-16: memref.store %{{.+}}, %[[FRAGS]]
// CHECK:         scf.for
// CHECK-COUNT-2:   nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK-SAME:        : memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NEXT:      %[[FB:.+]] = nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:        : memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NOT:       vector.bitcast
// CHECK:           %[[B0:.+]] = vector.extract %[[FB]][0] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[B1:.+]] = vector.extract %[[FB]][1] : vector<2xf16> from vector<4x2xf16>
// CHECK:           nvvm.mma.sync A[{{.+}}] B[%[[B0]], %[[B1]]] C[{{.+}}]
// CHECK-SAME:        shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK:           %[[B2:.+]] = vector.extract %[[FB]][2] : vector<2xf16> from vector<4x2xf16>
// CHECK-NEXT:      %[[B3:.+]] = vector.extract %[[FB]][3] : vector<2xf16> from vector<4x2xf16>
// CHECK:           nvvm.mma.sync A[{{.+}}] B[%[[B2]], %[[B3]]] C[{{.+}}]
// CHECK-COUNT-2:   nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-COUNT-2:   nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK-NEXT:      arith.constant 16 : index
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = true}
// CHECK-COUNT-4:   nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32)
// CHECK-NOT:       nvvm.mma.sync
// CHECK-NOT:       vector.bitcast
// CHECK:         {{^ *}$}}
// CHECK-NEXT:    tile.store_fragments %[[FRAGS]], %[[C]] {{.+}} : memref<2x2x4xf32>, memref<64x32xf16, strided<[?, 1], offset: ?>>
// CHECK-NOT:     tile.block_mma
gpu.module @kernels {
  gpu.func @warp_mma_f16(%c: memref<64x32xf16, strided<[?, 1], offset: ?>>, %ktiles: index) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>, tile.schedule = #sched} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %acc = tile.alloc_accumulator {schedule = #sched} : !tile.accumulator<[64, 32], f32>
    %sa = tile.alloc_shared {layout = #tile.pad<8>, offset = 0 : i64}
        : memref<2x64x32xf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.pad<8>, offset = 10240 : i64}
        : memref<2x32x32xf16, #gpu.address_space<workgroup>>
    scf.for %t = %c0 to %ktiles step %c1 {
      %stage = arith.remui %t, %c2 : index
      %va = memref.subview %sa[%stage, 0, 0] [1, 64, 32] [1, 1, 1]
          : memref<2x64x32xf16, #gpu.address_space<workgroup>>
            to memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 32] [1, 1, 1]
          : memref<2x32x32xf16, #gpu.address_space<workgroup>>
            to memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
      tile.block_mma %acc, %va, %vb {schedule = #sched}
          : !tile.accumulator<[64, 32], f32>,
            memref<64x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
            memref<32x32xf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
    }
    tile.store_accumulator %acc, %c {schedule = #sched}
        : !tile.accumulator<[64, 32], f32>, memref<64x32xf16, strided<[?, 1], offset: ?>>
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
