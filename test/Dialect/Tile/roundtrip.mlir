// RUN: gemm-opt %s | gemm-opt | FileCheck %s
// RUN: gemm-opt %s --mlir-print-op-generic | gemm-opt | FileCheck %s
// RUN: gemm-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Every attribute, the accumulator and fragments types and every op of the
// tile dialect survive printing and parsing, in the custom and in the generic
// form.

#bf16_sm90a = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

#f16_sm80 = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>>

#f32c_sm86 = #tile.schedule<chip = "sm_86", block = [64, 64, 64], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: func.func @gemm_bf16_sm90a(
// CHECK-SAME:      %[[A:.*]]: memref<?x?xbf16>, %[[B:.*]]: memref<?x?xbf16>, %[[C:.*]]: memref<?x?xbf16>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
// CHECK-SAME:      mma = #tile.mma<sync, [16, 8, 16]>,
// CHECK-SAME:      elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
// CHECK-SAME:      smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 4, load = cp_async>>}
// CHECK-SAME:      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>

// GENERIC-LABEL: sym_name = "gemm_bf16_sm90a"
// GENERIC:         "tile.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #tile.schedule<chip = "sm_90a",
// GENERIC-SAME:      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
func.func @gemm_bf16_sm90a(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                           %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #bf16_sm90a}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// CHECK-LABEL: func.func @gemm_f16_sm80(
// CHECK-SAME:      %[[A:.*]]: memref<?x?xf16>, %[[B:.*]]: memref<?x?xf16>, %[[C:.*]]: memref<?x?xf16>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 32],
// CHECK-SAME:      elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
// CHECK-SAME:      smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 3, load = cp_async, ragged = true>>}
// CHECK-SAME:      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
func.func @gemm_f16_sm80(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                         %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #f16_sm80}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// f16 inputs, f32 C, static and strided (row-major) operands.
// CHECK-LABEL: func.func @gemm_f32_c_sm86(
// CHECK-SAME:      %[[A:.*]]: memref<256x512xf16, strided<[?, 1], offset: ?>>, %[[B:.*]]: memref<512x128xf16>, %[[C:.*]]: memref<256x128xf32>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_86", block = [64, 64, 64], warp = [32, 32],
// CHECK-SAME:      elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
// CHECK-SAME:      smem_a = #tile.swizzle<128>, smem_b = #tile.pad<0>,
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 2, load = cp_async>>}
// CHECK-SAME:      : memref<256x512xf16, strided<[?, 1], offset: ?>>, memref<512x128xf16> into memref<256x128xf32>
func.func @gemm_f32_c_sm86(%a: memref<256x512xf16, strided<[?, 1], offset: ?>>,
                           %b: memref<512x128xf16>, %c: memref<256x128xf32>) {
  tile.gemm %a, %b into %c {schedule = #f32c_sm86}
      : memref<256x512xf16, strided<[?, 1], offset: ?>>, memref<512x128xf16>
        into memref<256x128xf32>
  return
}

// The block-level ops the block-tiling pass produces.
// CHECK-LABEL: func.func @block_ops(
// CHECK-SAME:      %[[AT:[^:]*]]: memref<128x32xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[BT:[^:]*]]: memref<32x256xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[CT:[^:]*]]: memref<128x256xbf16, strided<[?, 1], offset: ?>>)
// CHECK:         %[[ACC:.*]] = tile.alloc_accumulator
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.accumulator<[128, 256], f32>
// CHECK:         tile.block_mma %[[ACC]], %[[AT]], %[[BT]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.accumulator<[128, 256], f32>,
// CHECK-SAME:        memref<128x32xbf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:        memref<32x256xbf16, strided<[?, 1], offset: ?>>
// CHECK:         tile.store_accumulator %[[ACC]], %[[CT]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.accumulator<[128, 256], f32>, memref<128x256xbf16, strided<[?, 1], offset: ?>>

// GENERIC-LABEL: sym_name = "block_ops"
// GENERIC:         %[[ACC:.*]] = "tile.alloc_accumulator"() <{schedule = #tile.schedule<
// GENERIC-SAME:      : () -> !tile.accumulator<[128, 256], f32>
// GENERIC:         "tile.block_mma"(%[[ACC]], %{{.*}}, %{{.*}}) <{schedule = #tile.schedule<
// GENERIC:         "tile.store_accumulator"(%[[ACC]], %{{.*}}) <{schedule = #tile.schedule<
func.func @block_ops(%at: memref<128x32xbf16, strided<[?, 1], offset: ?>>,
                     %bt: memref<32x256xbf16, strided<[?, 1], offset: ?>>,
                     %ct: memref<128x256xbf16, strided<[?, 1], offset: ?>>) {
  %acc = tile.alloc_accumulator {schedule = #bf16_sm90a}
      : !tile.accumulator<[128, 256], f32>
  tile.block_mma %acc, %at, %bt {schedule = #bf16_sm90a}
      : !tile.accumulator<[128, 256], f32>,
        memref<128x32xbf16, strided<[?, 1], offset: ?>>,
        memref<32x256xbf16, strided<[?, 1], offset: ?>>
  tile.store_accumulator %acc, %ct {schedule = #bf16_sm90a}
      : !tile.accumulator<[128, 256], f32>,
        memref<128x256xbf16, strided<[?, 1], offset: ?>>
  return
}

// The accumulator type as a block argument.
// CHECK-LABEL: func.func @accumulator_argument(
// CHECK-SAME:      %[[ACC:.*]]: !tile.accumulator<[64, 64], f32>, %[[CT:.*]]: memref<64x64xf32>)
// CHECK:         tile.store_accumulator %[[ACC]], %[[CT]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_86"
// CHECK-SAME:      : !tile.accumulator<[64, 64], f32>, memref<64x64xf32>
func.func @accumulator_argument(%acc: !tile.accumulator<[64, 64], f32>,
                                %ct: memref<64x64xf32>) {
  tile.store_accumulator %acc, %ct {schedule = #f32c_sm86}
      : !tile.accumulator<[64, 64], f32>, memref<64x64xf32>
  return
}

// The per-K-step fragment ops the pipelining pass produces, on shared stage
// views, with the fragments returned to show the type in a signature.
// CHECK-LABEL: func.func @fragment_ops(
// CHECK-SAME:      %[[ACC:[^:]*]]: !tile.accumulator<[128, 256], f32>,
// CHECK-SAME:      %[[SA:[^:]*]]: memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:      %[[SB:[^:]*]]: memref<32x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>)
// CHECK-SAME:      -> !tile.fragments<2, bf16>
// CHECK:         %[[FR:.*]] = tile.alloc_fragments
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.fragments<2, bf16>
// CHECK:         tile.load_fragments %[[FR]], %[[SA]], %[[SB]]
// CHECK-SAME:      {kstep = 1 : i64, schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.fragments<2, bf16>,
// CHECK-SAME:        memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// CHECK-SAME:        memref<32x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK:         tile.mma_fragments %[[ACC]], %[[FR]]
// CHECK-SAME:      {kstep = 0 : i64, schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 32]
// CHECK-SAME:      : !tile.accumulator<[128, 256], f32>, !tile.fragments<2, bf16>
// CHECK:         return %[[FR]] : !tile.fragments<2, bf16>

// GENERIC-LABEL: sym_name = "fragment_ops"
// GENERIC:         %[[FR:.*]] = "tile.alloc_fragments"() <{schedule = #tile.schedule<chip = "sm_90a"
// GENERIC-SAME:      : () -> !tile.fragments<2, bf16>
// GENERIC:         "tile.load_fragments"(%[[FR]], %{{.*}}, %{{.*}}) <{kstep = 1 : i64, schedule = #tile.schedule<
// GENERIC-SAME:      : (!tile.fragments<2, bf16>,
// GENERIC-SAME:         memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
// GENERIC-SAME:         memref<32x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>) -> ()
// GENERIC:         "tile.mma_fragments"(%{{.*}}, %[[FR]]) <{kstep = 0 : i64, schedule = #tile.schedule<
// GENERIC-SAME:      : (!tile.accumulator<[128, 256], f32>, !tile.fragments<2, bf16>) -> ()
func.func @fragment_ops(
    %acc: !tile.accumulator<[128, 256], f32>,
    %sa: memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
    %sb: memref<32x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>)
    -> !tile.fragments<2, bf16> {
  %frags = tile.alloc_fragments {schedule = #bf16_sm90a} : !tile.fragments<2, bf16>
  tile.load_fragments %frags, %sa, %sb {kstep = 1, schedule = #bf16_sm90a}
      : !tile.fragments<2, bf16>,
        memref<128x32xbf16, strided<[32, 1], offset: ?>, #gpu.address_space<workgroup>>,
        memref<32x256xbf16, strided<[256, 1], offset: ?>, #gpu.address_space<workgroup>>
  tile.mma_fragments %acc, %frags {kstep = 0, schedule = #bf16_sm90a}
      : !tile.accumulator<[128, 256], f32>, !tile.fragments<2, bf16>
  return %frags : !tile.fragments<2, bf16>
}

// The fragments type with another K step count and element type, as a block
// argument.
// CHECK-LABEL: func.func @fragments_argument(
// CHECK-SAME:      %[[ACC:.*]]: !tile.accumulator<[128, 128], f32>, %[[FR:.*]]: !tile.fragments<1, f16>)
// CHECK:         tile.mma_fragments %[[ACC]], %[[FR]]
// CHECK-SAME:      {kstep = 0 : i64, schedule = #tile.schedule<chip = "sm_80", block = [128, 128, 32]
// CHECK-SAME:      : !tile.accumulator<[128, 128], f32>, !tile.fragments<1, f16>

// GENERIC-LABEL: sym_name = "fragments_argument"
// GENERIC:         ^bb0(%{{.*}}: !tile.accumulator<[128, 128], f32>, %{{.*}}: !tile.fragments<1, f16>):
// GENERIC:         "tile.mma_fragments"(%{{.*}}, %{{.*}}) <{kstep = 0 : i64,
// GENERIC-SAME:      : (!tile.accumulator<[128, 128], f32>, !tile.fragments<1, f16>) -> ()
func.func @fragments_argument(%acc: !tile.accumulator<[128, 128], f32>,
                              %frags: !tile.fragments<1, f16>) {
  tile.mma_fragments %acc, %frags {kstep = 0, schedule = #f16_sm80}
      : !tile.accumulator<[128, 128], f32>, !tile.fragments<1, f16>
  return
}

// Shared-memory stage buffers in both layouts.
// CHECK-LABEL: func.func @alloc_shared(
// CHECK:         %[[SA:.*]] = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0 : i64}
// CHECK-SAME:      : memref<4x128x32xbf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SB:.*]] = tile.alloc_shared {layout = #tile.pad<8>, offset = 32768 : i64}
// CHECK-SAME:      : memref<3x32x128xf16, #gpu.address_space<workgroup>>
// CHECK:         %[[SC:.*]] = tile.alloc_shared {layout = #tile.swizzle<32>, offset = 57344 : i64}
// CHECK-SAME:      : memref<2x16x16xf32, #gpu.address_space<workgroup>>
// CHECK:         return %[[SA]], %[[SB]], %[[SC]]

// GENERIC-LABEL: sym_name = "alloc_shared"
// GENERIC:         "tile.alloc_shared"() <{layout = #tile.swizzle<64>, offset = 0 : i64}>
// GENERIC-SAME:      : () -> memref<4x128x32xbf16, #gpu.address_space<workgroup>>
func.func @alloc_shared()
    -> (memref<4x128x32xbf16, #gpu.address_space<workgroup>>,
        memref<3x32x128xf16, #gpu.address_space<workgroup>>,
        memref<2x16x16xf32, #gpu.address_space<workgroup>>) {
  %sa = tile.alloc_shared {layout = #tile.swizzle<64>, offset = 0}
      : memref<4x128x32xbf16, #gpu.address_space<workgroup>>
  %sb = tile.alloc_shared {layout = #tile.pad<8>, offset = 32768}
      : memref<3x32x128xf16, #gpu.address_space<workgroup>>
  %sc = tile.alloc_shared {layout = #tile.swizzle<32>, offset = 57344}
      : memref<2x16x16xf32, #gpu.address_space<workgroup>>
  return %sa, %sb, %sc
      : memref<4x128x32xbf16, #gpu.address_space<workgroup>>,
        memref<3x32x128xf16, #gpu.address_space<workgroup>>,
        memref<2x16x16xf32, #gpu.address_space<workgroup>>
}

// A thread's mma.sync fragments written into C tiles of each C type.
// CHECK-LABEL: func.func @store_fragments(
// CHECK-SAME:      %[[FR:[^:]*]]: memref<4x4x4xf32>,
// CHECK-SAME:      %[[C16:[^:]*]]: memref<128x128xf16, strided<[?, 1], offset: ?>>,
// CHECK-SAME:      %[[CBF:[^:]*]]: memref<128x128xbf16>,
// CHECK-SAME:      %[[C32:[^:]*]]: memref<128x128xf32>)
// CHECK:         tile.store_fragments %[[FR]], %[[C16]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_80"
// CHECK-SAME:      : memref<4x4x4xf32>, memref<128x128xf16, strided<[?, 1], offset: ?>>
// CHECK:         tile.store_fragments %[[FR]], %[[CBF]]
// CHECK-SAME:      : memref<4x4x4xf32>, memref<128x128xbf16>
// CHECK:         tile.store_fragments %[[FR]], %[[C32]]
// CHECK-SAME:      : memref<4x4x4xf32>, memref<128x128xf32>

// GENERIC-LABEL: sym_name = "store_fragments"
// GENERIC:         "tile.store_fragments"(%{{.*}}, %{{.*}}) <{schedule = #tile.schedule<chip = "sm_80"
// GENERIC-SAME:      : (memref<4x4x4xf32>, memref<128x128xf16, strided<[?, 1], offset: ?>>) -> ()
func.func @store_fragments(%frags: memref<4x4x4xf32>,
                           %c16: memref<128x128xf16, strided<[?, 1], offset: ?>>,
                           %cbf16: memref<128x128xbf16>,
                           %c32: memref<128x128xf32>) {
  tile.store_fragments %frags, %c16 {schedule = #f16_sm80}
      : memref<4x4x4xf32>, memref<128x128xf16, strided<[?, 1], offset: ?>>
  tile.store_fragments %frags, %cbf16 {schedule = #f16_sm80}
      : memref<4x4x4xf32>, memref<128x128xbf16>
  tile.store_fragments %frags, %c32 {schedule = #f16_sm80}
      : memref<4x4x4xf32>, memref<128x128xf32>
  return
}

// Attribute values no valid tile.gemm carries (ffma, f32 inputs to wgmma, a
// padded layout under TMA loads) still print and parse.
// CHECK-LABEL: func.func @attributes()
// CHECK-SAME:      mmas = [#tile.mma<sync, [16, 8, 16]>, #tile.mma<wgmma, [64, 256, 16]>, #tile.mma<ffma, [1, 1, 1]>]
// CHECK-SAME:      pipelines = [#tile.pipeline<stages = 1, load = cp_async>, #tile.pipeline<stages = 4, load = tma>]
// CHECK-SAME:      schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
// CHECK-SAME:      mma = #tile.mma<wgmma, [64, 256, 16]>,
// CHECK-SAME:      elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
// CHECK-SAME:      smem_a = #tile.pad<0>, smem_b = #tile.swizzle<32>,
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 4, load = tma>>
// CHECK-SAME:      swizzles = [#tile.swizzle<32>, #tile.swizzle<64>, #tile.swizzle<128>]
func.func @attributes() attributes {
  mmas = [#tile.mma<sync, [16, 8, 16]>, #tile.mma<wgmma, [64, 256, 16]>,
          #tile.mma<ffma, [1, 1, 1]>],
  pipelines = [#tile.pipeline<stages = 1, load = cp_async>,
               #tile.pipeline<stages = 4, load = tma>],
  schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 64],
      warp = [64, 256], mma = #tile.mma<wgmma, [64, 256, 16]>,
      elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
      smem_a = #tile.pad<0>, smem_b = #tile.swizzle<32>,
      pipeline = #tile.pipeline<stages = 4, load = tma>>,
  swizzles = [#tile.swizzle<32>, #tile.swizzle<64>, #tile.swizzle<128>]} {
  return
}

// Hopper: a wgmma schedule with every optional field, which print after the
// pipeline in a fixed order.
#hopper = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  cluster = #tile.cluster<[2, 1], multicast = true>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @gemm_hopper(
// CHECK-SAME:      %[[A:.*]]: memref<?x?xbf16>, %[[B:.*]]: memref<?x?xbf16>, %[[C:.*]]: memref<?x?xbf16>)
// CHECK:         tile.gemm %[[A]], %[[B]] into %[[C]]
// CHECK-SAME:      {schedule = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
// CHECK-SAME:      mma = #tile.mma<wgmma, [64, 256, 16]>,
// CHECK-SAME:      elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
// CHECK-SAME:      smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 3, load = tma>,
// CHECK-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
// CHECK-SAME:      grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
// CHECK-SAME:      cluster = #tile.cluster<[2, 1], multicast = true>,
// CHECK-SAME:      store = #tile.store<tma>>}
// CHECK-SAME:      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>

// GENERIC-LABEL: sym_name = "gemm_hopper"
// GENERIC:         "tile.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>, schedule = #tile.schedule<chip = "sm_90a",
// GENERIC-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
// GENERIC-SAME:      grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
// GENERIC-SAME:      cluster = #tile.cluster<[2, 1], multicast = true>,
// GENERIC-SAME:      store = #tile.store<tma>>}>
// GENERIC-SAME:      : (memref<?x?xbf16>, memref<?x?xbf16>, memref<?x?xbf16>) -> ()
func.func @gemm_hopper(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                       %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #hopper}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// Ping-pong: consumer_groups prints inside the warp specialization when it
// is not the default 1 (@gemm_hopper above has 1 and prints without it).
#pingpong = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @gemm_pingpong(
// CHECK:         tile.gemm
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 4, load = tma>,
// CHECK-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
// CHECK-SAME:      grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
// CHECK-SAME:      store = #tile.store<vector>>}
// CHECK:         tile.gemm
// CHECK-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
// CHECK-SAME:      grid = #tile.grid<persistent = true, raster = along_m, group = 8>,

// GENERIC-LABEL: sym_name = "gemm_pingpong"
// GENERIC:         "tile.gemm"
// GENERIC-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
// GENERIC:         "tile.gemm"
// GENERIC-SAME:      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
func.func @gemm_pingpong(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                         %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #pingpong}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  // consumer_groups = 1 spelled out is the default and is not printed.
  tile.gemm %a, %b into %c {schedule = #tile.schedule<chip = "sm_90a",
      block = [128, 128, 64], warp = [128, 128], mma = #tile.mma<wgmma, [64, 128, 16]>,
      elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
      smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
      pipeline = #tile.pipeline<stages = 4, load = tma>,
      specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 1>,
      grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
      store = #tile.store<vector>>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// Each optional field stands alone: a later one without the earlier ones,
// on the schedules that take them (mma.sync: a raster order and a direct
// epilogue; TMA loads; wgmma without warp specialization).
// CHECK-LABEL: func.func @optional_fields(
// CHECK:         tile.gemm
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 3, load = cp_async>,
// CHECK-SAME:      grid = #tile.grid<persistent = false, raster = along_m, group = 4>,
// CHECK-SAME:      store = #tile.store<direct>>}
// CHECK:         tile.gemm
// CHECK-SAME:      mma = #tile.mma<sync, [16, 8, 16]>
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 4, load = tma>>}
// CHECK:         tile.gemm
// CHECK-SAME:      mma = #tile.mma<wgmma, [64, 128, 16]>
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 4, load = tma>,
// CHECK-SAME:      cluster = #tile.cluster<[1, 2], multicast = false>,
// CHECK-SAME:      store = #tile.store<vector>>}

// GENERIC-LABEL: sym_name = "optional_fields"
// GENERIC:         "tile.gemm"
// GENERIC-SAME:      grid = #tile.grid<persistent = false, raster = along_m, group = 4>,
// GENERIC-SAME:      store = #tile.store<direct>>}>
// GENERIC:         "tile.gemm"
// GENERIC-SAME:      pipeline = #tile.pipeline<stages = 4, load = tma>>}>
// GENERIC:         "tile.gemm"
// GENERIC-SAME:      cluster = #tile.cluster<[1, 2], multicast = false>,
// GENERIC-SAME:      store = #tile.store<vector>>}>
func.func @optional_fields(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                           %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #tile.schedule<chip = "sm_80",
      block = [128, 128, 32], warp = [64, 64], mma = #tile.mma<sync, [16, 8, 16]>,
      elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
      smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
      pipeline = #tile.pipeline<stages = 3, load = cp_async>,
      grid = #tile.grid<persistent = false, raster = along_m, group = 4>,
      store = #tile.store<direct>>}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  tile.gemm %a, %b into %c {schedule = #tile.schedule<chip = "sm_90a",
      block = [128, 128, 32], warp = [64, 64], mma = #tile.mma<sync, [16, 8, 16]>,
      elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
      smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
      pipeline = #tile.pipeline<stages = 4, load = tma>>}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  tile.gemm %a, %b into %c {schedule = #tile.schedule<chip = "sm_90a",
      block = [128, 128, 64], warp = [64, 128], mma = #tile.mma<wgmma, [64, 128, 16]>,
      elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
      smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<64>,
      pipeline = #tile.pipeline<stages = 4, load = tma>,
      cluster = #tile.cluster<[1, 2], multicast = false>,
      store = #tile.store<vector>>}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// The Hopper attributes on their own, with every enum value; the parser also
// takes them without the dialect prefix inside a schedule.
// CHECK-LABEL: func.func @hopper_attributes()
// CHECK-SAME:      clusters = [#tile.cluster<[1, 1], multicast = false>, #tile.cluster<[2, 4], multicast = true>]
// CHECK-SAME:      epilogues = [#tile.epilogue<bias = row>, #tile.epilogue<alpha_beta = true, activation = gelu_erf, residual = true>]
// CHECK-SAME:      grids = [#tile.grid<persistent = false, raster = along_n, group = 1>, #tile.grid<persistent = true, raster = along_m, group = 16>]
// CHECK-SAME:      schedule = #tile.schedule<chip = "sm_90a"
// CHECK-SAME:      pipeline = #tile.pipeline<stages = 2, load = tma>,
// CHECK-SAME:      specialization = #tile.warp_specialization<producer_registers = 24, consumer_registers = 256>,
// CHECK-SAME:      store = #tile.store<vector>>
// CHECK-SAME:      specializations = [#tile.warp_specialization<producer_registers = 24, consumer_registers = 256>, #tile.warp_specialization<producer_registers = 56, consumer_registers = 208>]
// CHECK-SAME:      stores = [#tile.store<tma>, #tile.store<vector>, #tile.store<tma, rounds = 4, staging_buffers = 2>]
// CHECK-NOT:       specializations = [#tile.warp_specialization<producer_registers = 24, consumer_registers = 256>, #tile.warp_specialization<producer_registers = 56, consumer_registers = 208>]
func.func @hopper_attributes() attributes {
  clusters = [#tile.cluster<[1, 1], multicast = false>,
              #tile.cluster<[2, 4], multicast = true>],
  epilogues = [#tile.epilogue<bias = row>,
               #tile.epilogue<residual = true, alpha_beta = true, activation = gelu_erf>],
  grids = [#tile.grid<persistent = false, raster = along_n, group = 1>,
           #tile.grid<persistent = true, raster = along_m, group = 16>],
  schedule = #tile.schedule<chip = "sm_90a", block = [64, 64, 64],
      warp = [64, 64], mma = #tile.mma<wgmma, [64, 64, 16]>,
      elements = #tile.elements<a = f16, b = f16, c = f32, acc = f32>,
      smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
      pipeline = #tile.pipeline<stages = 2, load = tma>,
      specialization = <producer_registers = 24, consumer_registers = 256>,
      store = <vector>>,
  specializations = [
      #tile.warp_specialization<producer_registers = 24, consumer_registers = 256>,
      #tile.warp_specialization<producer_registers = 56, consumer_registers = 208>],
  stores = [#tile.store<tma>, #tile.store<vector, rounds = 1>,
            #tile.store<tma, staging_buffers = 2, rounds = 4>]} {
  return
}

// split_k is printed when it is not 1.
#split_k = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @gemm_split_k(
// CHECK:         grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>
// GENERIC-LABEL: sym_name = "gemm_split_k"
// GENERIC:         grid = #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>
func.func @gemm_split_k(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>,
                        %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #split_k}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}

// A store's rounds are printed only when not 1; the fused epilogue is the
// op's, beside the schedule.
#rounds = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 4>,
  store = #tile.store<tma, rounds = 2>>

// CHECK-LABEL: func.func @gemm_store_rounds(
// CHECK:         epilogue = #tile.epilogue<activation = relu>
// CHECK-SAME:    store = #tile.store<tma, rounds = 2>>
// GENERIC-LABEL: sym_name = "gemm_store_rounds"
// GENERIC:         epilogue = #tile.epilogue<activation = relu>
// GENERIC-SAME:    store = #tile.store<tma, rounds = 2>>
func.func @gemm_store_rounds(%a: memref<?x?xf32>,
                             %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                             %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #rounds,
      epilogue = #tile.epilogue<activation = relu>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}

// staging_buffers follows rounds and is printed only when not 1.
#buffers = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 16>,
  store = #tile.store<tma, rounds = 8, staging_buffers = 2>>

// CHECK-LABEL: func.func @gemm_staging_buffers(
// CHECK:         store = #tile.store<tma, rounds = 8, staging_buffers = 2>>
// GENERIC-LABEL: sym_name = "gemm_staging_buffers"
// GENERIC:         store = #tile.store<tma, rounds = 8, staging_buffers = 2>>
func.func @gemm_staging_buffers(%a: memref<?x?xf32>,
                                %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
                                %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #buffers}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}

// Grids: stream_k prints as given, a number of waves or `spares`.
// CHECK-LABEL: func.func @grids()
// CHECK-SAME:    grids = [#tile.grid<persistent = true, raster = along_m, group = 4, stream_k = 1>,
// CHECK-SAME:    #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = spares>,
// CHECK-SAME:    #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>]
func.func @grids() attributes {grids = [
    #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = 1>,
    #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = spares>,
    #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>]} {
  return
}
