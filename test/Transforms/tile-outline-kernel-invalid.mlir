// RUN: gemm-opt %s --split-input-file --tile-outline-kernel -verify-diagnostics

// A tile.gemm written inside a gpu.module would get no launch, and the
// passes after the outlining would fail on it with internal errors: the
// outlining says where to write it instead.
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm_in_a_kernel(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) kernel {
      // expected-error @+1 {{'tile.gemm' op inside a gpu.module: write the GEMM in a host function (func.func); tile-outline-kernel makes its kernel and the launch}}
      tile.gemm %a, %b into %c {schedule = #sched}
          : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
      gpu.return
    }
  }
}

// -----

// The function's name becomes its kernels' names, so it must be a PTX
// identifier: the NVPTX backend aborts on '-', ' ', '%' or '/', and ptxas
// rejects '.' or a leading digit.
#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// expected-error @+1 {{'func.func' op name "gemm-f16" cannot name its GPU kernel: use letters, digits and '_', starting with a letter or '_'}}
func.func @"gemm-f16"(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

#sched = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// expected-error @+1 {{'func.func' op name "2gemm" cannot name its GPU kernel}}
func.func @"2gemm"(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched} : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}

// -----

#sched = #tile.transpose_schedule<chip = "sm_90a", tile = [64, 64], threads = [8, 32], smem = #tile.pad<1>, vector = 4>

// expected-error @+1 {{'func.func' op name "t.f32" cannot name its GPU kernel}}
func.func @"t.f32"(%s: memref<?x?xf32>, %d: memref<?x?xf32>) {
  "tile.transpose"(%s, %d) <{schedule = #sched}> : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  return
}
