// RUN: gemm-opt %s --pass-pipeline="builtin.module(gpu.module(tile-extern-dynamic-shared))" \
// RUN:   | FileCheck %s

// The zero-sized shared array convert-gpu-to-nvvm makes of
// gpu.dynamic_shared_memory becomes external (NVPTX: `.extern .shared
// .align 1024 .b8 __dynamic_shmem__0[]`, after the static shared memory)
// instead of internal (a one-byte static variable among the mbarriers).
// Other shared globals keep their linkage and alignment.

// CHECK-LABEL: gpu.module @kernels
// CHECK:         llvm.mlir.global external @__dynamic_shmem__0()
// CHECK-SAME:      addr_space = 3 : i32, alignment = 1024 : i64, dso_local
// CHECK-SAME:      : !llvm.array<0 x i8>
// CHECK:         llvm.mlir.global private @__mbarrier()
// CHECK-SAME:      addr_space = 3 : i32, alignment = 8 : i64}
// CHECK:         llvm.mlir.global internal @table()
// CHECK-SAME:      alignment = 4 : i64}
gpu.module @kernels {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global private @__mbarrier() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
  llvm.mlir.global internal @table() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<0 x i8>
}
