// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// split_k on an ffma (SIMT) schedule: the S = 4 blocks of a tile (grid z)
// each walk ceil(T/4) of its T K tiles; only split 0 takes the ragged
// first tile (its shift), the others start at whole tiles. After the K
// loop every thread stores its accumulators into its split's slice of the
// workspace (%arg3), the block counts itself on the tile's counter (%arg4)
// through a flag in shared memory, and the last block (counter was 3) sums
// the four slices into its accumulators, runs the epilogue and zeroes the
// counter. A tile inside C (with N a multiple of 4) stores and loads runs
// of 4 accumulators as 128-bit vectors, and the last block loads 16 of
// them (4 runs from each slice) before it adds; a tile at C's edge copies
// element by element, each inside C only.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 16], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>>

// CHECK-LABEL: gpu.func @split_kernel(
// CHECK-SAME:      %[[PARTIALS:[^:]+]]: memref<?xf32>, %[[COUNTERS:[^:]+]]: memref<?xi32>)
// CHECK:         %[[TILES:.+]] = arith.divui %{{.+}}, %c16 : index
// CHECK:         %[[SHIFT:.+]] = arith.subi %{{.+}}, %{{.+}} : index
// CHECK:         %[[SPLIT:.+]] = gpu.block_id  z
// CHECK:         %[[PER:.+]] = arith.ceildivui %[[TILES]], %c4 : index
// CHECK:         %[[FIRST:.+]] = arith.muli %[[SPLIT]], %[[PER]] : index
// CHECK:         %[[IS0:.+]] = arith.cmpi eq, %[[SPLIT]], %c0 : index
// CHECK:         arith.select %[[IS0]], %c0, %{{.+}} : index
// CHECK:         arith.minui %[[PER]], %{{.+}} : index
// CHECK:         arith.select %[[IS0]], %[[SHIFT]], %c0 : index
// CHECK:         nvvm.cp.async.wait.group 0
// CHECK:         %[[FLAG:.+]] = memref.view %{{.+}}[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
// CHECK:         %[[N4:.+]] = arith.remui %{{.+}}, %c4 : index
// CHECK-NEXT:    %[[ALIGNED:.+]] = arith.cmpi eq, %[[N4]], %c0 : index
// CHECK-NEXT:    arith.cmpi ule, %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    arith.cmpi ule, %{{.+}}, %{{.+}} : index
// CHECK-NEXT:    %[[FITS:.+]] = arith.andi %{{.+}}, %{{.+}} : i1
// CHECK-NEXT:    %[[WHOLE:.+]] = arith.andi %[[ALIGNED]], %[[FITS]] : i1
// CHECK-NEXT:    scf.if %[[WHOLE]] {
// CHECK:           vector.store %{{.+}}, %[[PARTIALS]][%{{.+}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK:         } else {
// CHECK:             memref.store %{{.+}}, %[[PARTIALS]][%{{.+}}] : memref<?xf32>
// CHECK:         nvvm.memory.barrier <gpu>
// CHECK-NEXT:    gpu.barrier
// CHECK:           %[[BEFORE:.+]] = memref.atomic_rmw addi %c1_i32, %[[COUNTERS]][%[[TILE:.+]]] : (i32, memref<?xi32>) -> i32
// CHECK-NEXT:      %[[LAST:.+]] = arith.cmpi eq, %[[BEFORE]], %c3_i32 : i32
// CHECK:           memref.store %{{.+}}, %[[FLAG]][%c0]
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[SEEN:.+]] = memref.load %[[FLAG]][%c0]
// CHECK-NEXT:    %[[IFLAST:.+]] = arith.cmpi ne, %[[SEEN]], %c0_i32 : i32
// CHECK-NEXT:    scf.if %[[IFLAST]] {
// CHECK-NEXT:      nvvm.memory.barrier <gpu>
// CHECK-NEXT:      scf.if %[[WHOLE]] {
// CHECK-COUNT-16:      vector.load %[[PARTIALS]][%{{.+}}] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK-NEXT:        arith.addf %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK:             memref.store %{{.+}}, %alloca
// CHECK:           } else {
// CHECK:             memref.load %[[PARTIALS]]
// CHECK:             memref.load %[[PARTIALS]]
// CHECK:             memref.load %[[PARTIALS]]
// CHECK:             memref.load %[[PARTIALS]]
// CHECK-NOT:         memref.load %[[PARTIALS]]
// CHECK:             memref.store %{{.+}}, %alloca
// CHECK:           memref.atomic_rmw assign %c0_i32, %[[COUNTERS]][%[[TILE]]]
// CHECK:         gpu.return
func.func @split(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
