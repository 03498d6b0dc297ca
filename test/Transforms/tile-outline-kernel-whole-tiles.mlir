// RUN: gemm-opt %s --split-input-file --tile-outline-kernel --canonicalize --cse | FileCheck %s

// An mma.sync schedule with ragged = true gets two kernels in one gpu.module:
// the any-shape kernel and its whole-tile variant (the schedule without
// ragged). The host launches the variant where M, N and K are multiples of
// the block tile [64, 64, 32] and A, B, C and the bias start 16-byte aligned
// with 16-byte leading dimensions (2-byte elements), else the any-shape
// kernel, with the same grid, block, shared memory and arguments.

#ragged = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>,
  store = #tile.store<direct>>

// CHECK-LABEL: func.func @gemm_bias(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16>, %[[B:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[C:[^:]+]]: memref<?x?xbf16>, %[[BIAS:[^:]+]]: memref<?xbf16>)
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:     %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG:     %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-DAG:     %[[M:.+]] = memref.dim %[[C]], %[[C0]]
// CHECK-DAG:     %[[N:.+]] = memref.dim %[[C]], %{{.+}}
// CHECK-DAG:     %[[K:.+]] = memref.dim %[[A]], %{{.+}}
// CHECK:         %[[MR:.+]] = arith.remui %[[M]], %[[C64]]
// CHECK:         %[[NR:.+]] = arith.remui %[[N]], %[[C64]]
// CHECK:         %[[KR:.+]] = arith.remui %[[K]], %[[C32]]
// A's address (its offset is 0) and leading dimension in bytes.
// CHECK:         %[[ABASE:.+]], %{{.+}}, %{{.+}}:2, %[[ASTRIDES:.+]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK:         %[[APTR:.+]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK:         arith.remui %[[APTR]], %[[C16]]
// CHECK:         %[[ALD:.+]] = arith.muli %[[ASTRIDES]]#0, %[[C2]]
// CHECK:         arith.remui %[[ALD]], %[[C16]]
// B is a view: its element offset counts too.
// CHECK:         %{{.+}}, %[[BOFFSET:.+]], %{{.+}}:2, %[[BSTRIDES:.+]]:2 = memref.extract_strided_metadata %[[B]]
// CHECK:         %[[BPTR:.+]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK:         %[[BOFFBYTES:.+]] = arith.muli %[[BOFFSET]], %[[C2]]
// CHECK:         %[[BADDR:.+]] = arith.addi %[[BPTR]], %[[BOFFBYTES]]
// CHECK:         arith.remui %[[BADDR]], %[[C16]]
// CHECK:         arith.muli %[[BSTRIDES]]#0, %[[C2]]
// CHECK:         memref.extract_strided_metadata %[[C]]
// CHECK:         memref.extract_aligned_pointer_as_index %[[C]]
// CHECK:         %[[BIASPTR:.+]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK:         arith.remui %[[BIASPTR]], %[[C16]]
// CHECK:         %[[TAKES:.+]] = arith.andi
// CHECK-NEXT:    scf.if %[[TAKES]] {
// CHECK-NEXT:      gpu.launch_func @gemm_bias_kernel_module::@gemm_bias_kernel_whole_tiles
// CHECK-SAME:        blocks in (%[[GX:.+]], %[[GY:.+]], %[[ONE:.+]]) threads in (%[[T:.+]], %[[ONE]], %[[ONE]]) dynamic_shared_memory_size %[[SMEM:[^ ]+]] args(%[[ARGS:.+]])
// CHECK-NEXT:    } else {
// CHECK-NEXT:      gpu.launch_func @gemm_bias_kernel_module::@gemm_bias_kernel
// CHECK-SAME:        blocks in (%[[GX]], %[[GY]], %[[ONE]]) threads in (%[[T]], %[[ONE]], %[[ONE]]) dynamic_shared_memory_size %[[SMEM]] args(%[[ARGS]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// The module holds both kernels; the variant is marked and has the schedule
// without ragged.
// CHECK:       gpu.module @gemm_bias_kernel_module {
// CHECK:         gpu.func @gemm_bias_kernel(
// CHECK-SAME:        pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>
// CHECK:           tile.gemm {{.+}} pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>
// CHECK:         gpu.func @gemm_bias_kernel_whole_tiles(
// CHECK-SAME:        tile.epilogue = #tile.epilogue<bias = column>
// CHECK-SAME:        tile.schedule = #tile.schedule<{{.+}}pipeline = #tile.pipeline<stages = 3, load = cp_async>, store = #tile.store<direct>>
// CHECK-SAME:        tile.whole_tile_variant
// CHECK:           tile.gemm {{.+}} pipeline = #tile.pipeline<stages = 3, load = cp_async>,
// CHECK-NOT:     gpu.func
func.func @gemm_bias(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %c: memref<?x?xbf16>, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c bias %bias : memref<?xbf16> {schedule = #ragged,
      epilogue = #tile.epilogue<bias = column>}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// Without ragged there is one kernel and one launch.

#whole = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: func.func @gemm_whole(
// CHECK-NOT:     scf.if
// CHECK:         gpu.launch_func @gemm_whole_kernel_module::@gemm_whole_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.module @gemm_whole_kernel_module {
// CHECK:         gpu.func @gemm_whole_kernel(
// CHECK-NOT:     gpu.func
func.func @gemm_whole(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #whole}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
