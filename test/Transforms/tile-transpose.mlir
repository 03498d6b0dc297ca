// RUN: gemm-opt %s --split-input-file --pass-pipeline='builtin.module(gpu.module(tile-transpose,canonicalize,cse))' | FileCheck %s

// A kernel's tile.transpose becomes one block's load phase into a staging
// tile in dynamic shared memory, a barrier, and the store phase out of it;
// each phase has a vectorized branch (interior tiles of aligned matrices)
// and a predicated element-wise one.

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @pad(
    // CHECK-SAME:      %[[SRC:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[DST:[^:]*]]: memref<?x?xf32, strided<[?, 1], offset: ?>>)
    // CHECK-DAG:     %[[TID:.*]] = gpu.thread_id x
    // CHECK-DAG:     %[[TX:.*]] = arith.remui %[[TID]], %c8
    // CHECK-DAG:     %[[TY:.*]] = arith.divui %[[TID]], %c8
    // The staging tile: 64 rows of 64 + 1 floats.
    // CHECK:         %[[RAW:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    // CHECK:         %[[TILE:.*]] = memref.view %[[RAW]][%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x65xf32, #gpu.address_space<workgroup>>
    // The fast path needs 16-byte aligned pointers and offsets / leading
    // dimensions that are multiples of 4 floats.
    // CHECK:         memref.extract_aligned_pointer_as_index %[[DST]]
    // CHECK:         arith.andi %{{.*}}, %c15
    // CHECK:         memref.extract_aligned_pointer_as_index %[[SRC]]
    // CHECK:         scf.if %[[FAST:.*]] {
    // Load phase: 16-byte loads along src rows, element stores into the
    // tile's row TY (column 4·TX + e).
    // CHECK:           %[[COL:.*]] = arith.muli %[[TX]], %c4
    // CHECK:           %[[CHUNK:.*]] = vector.load %[[SRC]][%{{.*}}, %{{.*}}] {alignment = 16 : i64} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
    // CHECK:           %[[E0:.*]] = vector.extract %[[CHUNK]][0]
    // CHECK:           memref.store %[[E0]], %[[TILE]][%[[TY]], %[[COL]]]
    // CHECK-COUNT-3:   memref.store
    // CHECK-COUNT-3:   vector.load %[[SRC]]{{.*}}{alignment = 16 : i64}
    // CHECK:         } else {
    // CHECK:           scf.if
    // CHECK:             memref.load %[[SRC]]
    // CHECK:             memref.store %{{.*}}, %[[TILE]]
    // CHECK:         }
    // CHECK:         gpu.barrier
    // Store phase: gather 4 rows of a tile column, one 16-byte store along
    // a dst row.
    // CHECK:         scf.if %[[FAST]] {
    // CHECK:           %[[Q:.*]] = arith.muli %[[TX]], %c4
    // CHECK:           %[[V0:.*]] = memref.load %[[TILE]][%[[Q]], %[[TY]]]
    // CHECK:           %[[V1:.*]] = memref.load %[[TILE]][%{{.*}}, %[[TY]]]
    // CHECK:           %[[V2:.*]] = memref.load %[[TILE]][%{{.*}}, %[[TY]]]
    // CHECK:           %[[V3:.*]] = memref.load %[[TILE]][%{{.*}}, %[[TY]]]
    // CHECK:           %[[OUT:.*]] = vector.from_elements %[[V0]], %[[V1]], %[[V2]], %[[V3]] : vector<4xf32>
    // CHECK:           vector.store %[[OUT]], %[[DST]][%{{.*}}, %{{.*}}] {alignment = 16 : i64}
    // CHECK-COUNT-3:   vector.store %{{.*}}, %[[DST]]
    // CHECK:         } else {
    // CHECK:           scf.if
    // CHECK:             memref.load %[[TILE]]
    // CHECK:             memref.store %{{.*}}, %[[DST]]
    // CHECK:         }
    // CHECK-NOT:     tile.transpose
    // CHECK:         gpu.return
    gpu.func @pad(%src: memref<?x?xf32, strided<[?, 1], offset: ?>>, %dst: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel {
      tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?x?xf32, strided<[?, 1], offset: ?>>
      gpu.return
    }
  }
}

// -----

// #tile.swizzle<128> on f32: no padding; the column is XORed with
// row mod 32 on both sides of the barrier.
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.swizzle<128>, vector = 4>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @swizzle(
    // CHECK:         %[[TILE:.*]] = memref.view %{{.*}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
    // CHECK:         scf.if
    // CHECK:           %[[ROWBITS:.*]] = arith.andi %[[ROW:.*]], %c31
    // CHECK:           %[[SCOL:.*]] = arith.xori %[[COL:.*]], %[[ROWBITS]]
    // CHECK:           memref.store %{{.*}}, %[[TILE]][%[[ROW]], %[[SCOL]]]
    // CHECK:         gpu.barrier
    // CHECK:         scf.if
    // CHECK:           %[[QBITS:.*]] = arith.andi %[[Q:.*]], %c31
    // CHECK:           %[[QCOL:.*]] = arith.xori %[[P:.*]], %[[QBITS]]
    // CHECK:           memref.load %[[TILE]][%[[Q]], %[[QCOL]]]
    gpu.func @swizzle(%src: memref<?x?xf32, strided<[?, 1], offset: ?>>, %dst: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel {
      tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?x?xf32, strided<[?, 1], offset: ?>>
      gpu.return
    }
  }
}

// -----

// vector = 1: every block is "fast" when its tile is inside the matrices;
// no alignment test.
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [32, 32], threads = [32, 8], smem = #tile.pad<1>, vector = 1>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @scalar(
    // CHECK:         memref.view {{.*}} to memref<32x33xf32, #gpu.address_space<workgroup>>
    // CHECK-NOT:     memref.extract_aligned_pointer_as_index
    // CHECK:         gpu.barrier
    gpu.func @scalar(%src: memref<?x?xf32, strided<[?, 1], offset: ?>>, %dst: memref<?x?xf32, strided<[?, 1], offset: ?>>) kernel {
      tile.transpose %src into %dst {schedule = #sched} : memref<?x?xf32, strided<[?, 1], offset: ?>> into memref<?x?xf32, strided<[?, 1], offset: ?>>
      gpu.return
    }
  }
}

// -----

// A batch: the block works on the 2-D views of entry blockIdx.z of src and
// dst, so the alignment test of the fast path sees each entry's offset.
#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>
module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @batched(
    // CHECK-SAME:      %[[SRC:[a-z0-9]+]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %[[DST:[a-z0-9]+]]: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>)
    // CHECK:         %[[ENTRY:.*]] = gpu.block_id  z
    // CHECK:         %[[SRC_ENTRY:.*]] = memref.subview %[[SRC]][%[[ENTRY]], 0, 0] [1, %{{.*}}, %{{.*}}] [1, 1, 1]
    // CHECK-SAME:      to memref<?x?xf32, strided<[?, 1], offset: ?>>
    // CHECK:         %[[DST_ENTRY:.*]] = memref.subview %[[DST]][%[[ENTRY]], 0, 0] [1, %{{.*}}, %{{.*}}] [1, 1, 1]
    // CHECK-DAG:     memref.extract_strided_metadata %[[SRC_ENTRY]] :
    // CHECK-DAG:     memref.extract_strided_metadata %[[DST_ENTRY]] :
    // CHECK:         vector.load %[[SRC_ENTRY]][
    // CHECK:         gpu.barrier
    // CHECK:         vector.store %{{.*}}, %[[DST_ENTRY]]
    gpu.func @batched(%src: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>, %dst: memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>) kernel {
      tile.transpose %src into %dst {schedule = #sched} : memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>> into memref<?x?x?xf32, strided<[?, ?, 1], offset: ?>>
      gpu.return
    }
  }
}
