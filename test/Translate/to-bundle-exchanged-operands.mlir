// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn.mlir --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: FileCheck %s --input-file %t/tf32_nn_kernel.ptx --check-prefix=PTX

// A tf32 GEMM on row-major A, B and C (the SGEMM layout) compiles as
// C^T = B^T·A^T (tile-exchange-operands): one kernel whose own layouts are
// all column-major, no staged copy, and "source_layouts" giving the GEMM's
// own, which the runtime runs as the kernel's transposed problem.
// CHECK:      "kernels": [
// CHECK-NEXT:   {
// CHECK:          "layouts": {
// CHECK-NEXT:       "a": "col",
// CHECK-NEXT:       "b": "col",
// CHECK-NEXT:       "c": "col"
// CHECK:          "name": "tf32_nn_kernel",
// CHECK:          "source_layouts": {
// CHECK-NEXT:       "a": "row",
// CHECK-NEXT:       "b": "row",
// CHECK-NEXT:       "c": "row"
// CHECK-NEXT:     },
// CHECK-NOT:  "staged_transposes"
// CHECK-NOT:  "name":
// CHECK:      ]

// The kernel reads its A (the problem's B) from registers.
// PTX-NOT:   .entry tf32_nn_kernel_stage_b(
// PTX:       .entry tf32_nn_kernel(
// PTX:       ld.shared.b32
// PTX:       wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
