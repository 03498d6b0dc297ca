// RUN: gemm-opt %s -split-input-file \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// A grouped FP8 kernel composes its scales with the per-group fused
// epilogue: the accumulator is scaled first (AccumulatorScaling, the
// tile's B scale viewed at its group), then the group's bias row is added
// and the activation applied, as in a dense FP8 kernel.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @bias_silu_kernel(
// CHECK-SAME:      %[[BIAS:[^:]+]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[SA:[^:]+]]: memref<f32, strided<[], offset: ?>>, %[[SB:[^:]+]]: memref<?xf32, strided<[?], offset: ?>>, %{{[^:]+}}: memref<?xi32>)
// CHECK-SAME:      tile.epilogue = #tile.epilogue<bias = column, activation = silu>
// CHECK-SAME:      tile.grouped = "contiguous"
// The consumers find the tile's group and view its bias row and B scale.
// CHECK:         nvvm.setmaxregister  increase 232
// CHECK:         %[[G32:.+]] = nvvm.shfl.sync  idx %{{.+}}, %{{.+}}, %c0_i32, %c31_i32 : i32 -> i32
// CHECK-NEXT:    %[[GROUP:.+]] = arith.index_castui %[[G32]] : i32 to index
// CHECK:         memref.subview %[[BIAS]][%[[GROUP]], 0]
// CHECK:         %[[SB_GROUP:.+]] = memref.subview %[[SB]][%[[GROUP]]] [1] [1]
// CHECK:         %[[A_SCALE:.+]] = memref.load %[[SA]][]
// CHECK:         %[[B_SCALE:.+]] = memref.load %[[SB_GROUP]][]
// CHECK:         %[[FACTOR:.+]] = arith.mulf %[[A_SCALE]], %[[B_SCALE]] : f32
// CHECK:         nvvm.wgmma.wait.group.sync.aligned 0
// Scales first ...
// CHECK:         %[[S0:.+]] = arith.mulf %{{.+}}, %[[FACTOR]] : f32
// CHECK-NEXT:    %[[S1:.+]] = arith.mulf %{{.+}}, %[[FACTOR]] : f32
// ... then the group's bias and SiLU, per pair.
// CHECK:         %[[PAIR:.+]] = vector.from_elements %[[S0]], %[[S1]] : vector<2xf32>
// CHECK-NEXT:    %[[B:.+]] = arith.extf %{{.+}} : vector<2xbf16> to vector<2xf32>
// CHECK-NEXT:    %[[BIASED:.+]] = arith.addf %[[PAIR]], %[[B]] : vector<2xf32>
// CHECK:         llvm.intr.tanh
// CHECK:         arith.truncf %{{.+}} : vector<2xf32> to vector<2xbf16>
// CHECK:         nvgpu.tma.async.store
func.func @bias_silu(%a: memref<?x?xf8E4M3FN>,
                     %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                     %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<?xf32>,
                     %offsets: memref<?xi32>, %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_offsets %offsets : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      scale_a %sa : memref<f32> scale_b %sb : memref<?xf32>
      {schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>,
       scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>}
      : memref<?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?xbf16>
  return
}

// -----

// An e4m3 grouped C: one scale_d for every group, and one amax over the
// rows the groups store. A tile's fragment rows at or past its group's end
// (the rows of its cut C view) are converted but join no maximum (0).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @e4m3_output_kernel(
// CHECK-SAME:      %{{[^:]+}}: memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>, %{{[^:]+}}: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
// CHECK-SAME:      %[[C:[^:]+]]: memref<?x?x?xf8E4M3FN, strided<[?, ?, 1], offset: ?>>,
// CHECK-SAME:      %[[SD:[^:]+]]: memref<f32>, %[[AMAX:[^:]+]]: memref<f32>, %{{[^:]+}}: memref<?xi32>)
// CHECK-SAME:      tile.amax
// CHECK-SAME:      tile.grouped = "masked"
// CHECK:         %[[SCALE_D:.+]] = memref.load %[[SD]][] : memref<f32>
// The group's entry of C, cut at its valid rows.
// CHECK:         %[[ENTRY:.+]] = memref.subview %[[C]][%{{.+}}, 0, 0]
// CHECK-NEXT:    memref.subview %[[ENTRY]][0, 0] [%[[ROWS:[^,]+]], %{{.+}}] [1, 1]
// CHECK:         %[[STORED:.+]] = arith.cmpi ult, %{{.+}}, %[[ROWS]] : index
// CHECK:         %[[RELU:.+]] = arith.maximumf %{{.+}}, %{{.+}} : vector<2xf32>
// CHECK-NEXT:    %[[BITS:.+]] = arith.bitcast %[[RELU]] : vector<2xf32> to vector<2xi32>
// CHECK-NEXT:    %[[MAGNITUDE:.+]] = arith.andi %[[BITS]], %{{.+}} : vector<2xi32>
// CHECK-NEXT:    %[[COUNTED:.+]] = arith.select %[[STORED]], %[[MAGNITUDE]], %{{.+}} : vector<2xi32>
// CHECK:         arith.maxui
// CHECK:         arith.mulf %{{.+}}, %[[SCALE_D]] : f32
// CHECK:         nvvm.convert.f32x2.to.f8x2 {{.+}} sat = #nvvm.sat_mode<satfinite>
// CHECK:         nvvm.redux.sync  umax
// CHECK:         llvm.atomicrmw umax
func.func @e4m3_output(%a: memref<?x?x?xf8E4M3FN>,
                       %b: memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>,
                       %c: memref<?x?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>,
                       %sd: memref<f32>, %amax: memref<f32>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      scale_d %sd : memref<f32> amax %amax : memref<f32>
      {schedule = #sched, epilogue = #tile.epilogue<activation = relu>,
       scaling = #tile.scaling<a = tensor, b = tensor, fast_accumulation = true>}
      : memref<?x?x?xf8E4M3FN>, memref<?x?x?xf8E4M3FN, strided<[?, 1, ?], offset: ?>>
        into memref<?x?x?xf8E4M3FN>
  return
}
