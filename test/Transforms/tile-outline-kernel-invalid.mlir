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
