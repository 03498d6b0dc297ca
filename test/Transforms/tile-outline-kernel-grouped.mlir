// RUN: gemm-opt %s --tile-outline-kernel | FileCheck %s

// A grouped tile.gemm (masked layout): the kernel takes the group counts as
// its last argument (a dynamic 1-D i32 memref), is marked tile.batched (its
// groups are batch entries) and tile.grouped = "masked", and its tile.gemm
// takes group_rows from that argument; the launch passes the host's counts
// last, as they are (the host reads none of them).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: func.func @masked(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?x?xbf16>, %[[B:[^:]+]]: memref<?x?x?xbf16>, %[[C:[^:]+]]: memref<?x?x?xbf16>, %[[ROWS:[^:]+]]: memref<?xi32>)
// CHECK-NOT:     memref.load %[[ROWS]]
// CHECK:         gpu.launch_func @masked_kernel_module::@masked_kernel
// CHECK-SAME:      %[[ROWS]] : memref<?xi32>)
// CHECK:       gpu.func @masked_kernel(
// CHECK-SAME:      %{{.+}}: !llvm.ptr, %[[KROWS:[^:]+]]: memref<?xi32>) kernel
// CHECK-SAME:      tile.batched
// CHECK-SAME:      tile.grouped = "masked"
// CHECK:         tile.gemm %{{.+}}, %{{.+}} into %{{.+}} group_rows %[[KROWS]] : memref<?xi32>
func.func @masked(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                  %c: memref<?x?x?xbf16>, %rows: memref<?xi32>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32> {schedule = #sched}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
