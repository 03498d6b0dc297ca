// RUN: gemm-opt %s --split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// tile-warp-specialize for each operand layout (the kernel's tile.layouts,
// from the memref layouts of tile.gemm, which tile-outline-kernel and
// tile-block-tile carry here). TMA coordinates are innermost first; wgmma's
// A "row"/"col" is K-/M-major (PTX imm-trans-a 0/1) and B "col"/"row"
// K-/N-major (imm-trans-b 0/1). Any pair but row-major A and B is issued as
// single m64nNk16 instructions whose descriptors (16-byte units) step per
// K slice by 2 (32 bytes along a K-major operand's 128-byte rows) or 128
// (16 rows of 128 bytes of an MN-major one), and per 64 rows of A by 512
// (the next 64x64 M panel of a 64-row K tile).

// NT: A row-major, B column-major (K-major, one 256x64 box of B^T).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @nt_kernel(
// CHECK-SAME:      tile.layouts = ["row", "col", "row"]
// CHECK:         %[[MAPA:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xbf16, 3>
// CHECK:         %[[MAPB:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<256x64xbf16, 3>
// The producer: A at (k, row), B^T at (k, col), one box each.
// CHECK:         nvgpu.tma.async.load %[[MAPA]][%[[K:.+]], %[[ROW:.+]]], {{.*}} to %{{.+}}, predicate
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%[[K]], %[[COL:.+]]], {{.*}} to %{{.+}}, predicate
// CHECK-NOT:     nvgpu.tma.async.load
// The consumers: one fence, four m64n256k16 with K-major A and B, one
// commit, wait for the previous stage's group.
// CHECK:         %[[DA:.+]] = nvgpu.warpgroup.generate.descriptor
// CHECK:         %[[DB:.+]] = nvgpu.warpgroup.generate.descriptor
// CHECK:         %[[A0:.+]] = builtin.unrealized_conversion_cast %[[DA]] {{.*}} to i64
// CHECK:         %[[B0:.+]] = builtin.unrealized_conversion_cast %[[DB]] {{.*}} to i64
// CHECK:         nvvm.wgmma.fence.aligned
// CHECK:         nvvm.wgmma.mma_async %[[A0]], %[[B0]], %{{.+}}, <m = 64, n = 256, k = 16>, D[<f32>, <one>, <wrapped>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// CHECK:         %[[B1:.+]] = arith.addi %[[B0]], %c2_i64
// CHECK:         %[[A1:.+]] = arith.addi %[[A0]], %c2_i64
// CHECK:         nvvm.wgmma.mma_async %[[A1]], %[[B1]], {{.*}} A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
// CHECK:         arith.addi %[[B0]], %c4_i64
// CHECK:         arith.addi %[[A0]], %c4_i64
// CHECK:         nvvm.wgmma.mma_async
// CHECK:         arith.addi %[[B0]], %c6_i64
// CHECK:         arith.addi %[[A0]], %c6_i64
// CHECK:         nvvm.wgmma.mma_async
// CHECK-NOT:     nvvm.wgmma.mma_async
// CHECK:         nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT:    nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NOT:     nvgpu.warpgroup.mma {{.*}}transpose
func.func @nt(%a: memref<?x?xbf16>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}

// -----

// TN: A column-major (two 64x64 M-major panels per stage, read transposed),
// B row-major (four 64x64 N-major panels, read transposed as always).
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @tn_kernel(
// CHECK-SAME:      tile.layouts = ["col", "row", "row"]
// CHECK:         %[[MAPA:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>
// CHECK:         %[[MAPB:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>
// A^T panels at (row, k) and (row + 64, k); B panels at (col + 64 j, k).
// CHECK:         nvgpu.tma.async.load %[[MAPA]][%[[ROW:.+]], %[[K:.+]]], {{.*}} : <tensor = memref<64x64xbf16, 3>
// CHECK:         %[[ROW64:.+]] = arith.addi %[[ROW]], %c64
// CHECK:         nvgpu.tma.async.load %[[MAPA]][%[[ROW64]], %[[K]]]
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%[[COL:.+]], %[[K]]]
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%{{.+}}, %[[K]]]
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%{{.+}}, %[[K]]]
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%{{.+}}, %[[K]]]
// CHECK-NOT:     nvgpu.tma.async.load
// CHECK:         %[[A0:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !nvgpu.warpgroup.descriptor<{{.*}}> to i64
// CHECK:         %[[B0:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !nvgpu.warpgroup.descriptor<{{.*}}> to i64
// CHECK:         nvvm.wgmma.mma_async %[[A0]], %[[B0]], {{.*}} A[<bf16>, <one>, <col>], B[<bf16>, <one>, <row>]
// CHECK:         %[[B1:.+]] = arith.addi %[[B0]], %c128_i64
// CHECK:         %[[A1:.+]] = arith.addi %[[A0]], %c128_i64
// CHECK:         nvvm.wgmma.mma_async %[[A1]], %[[B1]], {{.*}} A[<bf16>, <one>, <col>], B[<bf16>, <one>, <row>]
// CHECK:         arith.addi %[[B0]], %c384_i64
// CHECK:         arith.addi %[[A0]], %c384_i64
// CHECK:         nvvm.wgmma.mma_async
// CHECK-NOT:     nvvm.wgmma.mma_async
// CHECK:         nvvm.wgmma.commit.group.sync.aligned
func.func @tn(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// TT with a column-major C, warpgroup tiles of 128 rows (two consumer groups
// in turns): each K slice is two m64n128k16, the second on A's next M panel
// (+512 = 8192 bytes), both on the same B^T slice. C is written down its
// columns through its row-major transpose.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @tt_col_c_kernel(
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?xf16, strided<[1, ?], offset: ?>>, %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: !llvm.ptr)
// CHECK-SAME:      tile.layouts = ["col", "col", "col"]
// CHECK:         %[[UNDEF:.+]] = llvm.mlir.undef : !llvm.struct<(f32,
// CHECK:         %[[MAPA:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16, 3>
// CHECK:         %[[MAPB:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<128x64xf16, 3>
// CHECK:         nvgpu.tma.async.load %[[MAPA]][%[[ROW:.+]], %[[K:.+]]],
// CHECK:         nvgpu.tma.async.load %[[MAPA]][%{{.+}}, %[[K]]],
// CHECK:         nvgpu.tma.async.load %[[MAPB]][%[[K]], %{{.+}}],
// CHECK-NOT:     nvgpu.tma.async.load
// The tile's first K step, peeled: each 64-row slice's first wgmma writes
// its accumulator (scale-d zero) on an undefined input, so nothing zeroes
// the registers between the two slices' wgmmas (ptxas would serialize them:
// C7519 / C7517). A tile without K steps keeps the zeroed accumulator.
// CHECK:         %[[INIT:.+]] = nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<128x128xf32>>
// CHECK-NEXT:    %[[ANY:.+]] = arith.cmpi ugt, %[[STEPS:.+]], %{{.+}} : index
// CHECK-NEXT:    %[[PEELED:.+]] = scf.if %[[ANY]] -> (!nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>>) {
// CHECK:           nvvm.wgmma.fence.aligned
// CHECK-NEXT:      nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[UNDEF]], <m = 64, n = 128, k = 16>, D[<f32>, <zero>, <wrapped>]
// CHECK-COUNT-3:   D[<f32>, <one>, <wrapped>]
// CHECK:           nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %[[UNDEF]], <m = 64, n = 128, k = 16>, D[<f32>, <zero>, <wrapped>]
// CHECK:         } else {
// CHECK-NEXT:      scf.yield %[[INIT]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[FROM:.+]] = arith.minui %[[STEPS]], %{{.+}} : index
// CHECK:         scf.for %{{.+}} = %[[FROM]] to %[[STEPS]] step %{{.+}} iter_args(%{{.+}} = %[[PEELED]], %{{.+}} = %{{.+}}, %{{.+}} = %{{.+}})
// CHECK:         %[[A0:.+]] = builtin.unrealized_conversion_cast %{{.+}} to i64
// CHECK:         %[[B0:.+]] = builtin.unrealized_conversion_cast %{{.+}} to i64
// CHECK:         %[[ACC:.+]] = builtin.unrealized_conversion_cast %{{.+}} : !nvgpu.warpgroup.accumulator<fragmented = vector<128x128xf32>> to !llvm.struct<(struct<(f32
// CHECK:         nvvm.wgmma.fence.aligned
// CHECK:         llvm.extractvalue %[[ACC]][0]
// CHECK:         nvvm.wgmma.mma_async %[[A0]], %[[B0]], {{.*}} D[<f32>, <one>, <wrapped>], A[<f16>, <one>, <col>], B[<f16>, <one>, <col>]
// CHECK:         arith.addi %[[B0]], %c2_i64
// CHECK:         arith.addi %[[A0]], %c128_i64
// CHECK:         arith.addi %[[B0]], %c6_i64
// CHECK:         arith.addi %[[A0]], %c384_i64
// CHECK:         llvm.insertvalue %{{.+}}, %{{.+}}[0]
// CHECK:         llvm.extractvalue %{{.+}}[1]
// CHECK:         %[[A4:.+]] = arith.addi %[[A0]], %c512_i64
// CHECK:         nvvm.wgmma.mma_async %[[A4]], %[[B0]],
// CHECK:         arith.addi %[[A0]], %c896_i64
// CHECK:         nvvm.wgmma.mma_async
// CHECK:         llvm.insertvalue %{{.+}}, %{{.+}}[1]
// CHECK:         nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT:    nvvm.wgmma.wait.group.sync.aligned 1
// The epilogue: 16-byte stores into C^T where C's columns allow them, else
// element stores, also through C^T (its rows are C's columns).
// CHECK:         %[[CT:.+]] = memref.transpose %[[C]] (d0, d1) -> (d1, d0) : memref<?x?xf16, strided<[1, ?], offset: ?>> to memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK:         vector.from_elements
// CHECK:         arith.truncf %{{.+}} : vector<8xf32> to vector<8xf16>
// CHECK:         vector.store %{{.+}}, %[[CT]][%[[COLC:.+]], %[[ROWC:.+]]] {alignment = 16 : i64} : memref<?x?xf16, strided<[?, 1], offset: ?>>, vector<8xf16>
// CHECK:         memref.store %{{.+}}, %[[CT]][%[[COLC]], %{{.+}}] : memref<?x?xf16, strided<[?, 1], offset: ?>>
func.func @tt_col_c(%a: memref<?x?xf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16, strided<[1, ?], offset: ?>>, memref<?x?xf16, strided<[1, ?], offset: ?>> into memref<?x?xf16, strided<[1, ?], offset: ?>>
  return
}

// -----

// NN (both row-major): unchanged, one nvgpu.warpgroup.mma per stage.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @nn_kernel(
// CHECK-NOT:     tile.layouts
// CHECK:         nvgpu.warpgroup.mma %{{.+}}, %{{.+}}, %{{.+}} {transposeB}
// CHECK-NOT:     nvvm.wgmma.mma_async
func.func @nn(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// -----

// Every operand column-major with a 16-column tile (the transposed problem
// of a GEMM with a small M, runtime/TransposedProblem.h): B is K-major, so
// its shared rows are BK = 64 elements (128 bytes, the swizzle width) even
// though BN is 16; one 16x64 box of B^T per stage and m64n16k16 wgmmas.
#sched = #tile.schedule<chip = "sm_90a", block = [64, 16, 64], warp = [64, 16],
  mma = #tile.mma<wgmma, [64, 16, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 12, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_m, group = 8, split_k = 2>,
  store = #tile.store<vector>>

// CHECK-LABEL: gpu.func @ccc_narrow_n_kernel(
// CHECK-SAME:      tile.layouts = ["col", "col", "col"]
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, 3>
// CHECK:         builtin.unrealized_conversion_cast %{{.+}} : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<16x64xbf16, 3>
// CHECK:         nvvm.wgmma.mma_async %{{.+}}, %{{.+}}, %{{.+}}, <m = 64, n = 16, k = 16>, {{.+}} A[<bf16>, <one>, <col>], B[<bf16>, <one>, <col>]
func.func @ccc_narrow_n(%a: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %b: memref<?x?xbf16, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16, strided<[1, ?], offset: ?>>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16, strided<[1, ?], offset: ?>>, memref<?x?xbf16, strided<[1, ?], offset: ?>> into memref<?x?xbf16, strided<[1, ?], offset: ?>>
  return
}
