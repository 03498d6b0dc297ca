// RUN: gemm-opt %s --split-input-file --tile-outline-kernel \
// RUN:   | gemm-opt --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope
// RUN: gemm-opt %s --split-input-file --tile-outline-kernel \
// RUN:   | FileCheck %s --check-prefix=OUTLINE --enable-var-scope

// A residual without alpha_beta comes into each consumer warpgroup's staging
// part by TMA while the tile's main loop runs, as C does with alpha_beta
// (HopperKernelPlan::stagedOperand): the kernel takes a fourth tensor map,
// C's box over the residual, after C's. Where the map is there (the runtime
// passes a null pointer where the residual's address or pitch rules TMA
// out), the producer loads each warpgroup's part, a 64-column panel after
// each K step from step 3 (the stage count) on, once the warpgroup has
// signalled the part free; each part completes a barrier of its own.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @staged_residual_kernel(
// CHECK-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %[[RMAP:arg6]]: !llvm.ptr,
// CHECK-SAME:      %{{.+}}: memref<?x?xbf16, strided<[?, 1], offset: ?>>)
// CHECK:         %[[RDESC:.+]] = builtin.unrealized_conversion_cast %[[RMAP]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// CHECK:         %[[LOADED:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK-NEXT:    %[[FREE:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// The producer, after K step t's loads of A and B: in the window of steps
// [min(3, K - 1), min(3 + 7, K - 1)], where the map is there...
// CHECK:         nvvm.setmaxregister decrease 40
// CHECK:         nvgpu.tma.async.load
// CHECK:         %[[LAST_STEP:.+]] = arith.subi %{{.+}}, %c1 : index
// CHECK:         %[[AT0:.+]] = arith.minui %[[LAST_STEP]], %c3 : index
// CHECK:         llvm.icmp "ne" %[[RMAP]], %{{.+}} : !llvm.ptr
// CHECK:         scf.if
// ...warpgroup 0's panel 0 at step min(3, K - 1), once its part is free:
// CHECK:           arith.cmpi eq, %{{.+}}, %[[AT0]] : index
// CHECK-NEXT:      scf.if
// CHECK:             nvgpu.mbarrier.try_wait.parity %[[FREE]][%c0]
// CHECK-NEXT:        nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c0], %c32768
// CHECK:             nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}], %[[LOADED]][%c0]
// CHECK:           }
// CHECK-COUNT-3:   nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}], %[[LOADED]][%c0]
// CHECK:           nvgpu.mbarrier.try_wait.parity %[[FREE]][%c1]
// CHECK-NEXT:      nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c1], %c32768
// CHECK-COUNT-4:   nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}], %[[LOADED]][%c1]
// The consumers: once the first K step's wgmmas are issued, the warpgroup's
// first thread waits for the previous tile's stores to have read the part
// and signals it free.
// CHECK:         nvvm.setmaxregister increase 232
// CHECK:         nvgpu.warpgroup.mma
// CHECK:         %[[THERE:.+]] = llvm.icmp "ne" %[[RMAP]], %{{.+}} : !llvm.ptr
// CHECK:         %[[ISSUES:.+]] = arith.andi %{{.+}}, %[[THERE]] : i1
// CHECK:         scf.if %[[ISSUES]] {
// CHECK-NEXT:      nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT:    }
// CHECK-NEXT:    nvgpu.mbarrier.arrive.expect_tx %[[FREE]][%{{.+}}], %c0, predicate = %[[ISSUES]]
// CHECK-NOT:     nvgpu.tma.async.load
// After the main loop the epilogue waits for the part where the map is
// there, and reads the residual from where it writes D then, from the
// residual's entry in global memory else.
// CHECK:         scf.if %[[THERE]] {
// CHECK-NEXT:      nvgpu.mbarrier.try_wait.parity %[[LOADED]]
// CHECK:         scf.if %[[THERE]] -> (vector<2xbf16>
// CHECK:           vector.load %{{.+}} : memref<16384xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
// CHECK:         } else {
// CHECK:           vector.load %{{.+}} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<2xbf16>

// The host describes the residual as it does C: 64 rows x 64 columns, no
// L2 promotion; the kernel takes the map after C's.
// OUTLINE-LABEL: func.func @staged_residual(
// OUTLINE-SAME:      %[[HOST_R:arg3]]: memref<?x?xbf16>)
// OUTLINE-COUNT-2: nvgpu.tma.create.descriptor
// OUTLINE:         nvgpu.tma.create.descriptor {{.+}} -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// OUTLINE:         %[[UNRANKED_R:.+]] = memref.cast %[[HOST_R]] : memref<?x?xbf16> to memref<*xbf16>
// OUTLINE:         %[[RMAP:.+]] = nvgpu.tma.create.descriptor %[[UNRANKED_R]] {{.+}} -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// OUTLINE:         %[[RPTR:.+]] = builtin.unrealized_conversion_cast %[[RMAP]]
// OUTLINE:         gpu.launch_func {{.+}} args({{.+}}, %[[RPTR]] : !llvm.ptr, %{{.+}} : memref<?x?xbf16
// OUTLINE-LABEL: gpu.func @staged_residual_kernel(
// OUTLINE-SAME:      !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: memref<?x?xbf16
func.func @staged_residual(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                           %c: memref<?x?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// A batched kernel stages its residual too: the map is 3-D like C's, and
// the producer loads each panel at the tile's batch entry (the map's
// outermost coordinate). Loaded by the consumers, the staging made ptxas
// spill in the main loop; loaded by the producer it is 4.5 % faster at
// 2048³ × 8.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @batched_residual_kernel(
// CHECK-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %[[RMAP:arg6]]: !llvm.ptr,
// CHECK-SAME:      %{{.+}}: memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>)
// CHECK:         %[[RDESC:.+]] = builtin.unrealized_conversion_cast %[[RMAP]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// CHECK:         %[[LOADED:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK-NEXT:    %[[FREE:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK:         nvvm.setmaxregister decrease 40
// CHECK:         nvgpu.tma.async.load
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[FREE]][%c0]
// CHECK-NEXT:    nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c0], %c32768
// CHECK:         nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}, %[[BATCH:.+]]], %[[LOADED]][%c0]
// CHECK-COUNT-3: nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}, %[[BATCH]]], %[[LOADED]][%c0]
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[FREE]][%c1]
// CHECK-NEXT:    nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c1], %c32768
// CHECK-COUNT-4: nvgpu.tma.async.load %[[RDESC]][%{{.+}}, %{{.+}}, %[[BATCH]]], %[[LOADED]][%c1]
// CHECK:         nvvm.setmaxregister increase 232
// CHECK:         nvgpu.mbarrier.arrive.expect_tx %[[FREE]][%{{.+}}], %c0, predicate =
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[LOADED]]
// OUTLINE-LABEL: gpu.func @batched_residual_kernel(
// OUTLINE-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: memref<?x?x?xbf16
func.func @batched_residual(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                            %c: memref<?x?x?xbf16>, %r: memref<?x?x?xbf16>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}

// -----

// With alpha_beta the staging part takes C, and the threads read the
// residual: three tensor maps.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// OUTLINE-LABEL: gpu.func @with_c_kernel(
// OUTLINE-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: f32, %{{.+}}: f32, %{{.+}}: memref<?x?xbf16
func.func @with_c(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                  %alpha: f32, %beta: f32, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<alpha_beta = true, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// Two store rounds: the staging part holds half of the warpgroup's columns
// at a time, so the residual is read by the threads (three maps).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma, rounds = 2>>

// OUTLINE-LABEL: gpu.func @two_rounds_kernel(
// OUTLINE-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: memref<?x?xbf16
func.func @two_rounds(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                      %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// One tile per block: the staging tile reuses the stages, which the main
// loop fills (three maps).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// OUTLINE-LABEL: gpu.func @one_tile_kernel(
// OUTLINE-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: memref<?x?xbf16
func.func @one_tile(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                    %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// A column-major C stages its residual too: the staging part holds the
// transpose's panel (256 of C's columns as rows x 64 of its rows), loaded
// with the residual's map by the same box as C's stores, inner coordinate
// first (C's row). The epilogue reads the residual's elements from where
// it then writes them, 8 groups of 8 columns (32 elements) at a time, or
// from the residual's transpose in global memory where the map is not
// there.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @colc_residual_kernel(
// CHECK-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %[[RMAP:arg6]]: !llvm.ptr,
// CHECK-SAME:      %[[R:arg7]]: memref<?x?xbf16, strided<[1, ?], offset: ?>>)
// CHECK:         %[[RDESC:.+]] = builtin.unrealized_conversion_cast %[[RMAP]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<256x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none
// CHECK:         %[[LOADED:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK-NEXT:    %[[FREE:.+]] = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 2>
// CHECK:         nvvm.setmaxregister decrease 40
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[FREE]][%c0]
// CHECK-NEXT:    nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c0], %c32768
// CHECK-NEXT:    %[[PANEL0:.+]] = memref.view %{{.+}} to memref<256x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    nvgpu.tma.async.load %[[RDESC]][%[[ROW0:.+]], %[[COL:.+]]], %[[LOADED]][%c0] to %[[PANEL0]]
// CHECK:         %[[ROW1:.+]] = arith.addi %[[ROW0]], %c64 : index
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[FREE]][%c1]
// CHECK-NEXT:    nvgpu.mbarrier.arrive.expect_tx %[[LOADED]][%c1], %c32768
// CHECK-NEXT:    %[[PANEL1:.+]] = memref.view %{{.+}} to memref<256x64xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT:    nvgpu.tma.async.load %[[RDESC]][%[[ROW1]], %[[COL]]], %[[LOADED]][%c1] to %[[PANEL1]]
// CHECK:         nvvm.setmaxregister increase 232
// CHECK:         nvgpu.mbarrier.arrive.expect_tx %[[FREE]][%{{.+}}], %c0, predicate = %[[ISSUES:.+]] :
// CHECK:         nvgpu.mbarrier.try_wait.parity %[[LOADED]]
// CHECK:         %[[RT:.+]] = memref.transpose %[[R]] (d0, d1) -> (d1, d0)
// CHECK:         scf.if %{{.+}} -> ({{(vector<1xbf16>, )+}}vector<1xbf16>) {
// CHECK-COUNT-32:  memref.load %{{.+}}[%{{.+}}] : memref<16384xbf16, #gpu.address_space<workgroup>>
// CHECK:         } else {
// CHECK-COUNT-32:  vector.load %[[RT]][%{{.+}}, %{{.+}}] {alignment = 2 : i64} : memref<?x?xbf16, strided<[?, 1], offset: ?>>, vector<1xbf16>
// OUTLINE-LABEL: gpu.func @colc_residual_kernel(
// OUTLINE-SAME:      %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: memref<?x?xbf16, strided<[1, ?], offset: ?>>
func.func @colc_residual(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                         %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>,
                         %r: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c residual %r : memref<?x?xbf16, strided<[1, ?], offset: ?>> {schedule = #sched,
      epilogue = #tile.epilogue<residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
