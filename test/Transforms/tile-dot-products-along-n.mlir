// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-dot-products,canonicalize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A dot schedule along N (mma [1, 8, 4]) over a row-major B: block
// [2, 256, 16], warp [2, 256], f16 in, f32 out, with a column bias and
// SiLU. One warp along N, 16 / 4 = 4 along K: 128 threads, and 4 × 2 × 256
// f32 partial sums in shared memory (8 KiB).

#sched = #tile.schedule<chip = "sm_90a", block = [2, 256, 16], warp = [2, 256],
  mma = #tile.mma<dot, [1, 8, 4]>,
  elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

// CHECK-LABEL: func.func @decode_rows(
// CHECK:         gpu.launch_func @decode_rows_kernel_module::@decode_rows_kernel
// CHECK-SAME:        threads in (%c128,
// CHECK-SAME:        dynamic_shared_memory_size %c8192_i32

// CHECK-LABEL: gpu.func @decode_rows_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[BIAS:[^:]+]]: memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NOT:     memref.transpose
// CHECK-NOT:     tile.{{(block_mma|alloc_accumulator|store_accumulator)}}
// Whole 16-byte vectors of B's rows, or element by element.
// CHECK:         %[[SUMS:.+]]:16 = scf.if %{{.+}} -> (f32,
// A's 4 elements of a step as one 8-byte vector where its rows take it.
// CHECK:           scf.if %{{.+}} -> (f32,
// The main loop: a warp's 4 rows of K, their loads of B, then of A's two
// rows, then 2 × 8 FMAs per row.
// CHECK:             scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16 iter_args(
// CHECK-COUNT-4:       vector.load %[[B]][{{.+}}] {alignment = 16 : i64} : {{.+}}, vector<8xf16>
// CHECK-NOT:           math.fma
// CHECK-COUNT-2:       vector.load %[[A]][{{.+}}] {alignment = 8 : i64} : {{.+}}, vector<4xf16>
// CHECK-COUNT-64:      math.fma
// CHECK:               scf.yield
// The tail: a row per warp along K, 4 rows apart.
// CHECK:             scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c4 iter_args(
// CHECK:               vector.load %[[B]]
// CHECK:               memref.load %[[A]]
// CHECK:           } else {
// CHECK:             scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16 iter_args(
// CHECK-COUNT-4:       vector.load %[[B]]
// CHECK-NOT:           math.fma
// CHECK-COUNT-8:       memref.load %[[A]]
// CHECK-COUNT-64:      math.fma
// CHECK:         } else {
// CHECK:           scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c4 iter_args(
// CHECK-COUNT-8:     memref.load %[[B]]
// The warps along K meet in shared memory: each stores its 2 × 8 sums per
// lane, and after a barrier each of the 128 threads adds up 4 elements of
// the tile over the 4 warps, keeps the sum in the first warp's place, and
// the tile goes to C through the epilogue.
// CHECK:         %[[RAW:.+]] = gpu.dynamic_shared_memory
// CHECK:         %[[PARTIALS:.+]] = memref.view %[[RAW]][%c0][] : {{.+}} to memref<4x2x256xf32, #gpu.address_space<workgroup>>
// CHECK-COUNT-2: vector.store %{{.+}}, %[[PARTIALS]]
// CHECK:         gpu.barrier
// CHECK-COUNT-16: memref.load %[[PARTIALS]]
// CHECK-COUNT-4: memref.store %{{.+}}, %[[PARTIALS]][%c0,
// CHECK:         gpu.barrier
// CHECK:         memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK:         llvm.load %{{.+}} invariant
// CHECK:         memref.store %{{.+}}, %[[C]]

func.func @decode_rows(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                       %c: memref<?x?xf32>, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf32>
  return
}
