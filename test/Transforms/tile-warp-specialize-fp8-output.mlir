// RUN: gemm-opt %s --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-warp-specialize,cse))" \
// RUN:   | FileCheck %s --enable-var-scope

// FP8 output in the TMA store epilogue: each consumer thread loads scale_d
// once, before its tiles; every pair of results joins the thread's maximum
// of |D| (the f32 bits with the sign cleared, an unsigned max), is
// multiplied by scale_d and converted by one satfinite e4m3x2 conversion
// into the staging tile; each round ends with the warp's maximum
// (redux.sync umax) maxed into amax by an atomic on its bits.

#e4m3 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = f8E4M3FN, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @e4m3_output_kernel(
// CHECK-SAME:    %[[SCALE_D:[a-z0-9]+]]: memref<f32>, %[[AMAX:[a-z0-9]+]]: memref<f32>)
// CHECK-SAME:    tile.amax
// CHECK:         nvvm.setmaxregister increase 232
// CHECK:         %[[SD:.*]] = memref.load %[[SCALE_D]][] : memref<f32>
// CHECK:         scf.for
// CHECK:           %[[BITS:.*]] = arith.bitcast %{{.*}} : vector<2xf32> to vector<2xi32>
// CHECK:           %[[MAGNITUDE:.*]] = arith.andi %[[BITS]], %{{.*}} : vector<2xi32>
// CHECK:           arith.maxui
// CHECK:           %[[LOW:.*]] = arith.mulf %{{.*}}, %[[SD]] : f32
// CHECK:           %[[HIGH:.*]] = arith.mulf %{{.*}}, %[[SD]] : f32
// CHECK:           %[[BYTES:.*]] = nvvm.convert.f32x2.to.f8x2 %[[HIGH]], %[[LOW]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
// CHECK:           %[[PAIR:.*]] = arith.bitcast %[[BYTES]] : vector<2xi8> to vector<2xf8E4M3FN>
// CHECK:           vector.store %[[PAIR]], %{{.*}} : memref<{{.*}}xf8E4M3FN, #gpu.address_space<workgroup>>, vector<2xf8E4M3FN>
// CHECK:           %[[WARP_MAX:.*]] = nvvm.redux.sync  umax %{{.*}}, %{{.*}} : i32 -> i32
// CHECK:           scf.if
// CHECK:             memref.extract_aligned_pointer_as_index %[[AMAX]]
// CHECK:             llvm.atomicrmw umax %{{.*}}, %[[WARP_MAX]] syncscope("device") monotonic : !llvm.ptr<1>, i32
// CHECK:           nvvm.fence.proxy
// CHECK:           nvgpu.tma.async.store
func.func @e4m3_output(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                       %c: memref<?x?xf8E4M3FN>, %sa: memref<f32>, %sb: memref<f32>,
                       %sd: memref<f32>, %amax: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      scale_d %sd : memref<f32> amax %amax : memref<f32>
      {schedule = #e4m3, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xf8E4M3FN>
  return
}

// A bf16 C with the amax of D: rounded by truncf, no scale.

#bf16 = #tile.schedule<chip = "sm_90a", block = [128, 128, 128], warp = [64, 128],
  mma = #tile.mma<wgmma, [64, 128, 32]>,
  elements = #tile.elements<a = f8E4M3FN, b = f8E4M3FN, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// CHECK-LABEL: gpu.func @bf16_output_kernel(
// CHECK-SAME:    %[[SB:[a-z0-9]+]]: memref<f32, strided<[], offset: ?>>, %[[AMAX:[a-z0-9]+]]: memref<f32>)
// CHECK-NOT:     nvvm.convert.f32x2.to.f8x2
// CHECK:         arith.maxui
// CHECK:         arith.truncf %{{.*}} : vector<2xf32> to vector<2xbf16>
// CHECK:         nvvm.redux.sync  umax
// CHECK:         llvm.atomicrmw umax
// CHECK-NOT:     nvvm.convert.f32x2.to.f8x2
func.func @bf16_output(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>>,
                       %c: memref<?x?xbf16>, %sa: memref<f32>, %sb: memref<f32>,
                       %amax: memref<f32>) {
  tile.gemm %a, %b into %c scale_a %sa : memref<f32> scale_b %sb : memref<f32>
      amax %amax : memref<f32>
      {schedule = #bf16, scaling = #tile.scaling<a = tensor, b = tensor>}
      : memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
