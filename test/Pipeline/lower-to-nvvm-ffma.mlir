// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s
// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s --check-prefix=KERNEL
// RUN: not gemm-opt %s --lower-to-nvvm="chip=sm_80" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP

// The whole lowering of an ffma (SIMT fp32) schedule, block [128, 128, 8],
// warp [32, 64], thread tile [8, 8]: 256 threads; two stages of A^T
// (8 x (128 + 4) floats) and B (8 x 128 floats) = 16640 bytes of dynamic
// shared memory. Per thread and K tile: one 128-bit global load of A, one
// 16-byte cp.async of B, 8 K steps of 2 + 2 128-bit shared loads and 64
// FMAs; the epilogue stores 8 rows x 2 sub-tiles of 4 floats. That is the
// interior loop; blocks at the edges, K % 8 != 0 and rows that are not
// 16-byte aligned take the guarded one (4-byte copies that may read
// nothing).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 8], warp = [32, 64],
  mma = #tile.mma<ffma, [8, 8, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK-LABEL: func.func @gemm_f32(
// CHECK:         %[[THREADS:.+]] = arith.constant 256 : index
// CHECK:         %[[SMEM:.+]] = arith.constant 16640 : i32
// CHECK:         gpu.launch_func @gemm_f32_kernel_module::@gemm_f32_kernel
// CHECK-SAME:      threads in (%[[THREADS]],
// CHECK-SAME:      dynamic_shared_memory_size %[[SMEM]]

// KERNEL-LABEL: llvm.func @gemm_f32_kernel(
// KERNEL-SAME:    nvvm.kernel
// KERNEL-SAME:    nvvm.maxntid = array<i32: 256, 1, 1>
// Two blocks share an SM (ptxas keeps to 128 registers).
// KERNEL-SAME:    nvvm.minctasm = 2 : i32
// The 8x8 accumulators: one alloca in the entry block (SROA makes it
// registers).
// KERNEL:       llvm.alloca %{{.+}} x f32 : (i64) -> !llvm.ptr
// Interior prologue: A (128-bit global load), B (cp.async 16 bytes), one
// barrier, then the 4 128-bit shared loads of K step 0's fragments.
// KERNEL:       llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// KERNEL:       nvvm.cp.async.shared.global {{.+}}, 16, cache = cg
// KERNEL:       nvvm.cp.async.commit.group
// KERNEL:       nvvm.cp.async.wait.group 0
// KERNEL-NEXT:  nvvm.barrier0
// KERNEL-COUNT-4: llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// Main loop (i32 counter): the fragments of K step 1 load before the 64
// FMAs of K step 0; K steps 2 to 7 likewise; then the wait, the barrier and
// the next stage's K step 0 before the last 64 FMAs.
// KERNEL:       ^bb{{[0-9]+}}(%{{.+}}: i32, %{{.+}}: vector<4xf32>, %{{.+}}: vector<4xf32>, %{{.+}}: vector<4xf32>, %{{.+}}: vector<4xf32>, %{{.+}}: i32):
// KERNEL:       llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// KERNEL:       nvvm.cp.async.shared.global {{.+}}, 16, cache = cg
// KERNEL:       nvvm.cp.async.commit.group
// KERNEL-COUNT-4: llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// KERNEL-COUNT-64: llvm.intr.fma({{.+}}) : (f32, f32, f32) -> f32
// KERNEL-COUNT-24: llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// KERNEL:       nvvm.cp.async.wait.group 0
// KERNEL-NEXT:  nvvm.barrier0
// KERNEL-COUNT-4: llvm.load {{.+}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// KERNEL-NOT:   llvm.load {{.+}} : !llvm.ptr<3>
// KERNEL-COUNT-64: llvm.intr.fma({{.+}}) : (f32, f32, f32) -> f32
// The guarded loop: its prologue copies K tile 0 by 4 copies of one element
// of A and 4 of B per thread, each with a source size (1, or 0 outside the
// matrices); its main loop likewise, then 8 K steps of 64 FMAs.
// KERNEL-COUNT-8: nvvm.cp.async.shared.global {{.+}}, 4, cache = ca, %{{.+}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// KERNEL-NEXT:  nvvm.cp.async.commit.group
// KERNEL-NEXT:  nvvm.cp.async.wait.group 0
// KERNEL-NEXT:  nvvm.barrier0
// KERNEL-COUNT-8: nvvm.cp.async.shared.global {{.+}}, 4, cache = ca, %{{.+}} : !llvm.ptr<3>, !llvm.ptr<1>, i32
// KERNEL-NEXT:  nvvm.cp.async.commit.group
// KERNEL-COUNT-512: llvm.intr.fma({{.+}}) : (f32, f32, f32) -> f32
// KERNEL-NOT:   llvm.intr.fma
// Epilogue: 16 runs of 4 floats of C, each one 128-bit store where it lies
// inside C and C's rows are 16-byte aligned, else a store per float inside.
// KERNEL-COUNT-16: llvm.store {{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr
// KERNEL-NOT:   vector<4xf32>, !llvm.ptr{{$}}
// KERNEL:       llvm.return

// CHIP: error: 'tile.gemm' op schedule is for sm_90a but the compilation targets sm_80
func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}
