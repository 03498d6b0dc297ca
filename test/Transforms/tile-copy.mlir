// RUN: gemm-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-copy,canonicalize,cse))' | FileCheck %s

// A kernel's tile.copy becomes one block's loads of its tile, then its
// stores, along one of two paths chosen per block: vectors (tile inside src,
// src aligned; stores 16-byte where dst is aligned too) or elements, the
// warp's lanes on consecutive elements (predicated at the matrix's edges).

#sched = #tile.copy_schedule<chip = "sm_90a", tile = [16, 64], threads = [8, 8], vector = 8>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @copy(
    // CHECK-SAME:      %[[SRC:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[DST:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
    // CHECK-DAG:     %[[TID:.*]] = gpu.thread_id x
    // CHECK-DAG:     %[[TX:.*]] = arith.remui %[[TID]], %c8
    // CHECK-DAG:     %[[TY:.*]] = arith.divui %[[TID]], %c8
    // Rows along grid x, columns along grid y.
    // CHECK-DAG:     %[[BX:.*]] = gpu.block_id x
    // CHECK-DAG:     %[[ROW0:.*]] = arith.muli %[[BX]], %c16
    // CHECK-DAG:     %[[BY:.*]] = gpu.block_id y
    // CHECK-DAG:     %[[COL0:.*]] = arith.muli %[[BY]], %c64
    // CHECK-DAG:     %[[ROWS:.*]] = memref.dim %[[SRC]], %c0
    // CHECK-DAG:     %[[COLS:.*]] = memref.dim %[[SRC]], %c1
    // The tile lies inside: its last column and row are.
    // CHECK:         %[[COLEND:.*]] = arith.addi %[[COL0]], %c64
    // CHECK:         %[[COLIN:.*]] = arith.cmpi ule, %[[COLEND]], %[[COLS]]
    // CHECK:         %[[ROWEND:.*]] = arith.addi %[[ROW0]], %c16
    // CHECK:         %[[ROWIN:.*]] = arith.cmpi ule, %[[ROWEND]], %[[ROWS]]
    // CHECK:         %[[INSIDE:.*]] = arith.andi %[[ROWIN]], %[[COLIN]]
    // src takes 16-byte loads: aligned pointer, offset and leading dimension
    // multiples of 8 bf16.
    // CHECK:         %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[SRC]]
    // CHECK:         %[[PTR:.*]] = memref.extract_aligned_pointer_as_index %[[SRC]]
    // CHECK:         arith.andi %[[PTR]], %c15
    // CHECK:         arith.andi %[[OFFSET]], %c7
    // CHECK:         arith.andi %[[STRIDES]]#0, %c7
    // CHECK:         %[[VECTORS:.*]] = arith.andi %[[INSIDE]], %{{.*}} : i1
    // Two rows per thread (16 rows / TY = 8), one segment of 8·8 columns.
    // CHECK:         scf.if %[[VECTORS]] {
    // CHECK:           %[[R0:.*]] = arith.addi %[[ROW0]], %[[TY]]
    // CHECK:           %[[C:.*]] = arith.muli %[[TX]], %c8
    // CHECK:           %[[COL:.*]] = arith.addi %[[COL0]], %[[C]]
    // CHECK:           %[[V0:.*]] = vector.load %[[SRC]][%[[R0]], %[[COL]]] {alignment = 16 : i64}
    // CHECK:           %[[TY8:.*]] = arith.addi %[[TY]], %c8
    // CHECK:           %[[R1:.*]] = arith.addi %[[ROW0]], %[[TY8]]
    // CHECK:           %[[V1:.*]] = vector.load %[[SRC]][%[[R1]], %[[COL]]] {alignment = 16 : i64}
    // CHECK:           memref.extract_aligned_pointer_as_index %[[DST]]
    // CHECK:           scf.if %{{.*}} {
    // CHECK-NEXT:        vector.store %[[V0]], %[[DST]][%[[R0]], %[[COL]]] {alignment = 16 : i64}
    // CHECK-NEXT:        vector.store %[[V1]], %[[DST]][%[[R1]], %[[COL]]] {alignment = 16 : i64}
    // CHECK-NEXT:      } else {
    // CHECK:             %[[E0:.*]] = vector.extract %[[V0]][0]
    // CHECK-NEXT:        memref.store %[[E0]], %[[DST]][%[[R0]], %[[COL]]]
    // CHECK-COUNT-15:    memref.store
    // CHECK-NEXT:      }
    // Elements: lane TX loads columns c0 + TX, c0 + TX + 8, ..., then
    // stores them.
    // CHECK:         } else {
    // CHECK-NEXT:      scf.if %[[INSIDE]] {
    // CHECK-NEXT:        %[[ER0:.*]] = arith.addi %[[ROW0]], %[[TY]]
    // CHECK-NEXT:        %[[EC0:.*]] = arith.addi %[[COL0]], %[[TX]]
    // CHECK-NEXT:        %[[L0:.*]] = memref.load %[[SRC]][%[[ER0]], %[[EC0]]]
    // CHECK-NEXT:        %[[TX8:.*]] = arith.addi %[[TX]], %c8
    // CHECK-NEXT:        %[[EC1:.*]] = arith.addi %[[COL0]], %[[TX8]]
    // CHECK-NEXT:        %[[L1:.*]] = memref.load %[[SRC]][%[[ER0]], %[[EC1]]]
    // CHECK-COUNT-14:    memref.load %[[SRC]]
    // CHECK-NEXT:        memref.store %[[L0]], %[[DST]][%[[ER0]], %[[EC0]]]
    // CHECK-NEXT:        memref.store %[[L1]], %[[DST]][%[[ER0]], %[[EC1]]]
    // CHECK-COUNT-14:    memref.store %{{.*}}, %[[DST]]
    // CHECK-NEXT:      } else {
    // Past the edge a load yields zero, which no store writes.
    // CHECK:             %[[IN:.*]] = arith.andi
    // CHECK:             %[[P:.*]] = scf.if %[[IN]] -> (bf16) {
    // CHECK:               memref.load %[[SRC]]
    // CHECK:             } else {
    // CHECK:               scf.yield %cst : bf16
    // CHECK:             }
    // CHECK:             scf.if %[[IN]] {
    // CHECK-NEXT:          memref.store %[[P]], %[[DST]]
    // CHECK:         gpu.return
    gpu.func @copy(%src: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %dst: memref<?x?xbf16, strided<[?, 1], offset: ?>>) kernel {
      tile.copy %src into %dst {schedule = #sched} : memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16, strided<[?, 1], offset: ?>>
      gpu.return
    }
  }
}

// -----

// A batch: the block copies its tile of entry blockIdx.z; vector = 1 has no
// vector path.
#sched = #tile.copy_schedule<chip = "sm_90a", tile = [8, 32], threads = [32, 8], vector = 1>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @copy_batched(
    // CHECK:         %[[Z:.*]] = gpu.block_id z
    // CHECK:         memref.subview %{{.*}}[%[[Z]], 0, 0]
    // CHECK-NOT:     vector.load
    // (canonicalize merges the two sides' ifs on the same condition.)
    // CHECK:         scf.if %[[INSIDE:.*]] {
    // CHECK:           %[[V:.*]] = memref.load %[[SRC:.*]][%[[R:.*]], %[[C:.*]]]
    // CHECK:           memref.store %[[V]], %[[DST:.*]][%[[R]], %[[C]]]
    // CHECK:         } else {
    // CHECK:           %[[P:.*]] = scf.if %[[IN:.*]] -> (f32) {
    // CHECK:             memref.load %[[SRC]]
    // CHECK:           scf.if %[[IN]] {
    // CHECK:             memref.store %[[P]], %[[DST]]
    // CHECK-NOT:     vector.store
    // CHECK:         gpu.return
    gpu.func @copy_batched(%src: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %dst: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) kernel {
      tile.copy %src into %dst {schedule = #sched} : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
      gpu.return
    }
  }
}
