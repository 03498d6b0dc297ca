// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -o "wgmma.mma_async[^ ]*" %t/kernel.ptx | sort -u \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=STORE
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SCALAR
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7519 --implicit-check-not=C7517
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A ping-pong schedule (bench/schedules/wgmma_bf16_128x128x64_s4_pingpong.mlir:
// block [128, 128, 64], warpgroup [128, 128], 4 stages, consumer_groups = 2,
// persistent grid) in PTX: two consumer warpgroups, each a group of its own,
// take the block's tiles in turns, handing the main loop and the epilogue to
// each other with named barriers.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 128, 64], warp = [128, 128],
  mma = #tile.mma<wgmma, [64, 128, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232, consumer_groups = 2>,
  grid = #tile.grid<persistent = true, raster = along_m, group = 8>,
  store = #tile.store<vector>>

// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_pingpong_kernel(
// CHECK:       .maxntid 384, 1, 1
// CHECK-DAG:   mov.u32 {{.+}}, %nctaid.x;
// CHECK-DAG:   setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-DAG:   mbarrier.try_wait.parity.shared.b64
// CHECK-DAG:   mbarrier.arrive.expect_tx.shared.b64
// CHECK-DAG:   cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-DAG:   setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// CHECK-DAG:   @%p{{[0-9]+}} mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-DAG:   wgmma.wait_group.sync.aligned 0;
// CHECK-DAG:   ret;

// A 128-row warpgroup tile is two m64n128k16 instructions per k16 step.
// WGMMA-NOT: {{.}}
// WGMMA:     {{^}}wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16{{$}}
// WGMMA-NOT: {{.}}

// The barrier ids depend on the group (warpgroup index g): 3 + g and 5 + g
// are the main-loop and epilogue turns (bar.sync with both groups' 256
// threads; bar.arrive hands the turn to the other group), 1 + g the group's
// own barrier of 128 threads around the staging tile.
// BARRIER:         bar.sync 0;
// BARRIER-DAG:     add.s32 [[MAIN:%r[0-9]+]], [[G:%r[0-9]+]], 3;
// BARRIER-DAG:     add.s32 [[EPILOGUE:%r[0-9]+]], [[G]], 5;
// BARRIER-DAG:     add.s32 [[GROUP:%r[0-9]+]], [[G]], 1;
// BARRIER-DAG:     bar.sync [[MAIN]], 256;
// BARRIER-DAG:     bar.arrive {{%r[0-9]+}}, 256;
// BARRIER-DAG:     bar.sync [[EPILOGUE]], 256;
// BARRIER-DAG:     bar.sync [[GROUP]], 128;
// BARRIER:         bar.sync [[GROUP]], 128;
// BARRIER:         bar.arrive {{%r[0-9]+}}, 256;
// BARRIER-NOT:     bar.sync
// BARRIER-NOT:     bar.arrive

// 128 x 128 bf16 outputs, 8 per 16-byte store, over one group's 128 threads.
// STORE-COUNT-16: st.global.v4.b32
// Chunks that cross C's edge (ragged shapes) fall back to 8 bounds-checked
// 2-byte stores each; rows that cannot take 16-byte stores at all are
// copied element by element, consecutive threads on consecutive elements,
// four per loop step (passes/epilogue/CoalescedElementCopy.h): 4 more.
// STORE-NOT:       st.global.v4
// STORE:           .entry gemm_pingpong_kernel_stage_copy(
// SCALAR-COUNT-132: st.global.b16
// SCALAR-NOT:       st.global.b16
// SCALAR:           .entry gemm_pingpong_kernel_stage_copy(

// No warpgroup.arrive / wait injected by ptxas (C7519 / C7517): the tile's
// first K step writes each 64-row slice's accumulator (scale-d zero), so
// nothing zeroes registers between the slices' wgmmas.
// PTXAS: Compiling entry function 'gemm_pingpong_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// 4 stages x (128x64 + 64x128) bf16 = 131072 bytes plus a 128 x (128 + 8)
// f32 staging tile, 69632 bytes.
// BUNDLE:      "dynamic_shared_memory_bytes": 200704,
// BUNDLE-NEXT: "grid": {
// BUNDLE-NEXT:   "persistent": {
// BUNDLE-NEXT:     "ctas_per_sm": 1
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "tiles": {
// BUNDLE-NEXT:     "m": 128,
// BUNDLE-NEXT:     "n": 128
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: },
func.func @gemm_pingpong(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
