// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=NO-PARTIALS
// RUN: grep -c "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add" \
// RUN:   %t/kernel.ptx | FileCheck %s --check-prefix=REDUCTIONS
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// An activation makes the epilogue non-affine: the parts meet in the
// workspace and the owner's registers, as for bf16.
// RUN: sed 's/bias = column>/bias = column, activation = relu>/' %s \
// RUN:   > %t/relu.mlir
// RUN: gemm-translate %t/relu.mlir --to-ptx -o %t/relu.ptx
// RUN: FileCheck %s --input-file %t/relu.ptx --check-prefix=WORKSPACE

// stream_k = spares into an f32 C with an affine epilogue (passes/
// HopperKernelPlan.h, streamKSumsInC): a spare stores its head of a partial
// tile into C with the whole epilogue (alpha, beta·C, bias), waits for its
// TMA stores to complete and releases the count after its last head; the
// owner waits for the count and adds alpha times its tail onto C with TMA
// reductions (or atomic adds when C takes no tensor map). No partial goes
// through the fp32 workspace.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = f32, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = spares>,
  store = #tile.store<tma, rounds = 4>>

// CHECK-LABEL: .visible .entry gemm_spares_sums_in_c_kernel(
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// The owner: acquire polling, counter reset, then a proxy fence before the
// reductions, and atomic adds on the path without a tensor map.
// CHECK-DAG:   ld.acquire.gpu.global.b32
// CHECK-DAG:   atom.global.exch.b32
// CHECK-DAG:   atom.global.add.f32
// CHECK-DAG:   cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// A spare's last head: its stores complete and fenced for the generic
// proxy, then the release of the counts.
// CHECK:       cp.async.bulk.wait_group 0;
// CHECK-NEXT:  fence.proxy.async.global;
// CHECK:       fence.acq_rel.gpu;
// CHECK:       atom.global.add.u32
// CHECK:       ret;

// The owner reloads no partial (the 16-byte stores in the kernel are the
// copy to C without a tensor map).
// NO-PARTIALS-NOT: ld.global.v4
// NO-PARTIALS:     .entry gemm_spares_sums_in_c_kernel_stage_copy(

// One reduction per panel (64 rows x 32 columns), per round (4) and per
// consumer warpgroup's issuing code path (2).
// REDUCTIONS: 8

// PTXAS: Compiling entry function 'gemm_spares_sums_in_c_kernel' for 'sm_90a'
// PTXAS-NOT: serialized
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// WORKSPACE-NOT: cp.reduce.async.bulk
// WORKSPACE:     st.global.v4.b32
// WORKSPACE:     ld.global.v4.b32
// WORKSPACE-NOT: cp.reduce.async.bulk
func.func @gemm_spares_sums_in_c(
    %a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>,
    %c: memref<?x?xf32>, %alpha: f32, %beta: f32, %bias: memref<?xf32>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xf32>
      {schedule = #sched, epilogue = #tile.epilogue<alpha_beta = true, bias = column>}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>>
        into memref<?x?xf32>
  return
}
