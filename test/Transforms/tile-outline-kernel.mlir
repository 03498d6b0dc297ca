// RUN: gemm-opt %s --split-input-file --tile-outline-kernel | FileCheck %s

// A host tile.gemm becomes a kernel in its own gpu.module plus a launch over a
// ceil(N/BN) x ceil(M/BM) grid with the schedule's threads and dynamic shared
// memory (3 stages x (64x32 + 32x64) bf16 = 24576 bytes).

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK:       module attributes {gpu.container_module}
// CHECK-LABEL: func.func @gemm_bf16(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16>, %[[B:[^:]+]]: memref<?x?xbf16>, %[[C:[^:]+]]: memref<?x?xbf16>)
// CHECK:         %[[CA:.+]] = memref.cast %[[A]] : memref<?x?xbf16> to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[CB:.+]] = memref.cast %[[B]] : memref<?x?xbf16> to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[CC:.+]] = memref.cast %[[C]] : memref<?x?xbf16> to memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[C0:.+]] = arith.constant 0 : index
// CHECK:         %[[M:.+]] = memref.dim %[[C]], %[[C0]] : memref<?x?xbf16>
// CHECK:         %[[C1:.+]] = arith.constant 1 : index
// CHECK:         %[[N:.+]] = memref.dim %[[C]], %[[C1]] : memref<?x?xbf16>
// CHECK:         %[[ONE:.+]] = arith.constant 1 : index
// CHECK:         %[[BN:.+]] = arith.constant 64 : index
// CHECK:         %[[GX:.+]] = arith.ceildivui %[[N]], %[[BN]] : index
// CHECK:         %[[BM:.+]] = arith.constant 64 : index
// CHECK:         %[[GY:.+]] = arith.ceildivui %[[M]], %[[BM]] : index
// CHECK:         %[[THREADS:.+]] = arith.constant 128 : index
// CHECK:         %[[SMEM:.+]] = arith.constant 24576 : i32
// CHECK:         gpu.launch_func @gemm_bf16_kernel_module::@gemm_bf16_kernel
// CHECK-SAME:      blocks in (%[[GX]], %[[GY]], %[[ONE]])
// CHECK-SAME:      threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK-SAME:      dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:      args(%[[CA]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[CB]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[CC]] : memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// CHECK-NOT:     tile.gemm
// CHECK:         return

// CHECK:       gpu.module @gemm_bf16_kernel_module {
// CHECK-LABEL:   gpu.func @gemm_bf16_kernel(
// CHECK-SAME:        %[[KA:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:        %[[KB:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:        %[[KC:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// CHECK-SAME:        kernel attributes {known_block_size = array<i32: 128, 1, 1>,
// CHECK-SAME:        tile.schedule = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32]
// CHECK-NEXT:      tile.gemm %[[KA]], %[[KB]] into %[[KC]] {schedule = #tile.schedule<{{.+}}>}
// CHECK-SAME:        : memref<?x?xbf16, strided<[?, 1], offset: ?>>, memref<?x?xbf16, strided<[?, 1], offset: ?>> into memref<?x?xbf16, strided<[?, 1], offset: ?>>
// CHECK-NEXT:      gpu.return
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// f16 with padded rows and BM != BN: the grid's x extent is N/BN (64) and its
// y extent M/BM (128); shared memory is 3 x (128x40 + 32x72) f16 = 44544
// bytes. Arguments already in the kernel's strided form are passed as they
// are. Two GEMMs in one function get two kernels with distinct names.

#sched = #tile.schedule<chip = "sm_80", block = [128, 64, 32], warp = [64, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK-LABEL: func.func @gemm_f16_twice(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[B:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf16, strided<[?, 1], offset: ?>>)
// CHECK-NOT:     memref.cast
// CHECK:         %[[M:.+]] = memref.dim %[[C]], %{{.+}} : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[N:.+]] = memref.dim %[[C]], %{{.+}} : memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK:         %[[BN:.+]] = arith.constant 64 : index
// CHECK:         %[[GX:.+]] = arith.ceildivui %[[N]], %[[BN]] : index
// CHECK:         %[[BM:.+]] = arith.constant 128 : index
// CHECK:         %[[GY:.+]] = arith.ceildivui %[[M]], %[[BM]] : index
// CHECK:         %[[THREADS:.+]] = arith.constant 128 : index
// CHECK:         %[[SMEM:.+]] = arith.constant 44544 : i32
// CHECK:         gpu.launch_func @gemm_f16_twice_kernel_module::@gemm_f16_twice_kernel
// CHECK-SAME:      blocks in (%[[GX]], %[[GY]], %[[ONE:[^)]+]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]])
// CHECK-SAME:      dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:      args(%[[A]] : memref<?x?xf16, strided<[?, 1], offset: ?>>, %[[B]] : memref<{{[^>]+}}>>, %[[C]] : memref<{{[^>]+}}>>)
// CHECK:         gpu.launch_func @gemm_f16_twice_kernel_1_module::@gemm_f16_twice_kernel_1
// CHECK-NOT:     tile.gemm
// CHECK:         return

// CHECK:       gpu.module @gemm_f16_twice_kernel_module {
// CHECK-LABEL:   gpu.func @gemm_f16_twice_kernel(
// CHECK-SAME:        kernel attributes {known_block_size = array<i32: 128, 1, 1>,
// CHECK-SAME:        tile.schedule = #tile.schedule<chip = "sm_80", block = [128, 64, 32]
// CHECK-NEXT:      tile.gemm
// CHECK:       gpu.module @gemm_f16_twice_kernel_1_module {
// CHECK-LABEL:   gpu.func @gemm_f16_twice_kernel_1(
// CHECK-SAME:        kernel attributes
// CHECK-NEXT:      tile.gemm
func.func @gemm_f16_twice(%a: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                          %b: memref<?x?xf16, strided<[?, 1], offset: ?>>,
                          %c: memref<?x?xf16, strided<[?, 1], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16, strided<[?, 1], offset: ?>>, memref<?x?xf16, strided<[?, 1], offset: ?>>
        into memref<?x?xf16, strided<[?, 1], offset: ?>>
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16, strided<[?, 1], offset: ?>>, memref<?x?xf16, strided<[?, 1], offset: ?>>
        into memref<?x?xf16, strided<[?, 1], offset: ?>>
  return
}

// -----

// A module without tile.gemm is left alone: no container attribute, no
// gpu.module.

// CHECK-NOT:   gpu.container_module
// CHECK-LABEL: func.func @no_gemm(
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:   gpu.module
func.func @no_gemm(%c: memref<?x?xf32>) {
  return
}

// -----

// A persistent schedule numbers its tiles from blockIdx.x alone: the host
// launch is one-dimensional, one block per tile (the runtime launches as
// many blocks as fit on the GPU instead).

#persistent = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @gemm_persistent(
// CHECK:         %[[GX:.+]] = arith.ceildivui %{{.+}}, %{{.+}} : index
// CHECK:         %[[GY:.+]] = arith.ceildivui %{{.+}}, %{{.+}} : index
// CHECK:         %[[TILES:.+]] = arith.muli %[[GX]], %[[GY]] : index
// CHECK:         gpu.launch_func @gemm_persistent_kernel_module::@gemm_persistent_kernel
// CHECK-SAME:      blocks in (%[[TILES]], %[[ONE:[^,]+]], %[[ONE]])
func.func @gemm_persistent(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #persistent}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
