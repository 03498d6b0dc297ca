// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle %t/byvalue
// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s --check-prefix=HOST
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -c "st.shared.b32" %t/kernel.ptx | FileCheck %s --check-prefix=FRAGMENTS
// RUN: grep -c "cp.async.bulk.tensor.2d.global.shared::cta" %t/kernel.ptx \
// RUN:   | FileCheck %s --check-prefix=STORES
// RUN: grep -c "ld.shared.b16" %t/kernel.ptx | FileCheck %s --check-prefix=ELEMENTS
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// With tensor-maps-by-value the maps are __grid_constant__ parameters:
// RUN: gemm-opt %s --lower-to-nvvm="tensor-maps-by-value=1" \
// RUN:   | FileCheck %s --check-prefix=BYVALUE-HOST
// RUN: gemm-translate %s --tensor-maps-by-value --to-bundle -o %t/byvalue/kernel.json
// RUN: FileCheck %s --input-file %t/byvalue/gemm_tma_store_kernel.ptx --check-prefix=BYVALUE
// RUN: FileCheck %s --input-file %t/byvalue/kernel.json --check-prefix=BYVALUE-BUNDLE

// The tma epilogue store (passes/hopper/TmaStoreEpilogue.h) on the persistent
// 128x256 s3 schedule of examples/gemm_bf16_wgmma_sm90.mlir: each consumer
// warpgroup converts its 64x256 accumulator into its bf16 staging part,
// fences it for the async proxy, synchronizes its 128 threads, and one
// thread issues 4 TMA stores (64 rows x 64 columns each) as one bulk group.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<tma>>

// The host makes a third tensor map, of C: 64 rows x 64 columns (128 bytes,
// 128-byte swizzle), no L2 promotion; the kernel takes it after A's and B's.
// 3 stages of 48 KiB and the 64 KiB staging tile: 212992 bytes.
// HOST-LABEL: func.func @gemm_tma_store(
// HOST:         nvgpu.tma.create.descriptor {{.+}} -> <tensor = memref<128x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b
// HOST:         nvgpu.tma.create.descriptor {{.+}} -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b
// HOST:         nvgpu.tma.create.descriptor {{.+}} -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = none, oob = zero
// HOST:         gpu.launch_func {{.+}} dynamic_shared_memory_size %{{.+}} args({{.+}} : !llvm.ptr, {{.+}} : !llvm.ptr, {{.+}} : !llvm.ptr)
// HOST:       llvm.func @gemm_tma_store_kernel({{.+}}: !llvm.ptr, {{.+}}: !llvm.ptr, {{.+}}: !llvm.ptr) attributes {{.*}}nvvm.kernel
// By value, C's map is followed by whether it is there.
// BYVALUE-HOST:       %[[PRESENT:.+]] = arith.constant 1 : i32
// BYVALUE-HOST:       gpu.launch_func {{.+}} args({{.+}} : !llvm.ptr, {{.+}} : !llvm.ptr, {{.+}} : !llvm.ptr, %[[PRESENT]] : i32)
// BYVALUE-HOST:       llvm.func @gemm_tma_store_kernel(
// BYVALUE-HOST-SAME:    %{{[^:]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// BYVALUE-HOST-SAME:    %{{[^:]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// BYVALUE-HOST-SAME:    %{{[^:]+}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// BYVALUE-HOST-SAME:    %{{[^:]+}}: i32) attributes {{.*}}nvvm.kernel

// In the PTX: fragments converted to bf16 pairs, the proxy fence, the
// warpgroup's own named barrier (128 threads), the bulk stores and their
// group, the wait before the staging part is written again (.read) and the
// full wait before the block exits; a null map of C takes the threads' copy
// (16-byte global stores where C's rows take them, else one element per
// thread and store, consecutive threads on consecutive elements).
// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_tma_store_kernel(
// CHECK:       .param .u64 .ptr .align 1 gemm_tma_store_kernel_param_21,
// CHECK-NEXT:  .param .u64 .ptr .align 1 gemm_tma_store_kernel_param_22,
// CHECK-NEXT:  .param .u64 .ptr .align 1 gemm_tma_store_kernel_param_23
// CHECK-NEXT:  )
// CHECK-DAG:   cvt.rn.bf16x2.f32
// CHECK-DAG:   fence.proxy.async.shared::cta;
// CHECK-DAG:   bar.sync {{.+}}, 128;
// CHECK-DAG:   cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [{{.+}}, {{{.+}}, {{.+}}}], [{{.+}}];
// CHECK-DAG:   cp.async.bulk.commit_group;
// CHECK-DAG:   cp.async.bulk.wait_group.read 0;
// CHECK-DAG:   cp.async.bulk.wait_group 0;
// CHECK-DAG:   st.global.v4.b32
// CHECK-DAG:   ret;

// 64 stores of a bf16 pair per thread: the 128 f32 of a 64x256 accumulator.
// FRAGMENTS: {{^}}64{{$}}
// One TMA store per 64-column panel of the warpgroup's 64x256 part.
// STORES: {{^}}4{{$}}
// The element copy reads four staged elements per thread and loop step.
// ELEMENTS: {{^}}4{{$}}

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// The bundle lists C's map (the only one without L2 promotion) after A's and
// B's, with "null_when_unaligned"; by value, then the parameter that says
// whether it is there.
// BUNDLE:      "dynamic_shared_memory_bytes": 212992
// BUNDLE:      "l2_promotion": 256,
// BUNDLE:      "l2_promotion": 256,
// BUNDLE:      "l2_promotion": 0,
// BUNDLE-NEXT: "null_when_unaligned": true,
// BUNDLE-NEXT: "oob_fill": "zero",
// BUNDLE-NEXT: "operand": "c",
// BUNDLE-NEXT: "pass": "global_pointer",
// BUNDLE-NEXT: "swizzle": 128
// BUNDLE-NOT:  "tma_present"

// By value: 128-byte parameters the kernel addresses in parameter space.
// BYVALUE:       .param .align 64 .b8 gemm_tma_store_kernel_param_21[128],
// BYVALUE-NEXT:  .param .align 64 .b8 gemm_tma_store_kernel_param_22[128],
// BYVALUE-NEXT:  .param .align 64 .b8 gemm_tma_store_kernel_param_23[128],
// BYVALUE-NEXT:  .param .u32 gemm_tma_store_kernel_param_24
// BYVALUE-NEXT:  )
// BYVALUE-DAG:   cvta.param.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}};
// BYVALUE-DAG:   ld.param.b32 %r{{[0-9]+}}, [gemm_tma_store_kernel_param_24];
// BYVALUE-DAG:   cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// BYVALUE-BUNDLE-COUNT-3: "pass": "by_value",
// BYVALUE-BUNDLE-NOT:     "global_pointer"
// BYVALUE-BUNDLE:         "kind": "tma_present",
func.func @gemm_tma_store(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
