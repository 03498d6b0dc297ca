// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-lower-epilogue))" | FileCheck %s

// f16 C, block [32, 32, 32], warp [16, 16]: one m16 row of two n8 tiles per
// warp (1x2x4 fragments). Lane l holds rows l/4 and l/4 + 8, columns
// 2(l%4) and 2(l%4) + 1 of each tile: four truncated pairs, each written with
// one 4-byte-aligned vector store.

#sched = #tile.schedule<chip = "sm_80", block = [32, 32, 32], warp = [16, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @epilogue_f16(
// CHECK-SAME:      %[[FRAGS:[^:]+]]: memref<1x2x4xf32>, %[[C:[^:]+]]: memref<32x32xf16, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK-NEXT:    %[[WARP:.+]] = arith.divui %[[TID]], %[[C32]] : index
// CHECK-NEXT:    %[[LANE:.+]] = arith.remui %[[TID]], %[[C32]] : index
// CHECK-NEXT:    %[[WI:.+]] = arith.divui %[[WARP]], %[[C2]] : index
// CHECK-NEXT:    %[[WJ:.+]] = arith.remui %[[WARP]], %[[C2]] : index
// CHECK-NEXT:    %[[WROW:.+]] = arith.muli %[[WI]], %[[C16]] : index
// CHECK-NEXT:    %[[WCOL:.+]] = arith.muli %[[WJ]], %[[C16]] : index
// CHECK-NEXT:    %[[LR:.+]] = arith.divui %[[LANE]], %[[C4]] : index
// CHECK-NEXT:    %[[ROW:.+]] = arith.addi %[[WROW]], %[[LR]] : index
// CHECK-NEXT:    %[[LC:.+]] = arith.remui %[[LANE]], %[[C4]] : index
// CHECK-NEXT:    %[[LC2:.+]] = arith.muli %[[LC]], %[[C2]] : index
// CHECK-NEXT:    %[[COL:.+]] = arith.addi %[[WCOL]], %[[LC2]] : index

// Tile (0, 0), row ROW: fragments 0 and 1.
// CHECK-NEXT:    %[[X0:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C0]]] : memref<1x2x4xf32>
// CHECK-NEXT:    %[[Y0:.+]] = arith.truncf %[[X0]] : f32 to f16
// CHECK-NEXT:    %[[X1:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C1]]] : memref<1x2x4xf32>
// CHECK-NEXT:    %[[Y1:.+]] = arith.truncf %[[X1]] : f32 to f16
// CHECK-NEXT:    %[[V0:.+]] = vector.from_elements %[[Y0]], %[[Y1]] : vector<2xf16>
// CHECK-NEXT:    vector.store %[[V0]], %[[C]][%[[ROW]], %[[COL]]] {alignment = 4 : i64}
// CHECK-SAME:      : memref<32x32xf16, strided<[?, 1], offset: ?>>, vector<2xf16>

// Tile (0, 0), row ROW + 8: fragments 2 and 3.
// CHECK-NEXT:    %[[X2:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C2]]] : memref<1x2x4xf32>
// CHECK-NEXT:    %[[Y2:.+]] = arith.truncf %[[X2]] : f32 to f16
// CHECK-NEXT:    %[[X3:.+]] = memref.load %[[FRAGS]][%[[C0]], %[[C0]], %[[C3]]] : memref<1x2x4xf32>
// CHECK-NEXT:    %[[Y3:.+]] = arith.truncf %[[X3]] : f32 to f16
// CHECK-NEXT:    %[[V1:.+]] = vector.from_elements %[[Y2]], %[[Y3]] : vector<2xf16>
// CHECK-NEXT:    %[[ROW8:.+]] = arith.addi %[[ROW]], %[[C8]] : index
// CHECK-NEXT:    vector.store %[[V1]], %[[C]][%[[ROW8]], %[[COL]]] {alignment = 4 : i64}

// Tile (0, 1): 8 columns further.
// CHECK:         memref.load %[[FRAGS]][%[[C0]], %[[C1]], %[[C0]]]
// CHECK:         %[[COL8:.+]] = arith.addi %[[COL]], %[[C8]] : index
// CHECK-NEXT:    vector.store %{{.+}}, %[[C]][%[[ROW]], %[[COL8]]] {alignment = 4 : i64}
// CHECK:         memref.load %[[FRAGS]][%[[C0]], %[[C1]], %[[C3]]]
// CHECK:         %[[ROW8B:.+]] = arith.addi %[[ROW]], %[[C8]] : index
// CHECK-NEXT:    %[[COL8B:.+]] = arith.addi %[[COL]], %[[C8]] : index
// CHECK-NEXT:    vector.store %{{.+}}, %[[C]][%[[ROW8B]], %[[COL8B]]] {alignment = 4 : i64}
// CHECK-NOT:     vector.store
// CHECK-NOT:     tile.store_fragments
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @epilogue_f16(%frags: memref<1x2x4xf32>, %c: memref<32x32xf16, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    tile.store_fragments %frags, %c {schedule = #sched}
        : memref<1x2x4xf32>, memref<32x32xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// bf16 C, block [64, 64, 32], warp [32, 32]: 2x4 tiles, 16 pair stores,
// 32 conversions; tile (i, j) starts 16 i rows and 8 j columns in.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: gpu.func @epilogue_bf16(
// CHECK-SAME:      %[[FRAGS:[^:]+]]: memref<2x4x4xf32>, %[[C:[^:]+]]: memref<64x64xbf16, strided<[?, 1], offset: ?>>)
// CHECK-DAG:     %[[C24:.+]] = arith.constant 24 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK:         %[[ROW:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK:         %[[COL:.+]] = arith.addi %{{.+}}, %{{.+}} : index
// CHECK:         arith.truncf %{{.+}} : f32 to bf16
// CHECK:         vector.store %{{.+}}, %[[C]][%[[ROW]], %[[COL]]] {alignment = 4 : i64}
// CHECK-SAME:      : memref<64x64xbf16, strided<[?, 1], offset: ?>>, vector<2xbf16>
// CHECK-COUNT-5: vector.store %{{.+}}, %[[C]]
// CHECK:         %[[COL24:.+]] = arith.addi %[[COL]], %[[C24]] : index
// CHECK-NEXT:    vector.store %{{.+}}, %[[C]][%[[ROW]], %[[COL24]]]
// CHECK:         %[[ROW16:.+]] = arith.addi %[[ROW]], %[[C16]] : index
// CHECK-NEXT:    vector.store %{{.+}}, %[[C]][%[[ROW16]], %[[COL]]]
// CHECK-COUNT-7: vector.store %{{.+}}, %[[C]]{{.+}} {alignment = 4 : i64} : memref<64x64xbf16, strided<[?, 1], offset: ?>>, vector<2xbf16>
// CHECK-NOT:     vector.store
// CHECK:         gpu.return

// CHECK-LABEL: gpu.func @epilogue_bf16_converts(
// CHECK-COUNT-32: arith.truncf %{{.+}} : f32 to bf16
// CHECK-NOT:     arith.truncf
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @epilogue_bf16(%frags: memref<2x4x4xf32>, %c: memref<64x64xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    tile.store_fragments %frags, %c {schedule = #sched}
        : memref<2x4x4xf32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
  gpu.func @epilogue_bf16_converts(%frags: memref<2x4x4xf32>, %c: memref<64x64xbf16, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    tile.store_fragments %frags, %c {schedule = #sched}
        : memref<2x4x4xf32>, memref<64x64xbf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// f32 C needs no conversion; pairs are 8 bytes.

#sched = #tile.schedule<chip = "sm_80", block = [32, 32, 32], warp = [16, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: gpu.func @epilogue_f32(
// CHECK-SAME:      %[[FRAGS:[^:]+]]: memref<1x2x4xf32>, %[[C:[^:]+]]: memref<32x32xf32, strided<[?, 1], offset: ?>>)
// CHECK-NOT:     arith.truncf
// CHECK:         %[[X0:.+]] = memref.load %[[FRAGS]]
// CHECK-NEXT:    %[[X1:.+]] = memref.load %[[FRAGS]]
// CHECK-NEXT:    %[[V:.+]] = vector.from_elements %[[X0]], %[[X1]] : vector<2xf32>
// CHECK-NEXT:    vector.store %[[V]], %[[C]][%{{.+}}, %{{.+}}] {alignment = 8 : i64}
// CHECK-SAME:      : memref<32x32xf32, strided<[?, 1], offset: ?>>, vector<2xf32>
// CHECK-COUNT-3: vector.store %{{.+}}, %[[C]]{{.+}} {alignment = 8 : i64}
// CHECK-NOT:     vector.store
// CHECK-NOT:     arith.truncf
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @epilogue_f32(%frags: memref<1x2x4xf32>, %c: memref<32x32xf32, strided<[?, 1], offset: ?>>) kernel
      attributes {tile.schedule = #sched} {
    tile.store_fragments %frags, %c {schedule = #sched}
        : memref<1x2x4xf32>, memref<32x32xf32, strided<[?, 1], offset: ?>>
    gpu.return
  }
}

// -----

// A ragged = true kernel's C tile, a view of the whole C (as
// tile-block-tile makes it): one uniform branch per block. Where the tile lies inside C and C's rows (and
// base) are 16-byte aligned, the pairs go out as above; elsewhere each pair
// is stored at its place in the whole C, with one 4-byte store where both
// elements lie inside C and its rows are aligned, else element by element,
// each only inside C.

#sched = #tile.schedule<chip = "sm_80", block = [32, 32, 32], warp = [16, 16],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async, ragged = true>>

// CHECK-LABEL: gpu.func @epilogue_edge(
// CHECK-SAME:      %[[FRAGS:[^:]+]]: memref<1x2x4xf32>, %[[C:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>, %[[ROW0:[^:]+]]: index, %[[COL0:[^:]+]]: index)
// CHECK:         %[[TILE:.+]] = memref.subview %[[C]][%[[ROW0]], %[[COL0]]] [32, 32] [1, 1]
// CHECK:         %[[M:.+]] = memref.dim %[[C]], %{{.+}}
// CHECK:         %[[N:.+]] = memref.dim %[[C]], %{{.+}}
// CHECK:         %[[ALIGNED:.+]] = arith.andi
// CHECK-NEXT:    %[[END_ROW:.+]] = arith.addi %[[ROW0]], %{{.+}} : index
// CHECK-NEXT:    %[[ROWS_IN:.+]] = arith.cmpi ule, %[[END_ROW]], %[[M]] : index
// CHECK-NEXT:    %[[END_COL:.+]] = arith.addi %[[COL0]], %{{.+}} : index
// CHECK-NEXT:    %[[COLS_IN:.+]] = arith.cmpi ule, %[[END_COL]], %[[N]] : index
// CHECK-NEXT:    %[[IN:.+]] = arith.andi %[[ROWS_IN]], %[[COLS_IN]] : i1
// CHECK-NEXT:    %[[WHOLE:.+]] = arith.andi %[[ALIGNED]], %[[IN]] : i1
// CHECK:         scf.if %[[WHOLE]] {
// CHECK-COUNT-4:   vector.store %{{.+}}, %[[TILE]][%{{.+}}, %{{.+}}] {alignment = 4 : i64}
// CHECK-NOT:       vector.store %{{.+}}, %[[TILE]]
// CHECK:         } else {
// The first pair at (ROW0 + row, COL0 + col) of the whole C.
// CHECK:           %[[R:.+]] = arith.addi %[[ROW0]], %{{.+}} : index
// CHECK-NEXT:      %[[CC:.+]] = arith.addi %[[COL0]], %{{.+}} : index
// CHECK:           %[[RIN:.+]] = arith.cmpi ult, %[[R]], %{{.+}} : index
// CHECK:           scf.if %{{.+}} {
// CHECK-NEXT:        vector.store %{{.+}}, %[[C]][%[[R]], %[[CC]]] {alignment = 4 : i64}
// CHECK-NEXT:      } else {
// CHECK:             scf.if %{{.+}} {
// CHECK-NEXT:          memref.store %{{.+}}, %[[C]][%[[R]], %[[CC]]]
// CHECK:             scf.if %{{.+}} {
// CHECK-NEXT:          memref.store %{{.+}}, %[[C]][%[[R]], %{{.+}}]
// CHECK-COUNT-3:   vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] {alignment = 4 : i64}
// CHECK-NOT:       vector.store
// CHECK:         gpu.return
gpu.module @kernels {
  gpu.func @epilogue_edge(%frags: memref<1x2x4xf32>, %c: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                          %row: index, %col: index) kernel
      attributes {tile.schedule = #sched} {
    %tile = memref.subview %c[%row, %col] [32, 32] [1, 1]
        : memref<?x?xf16, strided<[?, 1], offset: ?>> to memref<32x32xf16, strided<[?, 1], offset: ?>>
    tile.store_fragments %frags, %tile {schedule = #sched}
        : memref<1x2x4xf32>, memref<32x32xf16, strided<[?, 1], offset: ?>>
    gpu.return
  }
}
