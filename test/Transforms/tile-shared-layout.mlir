// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-shared-layout))" | FileCheck %s

// #tile.swizzle<W>: each buffer becomes a flat view of the dynamic shared
// memory at its byte offset; a logical [stage, row, col] access becomes
//   stage * stageElements + panel * panelElements * rows
//     + ((row * W + colInPanel * 2) ^ (((row * W + colInPanel * 2) >> 3) & mask)) / 2
// with mask = (W / 16 - 1) << 4: 48 for 64-byte rows, 112 for 128-byte rows.
// Stage views (rank-reducing subviews) are folded into the index.

// CHECK-LABEL: gpu.func @layout_swizzle(
// CHECK-SAME:      %[[G:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[STAGE:[^:]+]]: index, %[[ROW:[^:]+]]: index, %[[COL:[^:]+]]: index,
// CHECK-SAME:      %[[GROW:[^:]+]]: index, %[[GCOL:[^:]+]]: index)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C48:.+]] = arith.constant 48 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[C112:.+]] = arith.constant 112 : index
// CHECK-DAG:     %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG:     %[[C2048:.+]] = arith.constant 2048 : index
// CHECK-DAG:     %[[C12288:.+]] = arith.constant 12288 : index
// CHECK:         %[[RAW:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VIEWA:.+]] = memref.view %[[RAW]][%[[C0]]][]
// CHECK-SAME:      : memref<?xi8, #gpu.address_space<workgroup>> to memref<6144xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VIEWB:.+]] = memref.view %[[RAW]][%[[C12288]]][]
// CHECK-SAME:      : memref<?xi8, #gpu.address_space<workgroup>> to memref<6144xbf16, #gpu.address_space<workgroup>>

// cp.async into A (64-byte swizzle, one 32-element panel per row).
// CHECK-NEXT:    %[[SBASE:.+]] = arith.muli %[[STAGE]], %[[C2048]] : index
// CHECK-NEXT:    %[[PANEL:.+]] = arith.divui %[[COL]], %[[C32]] : index
// CHECK-NEXT:    %[[INPANEL:.+]] = arith.remui %[[COL]], %[[C32]] : index
// CHECK-NEXT:    %[[CBYTES:.+]] = arith.muli %[[INPANEL]], %[[C2]] : index
// CHECK-NEXT:    %[[RBYTES:.+]] = arith.muli %[[ROW]], %[[C64]] : index
// CHECK-NEXT:    %[[BYTE:.+]] = arith.addi %[[RBYTES]], %[[CBYTES]] : index
// CHECK-NEXT:    %[[SHIFTED:.+]] = arith.shrui %[[BYTE]], %[[C3]] : index
// CHECK-NEXT:    %[[BITS:.+]] = arith.andi %[[SHIFTED]], %[[C48]] : index
// CHECK-NEXT:    %[[SWIZZLED:.+]] = arith.xori %[[BYTE]], %[[BITS]] : index
// CHECK-NEXT:    %[[ELEM:.+]] = arith.divui %[[SWIZZLED]], %[[C2]] : index
// CHECK-NEXT:    %[[PBASE:.+]] = arith.muli %[[PANEL]], %[[C2048]] : index
// CHECK-NEXT:    %[[INBUF:.+]] = arith.addi %[[PBASE]], %[[ELEM]] : index
// CHECK-NEXT:    %[[IDX:.+]] = arith.addi %[[SBASE]], %[[INBUF]] : index
// CHECK-NEXT:    nvgpu.device_async_copy %[[G]][%[[GROW]], %[[GCOL]]], %[[VIEWA]][%[[IDX]]], 8 {bypassL1}
// CHECK-SAME:      : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<6144xbf16, #gpu.address_space<workgroup>>

// cp.async into B (128-byte swizzle, 64-element panels).
// CHECK:         arith.divui %[[COL]], %[[C64]] : index
// CHECK:         arith.muli %[[ROW]], %[[C128]] : index
// CHECK:         arith.andi %{{.+}}, %[[C112]] : index
// CHECK:         arith.xori
// CHECK:         nvgpu.device_async_copy %[[G]][%[[GROW]], %[[GCOL]]], %[[VIEWB]][%{{.+}}], 8 {bypassL1}

// ldmatrix through the stage views: same index math, on the flat views.
// CHECK:         arith.andi %{{.+}}, %[[C48]] : index
// CHECK:         arith.xori
// CHECK:         nvgpu.ldmatrix %[[VIEWA]][%{{.+}}] {numTiles = 4 : i32, transpose = false}
// CHECK-SAME:      : memref<6144xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK:         arith.andi %{{.+}}, %[[C112]] : index
// CHECK:         arith.xori
// CHECK:         nvgpu.ldmatrix %[[VIEWB]][%{{.+}}] {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:      : memref<6144xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NOT:     tile.alloc_shared
// CHECK-NOT:     memref.subview
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @layout_swizzle(%a: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
                           %stage: index, %row: index, %col: index, %grow: index, %gcol: index)
      -> (vector<4x2xbf16>, vector<4x2xbf16>) {
    %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.swizzle<128>, offset = 12288 : i64}
        : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
    %t0 = nvgpu.device_async_copy %a[%grow, %gcol], %sa[%stage, %row, %col], 8 {bypassL1}
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    %t1 = nvgpu.device_async_copy %a[%grow, %gcol], %sb[%stage, %row, %col], 8 {bypassL1}
        : memref<?x?xbf16, strided<[?, 1], offset: ?>> to memref<3x32x64xbf16, #gpu.address_space<workgroup>>
    %va = memref.subview %sa[%stage, 0, 0] [1, 64, 32] [1, 1, 1]
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
          to memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>
    %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 64] [1, 1, 1]
        : memref<3x32x64xbf16, #gpu.address_space<workgroup>>
          to memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %fa = nvgpu.ldmatrix %va[%row, %col] {numTiles = 4 : i32, transpose = false}
        : memref<64x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    %fb = nvgpu.ldmatrix %vb[%row, %col] {numTiles = 4 : i32, transpose = true}
        : memref<32x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    gpu.return %fa, %fb : vector<4x2xbf16>, vector<4x2xbf16>
  }
}

// -----

// #tile.pad<8> on f16 tiles: rows of 32 + 8 = 40 (A) and 64 + 8 = 72 (B)
// elements, stages of 64 x 40 = 2560 and 32 x 72 = 2304 elements; plain
// row-major, no XOR.

// CHECK-LABEL: gpu.func @layout_pad(
// CHECK-SAME:      %[[G:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[STAGE:[^:]+]]: index, %[[ROW:[^:]+]]: index, %[[COL:[^:]+]]: index,
// CHECK-SAME:      %[[GROW:[^:]+]]: index, %[[GCOL:[^:]+]]: index)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C40:.+]] = arith.constant 40 : index
// CHECK-DAG:     %[[C72:.+]] = arith.constant 72 : index
// CHECK-DAG:     %[[C2560:.+]] = arith.constant 2560 : index
// CHECK-DAG:     %[[C2304:.+]] = arith.constant 2304 : index
// CHECK-DAG:     %[[C10240:.+]] = arith.constant 10240 : index
// CHECK:         %[[RAW:.+]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VIEWA:.+]] = memref.view %[[RAW]][%[[C0]]][]
// CHECK-SAME:      to memref<5120xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[VIEWB:.+]] = memref.view %[[RAW]][%[[C10240]]][]
// CHECK-SAME:      to memref<4608xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[SBASE:.+]] = arith.muli %[[STAGE]], %[[C2560]] : index
// CHECK-NEXT:    %[[RBASE:.+]] = arith.muli %[[ROW]], %[[C40]] : index
// CHECK-NEXT:    %[[INSTAGE:.+]] = arith.addi %[[RBASE]], %[[COL]] : index
// CHECK-NEXT:    %[[IDX:.+]] = arith.addi %[[SBASE]], %[[INSTAGE]] : index
// CHECK-NEXT:    nvgpu.device_async_copy %[[G]][%[[GROW]], %[[GCOL]]], %[[VIEWA]][%[[IDX]]], 8 {bypassL1}
// CHECK-SAME:      : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<5120xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    %[[SBASEB:.+]] = arith.muli %[[STAGE]], %[[C2304]] : index
// CHECK-NEXT:    %[[RBASEB:.+]] = arith.muli %[[ROW]], %[[C72]] : index
// CHECK-NEXT:    %[[INSTAGEB:.+]] = arith.addi %[[RBASEB]], %[[COL]] : index
// CHECK-NEXT:    %[[IDXB:.+]] = arith.addi %[[SBASEB]], %[[INSTAGEB]] : index
// CHECK-NEXT:    nvgpu.ldmatrix %[[VIEWB]][%[[IDXB]]] {numTiles = 4 : i32, transpose = true}
// CHECK-SAME:      : memref<4608xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NOT:     arith.xori
// CHECK-NOT:     tile.alloc_shared
// CHECK-NOT:     memref.subview
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @layout_pad(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                       %stage: index, %row: index, %col: index, %grow: index, %gcol: index)
      -> vector<4x2xf16> {
    %sa = tile.alloc_shared {layout = #tile.pad<8>, offset = 0 : i64}
        : memref<2x64x32xf16, #gpu.address_space<workgroup>>
    %sb = tile.alloc_shared {layout = #tile.pad<8>, offset = 10240 : i64}
        : memref<2x32x64xf16, #gpu.address_space<workgroup>>
    %t0 = nvgpu.device_async_copy %a[%grow, %gcol], %sa[%stage, %row, %col], 8 {bypassL1}
        : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<2x64x32xf16, #gpu.address_space<workgroup>>
    %vb = memref.subview %sb[%stage, 0, 0] [1, 32, 64] [1, 1, 1]
        : memref<2x32x64xf16, #gpu.address_space<workgroup>>
          to memref<32x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %fb = nvgpu.ldmatrix %vb[%row, %col] {numTiles = 4 : i32, transpose = true}
        : memref<32x64xf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<4x2xf16>
    gpu.return %fb : vector<4x2xf16>
  }
}

// -----

// A kernel without tile.alloc_shared gets no dynamic shared memory.

// CHECK-LABEL: gpu.func @no_shared(
// CHECK-NOT:     gpu.dynamic_shared_memory
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @no_shared(%m: memref<8xf32>) kernel {
    gpu.return
  }
}

// -----

// An access the layout cannot be applied to is reported, not left behind.

gpu.module @kernels {
  gpu.func @unsupported_access(%row: index, %col: index) -> bf16 {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tile.alloc_shared' op has an access the shared-layout pass cannot rewrite}}
    %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
        : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    %x = memref.load %sa[%c0, %row, %col] : memref<3x64x32xbf16, #gpu.address_space<workgroup>>
    gpu.return %x : bf16
  }
}
