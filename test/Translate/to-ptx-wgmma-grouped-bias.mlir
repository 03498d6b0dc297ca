// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A grouped bf16 wgmma GEMM in the masked layout with a per-group bias and
// SiLU (examples/gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir) in PTX: the
// G × N bias is a 7-value memref before the group counts, its entries read
// through the non-coherent path (ld.global.nc) at the tile's group's row,
// and SiLU's tanh is one tanh.approx per element. ptxas keeps it free of
// spills and of wgmma serialization (C7520). The bundle lists the bias as
// rank 2 (one row per group).

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 1>,
  store = #tile.store<tma>>

// CHECK-LABEL: .visible .entry grouped_kernel(
// CHECK:       .param .u64 .ptr .align 1 grouped_kernel_param_30,
// CHECK-NEXT:  .param .u64 .ptr .align 1 grouped_kernel_param_31,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_32,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_33,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_34,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_35,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_36,
// CHECK-NEXT:  .param .u64 .ptr .align 1 grouped_kernel_param_37,
// CHECK-NEXT:  .param .u64 .ptr .align 1 grouped_kernel_param_38,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_39,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_40,
// CHECK-NEXT:  .param .u64 grouped_kernel_param_41
// CHECK-NEXT:  )
// CHECK-DAG:   vote.sync.ballot.b32
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-DAG:   ld.global.nc.b32
// CHECK-DAG:   tanh.approx.f32
// CHECK-DAG:   cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// CHECK-DAG:   st.global.v4.b32

// PTXAS: Compiling entry function 'grouped_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BUNDLE:      "epilogue": {
// BUNDLE:        "activation": "silu",
// BUNDLE:        "bias": "column",
// BUNDLE:      "grouped": "masked",
// BUNDLE:      "operand": "bias",
// BUNDLE-NEXT: "rank": 2
// BUNDLE-NEXT: },
// BUNDLE-NEXT: {
// BUNDLE-NEXT: "kind": "memref",
// BUNDLE-NEXT: "operand": "group_rows",
// BUNDLE-NEXT: "rank": 1
func.func @grouped(%a: memref<?x?x?xbf16>, %b: memref<?x?x?xbf16>,
                   %c: memref<?x?x?xbf16>, %rows: memref<?xi32>,
                   %bias: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c group_rows %rows : memref<?xi32>
      bias %bias : memref<?x?xbf16>
      {schedule = #sched, epilogue = #tile.epilogue<bias = column, activation = silu>}
      : memref<?x?x?xbf16>, memref<?x?x?xbf16> into memref<?x?x?xbf16>
  return
}
