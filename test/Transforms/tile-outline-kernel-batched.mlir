// RUN: gemm-opt %s --split-input-file --tile-outline-kernel | FileCheck %s

// Batched tile.gemm (3-D operands): the kernel takes A, B and C as 3-D
// strided memrefs (batch stride, then the matrix strides of each operand's
// major order), is marked tile.batched, and is launched with the batch
// count along grid z; the host's tensor maps are 3-D (a column-major
// operand transposed in its matrix dimensions only), boxes one entry deep.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @batched(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?x?xbf16>, %[[C:[^:]+]]: memref<?x?x?xbf16>)
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BATCH:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?x?xbf16>
// CHECK:         %[[AT:.+]] = memref.transpose %[[A]] (d0, d1, d2) -> (d0, d2, d1)
// CHECK:         nvgpu.tma.create.descriptor %{{.+}} box[%{{.+}}, %{{.+}}, %{{.+}}] : memref<*xbf16> -> <tensor = memref<1x64x64xbf16, 3>
// CHECK:         nvgpu.tma.create.descriptor %{{.+}} box[%{{.+}}, %{{.+}}, %{{.+}}] : memref<*xbf16> -> <tensor = memref<1x64x64xbf16, 3>
// CHECK:         gpu.launch_func @batched_kernel_module::@batched_kernel blocks in (%{{.+}}, %{{.+}}, %[[BATCH]])
// CHECK:       gpu.func @batched_kernel(
// CHECK-SAME:      memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>,
// CHECK-SAME:      memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      !llvm.ptr, %{{.+}}: !llvm.ptr)
// CHECK-SAME:      tile.batched
// CHECK-SAME:      tile.layouts = ["col", "row", "row"]
func.func @batched(%a: memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16, strided<[?, 1, ?], offset: ?>>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

// A persistent grid numbers the tiles of every batch entry from blockIdx.x
// (this host launch gives each one a block); C's map of a tma epilogue
// store is 3-D too.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @persistent(
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xbf16>)
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[BATCH:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?x?xbf16>
// CHECK:         %[[TN:.+]] = arith.ceildivui
// CHECK:         %[[TM:.+]] = arith.ceildivui
// CHECK:         %[[TILES:.+]] = arith.muli %[[TN]], %[[TM]] : index
// CHECK:         %[[ALL:.+]] = arith.muli %[[TILES]], %[[BATCH]] : index
// CHECK-COUNT-3: nvgpu.tma.create.descriptor %{{.+}} box[%{{.+}}, %{{.+}}, %{{.+}}] : memref<*xbf16> -> <tensor = memref<1x
// CHECK:         gpu.launch_func @persistent_kernel_module::@persistent_kernel blocks in (%[[ALL]], %{{.+}}, %{{.+}})
func.func @persistent(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>, %c: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
