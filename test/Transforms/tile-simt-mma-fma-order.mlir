// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma,cse))" \
// RUN:   | FileCheck %s --check-prefix=ROWS
// RUN: gemm-opt %s \
// RUN:   --pass-pipeline="builtin.module(tile-outline-kernel,gpu.module(tile-block-tile,tile-simt-mma{fma-order=blocks},cse))" \
// RUN:   | FileCheck %s

// The FMA order of an 8x16 thread tile (128 accumulators): row by row, odd
// rows backwards (outerProductOrder; measured fastest), and the kernel is
// marked for ptxas -O1, which keeps the order and the accumulators' registers
// (-O3 reschedules them: 5 % slower). fma-order=blocks (an
// experiment) asks for 2x2 blocks (1, 0), (0, 1), (0, 0), (1, 1), then
// columns 2-3 likewise, along rows 0-1 to column 15 and back along rows 2-3
// from column 14; -O1 as well.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 8], warp = [64, 64],
  mma = #tile.mma<ffma, [8, 16, 1]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.pad<4>, smem_b = #tile.pad<0>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

func.func @gemm_f32(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32> into memref<?x?xf32>
  return
}

// CHECK-LABEL: gpu.func @gemm_f32_kernel(
// CHECK-SAME:    tile.ptxas_opt_level = 1 : i32
// CHECK:         scf.for
// CHECK:           memref.load %{{.+}}[%c1, %c0]
// CHECK-NEXT:      llvm.intr.fma
// CHECK-NEXT:      memref.store %{{.+}}, %{{.+}}[%c1, %c0]
// CHECK-NEXT:      memref.load %{{.+}}[%c0, %c1]
// CHECK-NEXT:      llvm.intr.fma
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.load %{{.+}}[%c0, %c0]
// CHECK-NEXT:      llvm.intr.fma
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.load %{{.+}}[%c1, %c1]
// CHECK-NEXT:      llvm.intr.fma
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.load %{{.+}}[%c1, %c2]
// CHECK-NEXT:      llvm.intr.fma
// CHECK-NEXT:      memref.store
// CHECK-NEXT:      memref.load %{{.+}}[%c0, %c3]
// CHECK-COUNT-27:  llvm.intr.fma
// CHECK-NEXT:      memref.store %{{.+}}, %{{.+}}[%c1, %c15]
// CHECK-NEXT:      memref.load %{{.+}}[%c3, %c14]

// ROWS-LABEL: gpu.func @gemm_f32_kernel(
// ROWS-SAME:    tile.ptxas_opt_level = 1 : i32
// ROWS:         scf.for
// ROWS:           memref.load %{{.+}}[%c0, %c0]
// ROWS-NEXT:      llvm.intr.fma
// ROWS-NEXT:      memref.store %{{.+}}, %{{.+}}[%c0, %c0]
// ROWS-NEXT:      memref.load %{{.+}}[%c0, %c1]
// ROWS-COUNT-15:  llvm.intr.fma
// ROWS-NEXT:      memref.store %{{.+}}, %{{.+}}[%c0, %c15]
// ROWS-NEXT:      memref.load %{{.+}}[%c1, %c15]
