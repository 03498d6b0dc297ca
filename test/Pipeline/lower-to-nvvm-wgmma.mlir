// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s
// RUN: gemm-opt %s --lower-to-nvvm | FileCheck %s --check-prefix=KERNEL

// The whole lowering of a warp-specialized bf16 wgmma schedule (block
// [128, 256, 64], warpgroup [64, 256], 4 stages): the host creates the TMA
// descriptors of A and B and passes them to a 384-thread launch; the kernel
// module ends in the LLVM and NVVM dialects. The NVVM ops that have no LLVM
// intrinsic (mbarrier.try_wait.parity, mbarrier.arrive.expect_tx,
// cp.async.bulk.tensor and wgmma.mma_async) reach it as the inline PTX of
// convert-nvvm-to-llvm.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK-LABEL: func.func @gemm_wgmma(
// CHECK-SAME:      %[[A:[^:]+]]: memref<?x?xbf16>, %[[B:[^:]+]]: memref<?x?xbf16>, %[[C:[^:]+]]: memref<?x?xbf16>)
// CHECK-DAG:     %[[THREADS:.+]] = arith.constant 384 : index
// CHECK-DAG:     %[[SMEM:.+]] = arith.constant 196608 : i32
// CHECK:         %[[FLAT_A:.+]] = memref.cast %[[A]] : memref<?x?xbf16> to memref<*xbf16>
// CHECK:         %[[MAP_A:.+]] = nvgpu.tma.create.descriptor %[[FLAT_A]] box[%{{.+}}, %{{.+}}] : memref<*xbf16>
// CHECK-SAME:      -> <tensor = memref<128x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK-NEXT:    %[[PTR_A:.+]] = builtin.unrealized_conversion_cast %[[MAP_A]] : {{.+}} to !llvm.ptr
// CHECK:         %[[FLAT_B:.+]] = memref.cast %[[B]] : memref<?x?xbf16> to memref<*xbf16>
// CHECK:         %[[MAP_B:.+]] = nvgpu.tma.create.descriptor %[[FLAT_B]] box[%{{.+}}, %{{.+}}] : memref<*xbf16>
// CHECK-SAME:      -> <tensor = memref<64x64xbf16, 3>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK-NEXT:    %[[PTR_B:.+]] = builtin.unrealized_conversion_cast %[[MAP_B]] : {{.+}} to !llvm.ptr
// CHECK-NEXT:    gpu.launch_func @gemm_wgmma_kernel_module::@gemm_wgmma_kernel
// CHECK-SAME:      threads in (%[[THREADS]], %{{[^,]+}}, %{{[^)]+}})
// CHECK-SAME:      dynamic_shared_memory_size %[[SMEM]]
// CHECK-SAME:      %[[PTR_A]] : !llvm.ptr, %[[PTR_B]] : !llvm.ptr)

// CHECK:       gpu.module @gemm_wgmma_kernel_module [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">]
// CHECK-NEXT:    llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64, dso_local} : !llvm.array<0 x i8>
// The full and empty mbarriers of the 4 stages.
// CHECK-COUNT-2: llvm.mlir.global private @__mbarrier{{.*}}() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<4 x i64>
// CHECK-LABEL:   llvm.func @gemm_wgmma_kernel(
// Three memref descriptors, then the TMA descriptors of A and B.
// CHECK-SAME:        %[[MAP_A:[^:]+]]: !llvm.ptr, %[[MAP_B:[^:]+]]: !llvm.ptr)
// CHECK-SAME:        nvvm.kernel, nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK-DAG:       %[[BARRIER_ID:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG:       %[[CONSUMER_THREADS:.+]] = llvm.mlir.constant(256 : i32) : i32
// CHECK:           nvvm.read.ptx.sreg.tid.x

// Thread 0 initializes the 2 x 4 mbarriers and prefetches the descriptors.
// CHECK:           llvm.cond_br
// CHECK-COUNT-8:   nvvm.mbarrier.init %{{.+}}, %{{.+}} : !llvm.ptr<3>, i32
// CHECK-NEXT:      nvvm.prefetch tensormap, %[[MAP_A]] : !llvm.ptr
// CHECK-NEXT:      nvvm.prefetch tensormap, %[[MAP_B]] : !llvm.ptr
// CHECK:           nvvm.barrier0

// Producer: per K tile, wait on empty, expect the stage's bytes, one TMA
// load of A and 4 of B (64-column panels).
// CHECK:           nvvm.setmaxregister decrease 40
// CHECK-NOT:       wgmma
// CHECK:           llvm.inline_asm has_side_effects {{.+}}mbarrier.try_wait.parity.shared.b64
// CHECK:           llvm.inline_asm has_side_effects {{.+}}mbarrier.arrive.expect_tx.shared.b64
// CHECK:           llvm.inline_asm has_side_effects {{.+}}cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{.+}}, %[[MAP_A]],
// CHECK-COUNT-4:   llvm.inline_asm has_side_effects {{.+}}cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{.+}}, %[[MAP_B]],
// CHECK-NOT:       cp.async.bulk.tensor

// Consumers: per K tile, wait on full, then 4 m64n256k16 wgmma (BK = 64)
// between a fence and a commit, keep one group in flight and release the
// previous stage.
// CHECK:           nvvm.setmaxregister increase 232
// CHECK:           llvm.inline_asm has_side_effects {{.+}}mbarrier.try_wait.parity.shared.b64
// CHECK:           nvvm.wgmma.fence.aligned
// CHECK-COUNT-4:   llvm.inline_asm has_side_effects {{.+}}wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-NOT:       wgmma.mma_async
// CHECK:           nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT:      nvvm.wgmma.wait.group.sync.aligned 1
// CHECK:           llvm.inline_asm has_side_effects {{.+}}mbarrier.arrive.expect_tx.shared.b64

// Epilogue: the accumulators through the shared staging tile between two
// named barriers of the 256 consumer threads, then 16 16-byte bf16 stores
// per thread.
// CHECK:           nvvm.wgmma.wait.group.sync.aligned 0
// The last stage is released too (a persistent block's producer would
// reuse it).
// CHECK:           llvm.inline_asm has_side_effects {{.+}}mbarrier.arrive.expect_tx.shared.b64
// CHECK:           nvvm.barrier id = %[[BARRIER_ID]] number_of_threads = %[[CONSUMER_THREADS]]
// CHECK:           llvm.store %{{.+}}, %{{.+}} : f32, !llvm.ptr<3>
// CHECK:           nvvm.barrier id = %[[BARRIER_ID]] number_of_threads = %[[CONSUMER_THREADS]]
// Each chunk: a 16-byte store when it lies inside C and C's rows are
// 16-byte aligned, else 8 bounds-checked element stores.
// CHECK-COUNT-16:  llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr
// CHECK-COUNT-8:   llvm.store %{{.+}}, %{{.+}} : bf16, !llvm.ptr
// Rows that take no 16-byte stores at all: the element copy, four element
// stores per loop step (passes/epilogue/CoalescedElementCopy.h).
// CHECK-COUNT-4:   llvm.store %{{.+}}, %{{.+}} : bf16, !llvm.ptr
// CHECK-NOT:       llvm.store
// CHECK:           llvm.return

// Nothing but the LLVM and NVVM dialects is left in the kernel module (the
// tile.schedule attribute on the kernel stays).
// KERNEL:      gpu.module @gemm_wgmma_kernel_module
// KERNEL-NOT:  {{(^ *|= )tile\.|!tile\.}}
// KERNEL-NOT:  unrealized_conversion_cast
// KERNEL-NOT:  {{(^ *|= |!)(arith|memref|vector|scf|cf|gpu|nvgpu)\.}}
// KERNEL:      llvm.return
func.func @gemm_wgmma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
