// RUN: gemm-opt %s --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline="builtin.module(gpu.module(tile-tensor-maps-by-value))" \
// RUN:   | FileCheck %s

// The kernel arguments tile-outline-kernel listed in
// tile.tensor_map_arguments become 128-byte, 64-byte aligned byval
// parameters marked nvvm.grid_constant (CUDA's
// `__grid_constant__ const CUtensorMap`); the others, and the uses of the
// maps, stay as they are, and the list goes.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<tma>>

// CHECK-LABEL: llvm.func @kernel(
// CHECK-SAME:    %{{[^:]+}}: !llvm.ptr, %{{[^:]+}}: i64,
// CHECK-SAME:    %[[A:[^:]+]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME:    %[[B:[^:]+]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME:    %{{[^:]+}}: i32)
// CHECK-NOT:     tile.tensor_map_arguments
// CHECK:         nvvm.prefetch tensormap, %[[A]] : !llvm.ptr
// CHECK-NEXT:    nvvm.prefetch tensormap, %[[B]] : !llvm.ptr
gpu.module @kernels {
  llvm.func @kernel(%memref: !llvm.ptr, %size: i64, %a: !llvm.ptr, %b: !llvm.ptr, %present: i32)
      attributes {nvvm.kernel, tile.schedule = #sched, tile.tensor_map_arguments = array<i32: 2, 3>} {
    nvvm.prefetch tensormap, %a : !llvm.ptr
    nvvm.prefetch tensormap, %b : !llvm.ptr
    llvm.return
  }
}

// -----

// Functions without the list (a TMA kernel of the default, whose maps stay
// in global memory, or any other) are left alone.
// CHECK-LABEL: llvm.func @plain(
// CHECK-SAME:    %{{[^:]+}}: !llvm.ptr)
// CHECK-SAME:    attributes {nvvm.kernel}
gpu.module @kernels {
  llvm.func @plain(%p: !llvm.ptr) attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{tensor map argument 1 is not a pointer argument of the kernel (its tile.tensor_map_arguments does not match its signature)}}
  llvm.func @not_a_pointer(%p: !llvm.ptr, %n: i64) attributes {nvvm.kernel, tile.tensor_map_arguments = array<i32: 1>} {
    llvm.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{tensor map argument 2 is not a pointer argument of the kernel}}
  llvm.func @past_the_end(%p: !llvm.ptr, %q: !llvm.ptr) attributes {nvvm.kernel, tile.tensor_map_arguments = array<i32: 2>} {
    llvm.return
  }
}
