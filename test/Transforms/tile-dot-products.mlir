// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-dot-products,canonicalize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// The input of tile-dot-products is what tile-outline-kernel and
// tile-block-tile make of a dot schedule (made here by running them).
//
// block [2, 4, 512], warp [2, 1], mma [1, 1, 8], f16 in, f32 out, with a
// column bias and SiLU: 4 warps of one column each, both rows of the block;
// BK = 512 is 2 warp-wide steps of 8 f16 per lane. No shared memory.

#sched = #tile.schedule<chip = "sm_90a", block = [2, 4, 512], warp = [2, 1],
  mma = #tile.mma<dot, [1, 1, 8]>,
  elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
  smem_a = #tile.pad<0>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 1, load = direct>>

// CHECK-LABEL: func.func @decode(
// CHECK:         gpu.launch_func @decode_kernel_module::@decode_kernel
// CHECK-SAME:        dynamic_shared_memory_size %c0_i32

// CHECK-LABEL: gpu.func @decode_kernel(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[1, ?], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[BIAS:[^:]+]]: memref<?xf32, strided<[1], offset: ?>>)
// CHECK-NOT:     memref.alloc
// CHECK-NOT:     tile.{{(block_mma|alloc_accumulator|store_accumulator)}}
// B's columns are read as the rows of its transpose.
// CHECK:         %[[BT:.+]] = memref.transpose %[[B]]
// CHECK:         %[[TID:.+]] = gpu.thread_id x
// CHECK:         %[[LANE:.+]] = arith.remui %[[TID]], %c32
// The main loop: both steps' loads (B's column, A's two rows), then the FMAs.
// CHECK:         %[[MAIN:.+]]:2 = scf.for %{{.+}} = %c0 to %{{.+}} step %c512 iter_args(
// CHECK:           vector.load %[[BT]][{{.+}}] {alignment = 16 : i64} : {{.+}}, vector<8xf16>
// CHECK:           vector.load %[[A]][{{.+}}] {alignment = 16 : i64}
// CHECK:           vector.load %[[A]][{{.+}}] {alignment = 16 : i64}
// CHECK-NOT:       math.fma
// CHECK:           vector.load %[[BT]]
// CHECK-NOT:       math.fma
// CHECK:           vector.load %[[A]]
// CHECK:           vector.load %[[A]]
// CHECK:           math.fma
// CHECK:           scf.yield
// The middle loop: one warp-wide step at a time.
// CHECK:         %[[MIDDLE:.+]]:2 = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c256 iter_args(%{{.+}} = %[[MAIN]]#0, %{{.+}} = %[[MAIN]]#1)
// The tail: one element per lane.
// CHECK:         %[[START:.+]] = arith.addi %{{.+}}, %[[LANE]]
// CHECK:         %[[TAIL:.+]]:2 = scf.for %{{.+}} = %[[START]] to %{{.+}} step %c32 iter_args(%{{.+}} = %[[MIDDLE]]#0, %{{.+}} = %[[MIDDLE]]#1)
// CHECK:           memref.load %[[BT]]
// CHECK:           memref.load %[[A]]
// Each sum meets the other lanes' in 5 xor shuffles.
// CHECK:         gpu.shuffle xor %[[TAIL]]#0, %c16_i32, %c32_i32
// CHECK-COUNT-4: gpu.shuffle xor
// CHECK:         gpu.shuffle xor %[[TAIL]]#1, %c16_i32, %c32_i32
// CHECK-COUNT-4: gpu.shuffle xor
// Lane 1 stores row 1's sum, lane 0 row 0's; only inside C.
// CHECK:         arith.cmpi eq, %[[LANE]], %c1
// CHECK:         scf.if %{{.+}} {
// CHECK:           llvm.load %{{.+}} invariant
// CHECK:           llvm.intr.tanh
// CHECK:           memref.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}]
// CHECK:         }
// CHECK-NEXT:    gpu.return

func.func @decode(%a: memref<?x?xf16>, %b: memref<?x?xf16, strided<[1, ?]>>, %c: memref<?x?xf32>, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xf32> {schedule = #sched,
      epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?xf16>, memref<?x?xf16, strided<[1, ?]>> into memref<?x?xf32>
  return
}
