// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: FileCheck %s --input-file %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx --check-prefix=GELU
// RUN: grep -c "ld.global.nc.b32" %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=BIAS-LOADS
// RUN: grep -c "ld.global.nc.b16" %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=EDGE-BIAS-LOADS
// RUN: grep -c "ld.global.nc" %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=ALL-BIAS-LOADS
// RUN: grep -c "tanh.approx.f32" %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=TANH
// RUN: not grep -E "ex2.approx|rcp.approx" %t/gemm_bf16_wgmma_bias_gelu_kernel.ptx
// RUN: gemm-translate %s --to-ptx -o %t/all.ptx
// RUN: FileCheck %s --input-file %t/all.ptx --check-prefix=PTX

// The bias + GELU example's bundle names its fused epilogue and lists the
// bias vector after the tensor maps, followed by the stream-K grid's
// workspaces (partial tiles and tile counters).
// CHECK:      "epilogue": {
// CHECK-NEXT:   "activation": "gelu_tanh",
// CHECK-NEXT:   "alpha_beta": false,
// CHECK-NEXT:   "bias": "column",
// CHECK-NEXT:   "residual": false
// CHECK:      "kind": "tma",
// CHECK:      "kind": "tma",
// CHECK:      "kind": "memref",
// CHECK-NEXT: "operand": "bias",
// CHECK-NEXT: "rank": 1
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT: "kind": "workspace",
// CHECK-NEXT: "name": "split_k_partials"
// CHECK:      "name": "split_k_tile_counters"
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK:      "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads{{.*}}Used {{[0-9]+}} registers

// The example's epilogue (passes/epilogue/FusedEpilogue.cpp on the tma store's
// fragments): a thread's 128 accumulators of a 64x256 part are pairs of
// adjacent columns, 8 columns apart, repeated on 4 rows, so one
// non-coherent 4-byte bias load per 8-column group (32, invariant loads the
// compiler keeps across the rows; the pair of bf16 lands in one b32
// register) serves them all; where a round of the tile crosses C's edge or
// the bias is not 16-byte aligned, two 2-byte loads at clamped indices
// replace each (64, behind the same uniform branch). GELU's tanh is
// tanh.approx.f32, one per element: no libdevice tanhf (ex2.approx and
// rcp.approx) is left.
// GELU-LABEL: .visible .entry gemm_bf16_wgmma_bias_gelu_kernel(
// GELU:       cp.async.bulk.tensor.2d.global.shared::cta
// BIAS-LOADS: {{^}}32{{$}}
// EDGE-BIAS-LOADS: {{^}}64{{$}}
// ALL-BIAS-LOADS: {{^}}96{{$}}
// TANH:       {{^}}128{{$}}

// Every fused field on the mma.sync path reaches the PTX; alpha and beta are
// 4-byte .f32 parameters after C's 7, then bias (5) and residual (7); the
// libdevice erf is linked and inlined (no call left).
// PTX-LABEL: .visible .entry gemm_all_kernel(
// PTX:       .param .{{u|b}}64 gemm_all_kernel_param_20,
// PTX-NEXT:  .param .f32 gemm_all_kernel_param_21,
// PTX-NEXT:  .param .f32 gemm_all_kernel_param_22,
// PTX-NEXT:  .param .{{u|b}}64 .ptr .align 1 gemm_all_kernel_param_23,
// PTX:       .param .{{u|b}}64 .ptr .align 1 gemm_all_kernel_param_28,
// PTX:       .param .{{u|b}}64 gemm_all_kernel_param_34
// PTX-NEXT:  )
// PTX-NOT:   call
// PTX:       ret;
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>
func.func @gemm_all(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                    %alpha: f32, %beta: f32, %bias: memref<?xbf16>, %r: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      residual %r : memref<?x?xbf16> {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_erf, residual = true>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
