// RUN: gemm-opt %examples/gemm_fp8_block_scaled_sm90.mlir --lower-to-nvvm \
// RUN:   --mlir-print-ir-after=tile-warp-specialize -o %t.mlir 2>&1 \
// RUN:   | FileCheck %s
// RUN: gemm-opt %S/../../bench/schedules/wgmma_fp8_blocks_64x128_s8_streamk.mlir \
// RUN:   --lower-to-nvvm --mlir-print-ir-after=tile-warp-specialize -o %t.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ASYNC

// A block-scaled FP8 GEMM (128x128 block tile, 5 stages) stages its block
// scales in shared memory: a static ring of 5 entries of 128 A scales (one
// per row) and 1 B scale (one per 128 columns). Its "full" barriers count
// the TMA warp's arrive.expect_tx and the 32 arrivals of the block-scale
// warp; its "empty" barriers one arrival per consumer thread (2 warpgroups
// of 128), since every consumer thread reads the ring.

// CHECK: memref.global "private" @__block_scales : memref<645xf32, #gpu.address_space<workgroup>> = uninitialized {alignment = 16 : i64}
// CHECK: %[[RING:.*]] = memref.get_global @__block_scales
// CHECK: nvgpu.mbarrier.init %[[FULL:[0-9]+]][%c0], %c33 :
// CHECK-NEXT: nvgpu.mbarrier.init %[[EMPTY:[0-9]+]][%c0], %c256 :
// The TMA warp.
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// CHECK: nvgpu.mbarrier.arrive.expect_tx %[[FULL]]
// The block-scale warp (through registers, the default): loads the step's
// scales, waits for the stage to be empty, stores them into the ring and
// arrives on the stage's full barrier.
// CHECK: memref.load
// CHECK: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: memref.store {{.*}}, %[[RING]]
// CHECK: nvgpu.mbarrier.arrive %[[FULL]]
// The consumers read their scales from the ring once the stage is full,
// and every thread releases the stage.
// CHECK: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// CHECK: memref.load %[[RING]]
// CHECK: nvgpu.mbarrier.arrive %[[EMPTY]]

// With async_scale_copies = true (a 64x128 block tile, 8 stages, stream-K):
// the block-scale warp waits for the stage to be empty, copies the step's
// scales into the ring by cp.async (2 rows of A per lane, zero-filled past
// the matrix, and B's one column block) and arrives on the stage's full
// barrier once its copies land (noinc: one of the 33 expected arrivals).
// Nothing of the scales passes through its registers.
// ASYNC: %[[RING:.*]] = memref.get_global @__block_scales
// ASYNC: nvgpu.mbarrier.init %[[FULL:[0-9]+]][%c0], %c33 :
// ASYNC-NEXT: nvgpu.mbarrier.init %[[EMPTY:[0-9]+]][%c0], %c128 :
// ASYNC: nvgpu.mbarrier.arrive.expect_tx %[[FULL]]
// ASYNC: nvgpu.mbarrier.try_wait.parity %[[EMPTY]]
// ASYNC-NOT: memref.load
// ASYNC-COUNT-2: nvgpu.device_async_copy {{.*}}, %[[RING]][{{.*}}], 1, %{{.+}} : memref<?xf32> to
// ASYNC: scf.if
// ASYNC: nvgpu.device_async_copy {{.*}}, %[[RING]][{{.*}}], 1, %{{.+}} : memref<?xf32> to
// ASYNC: nvgpu.mbarrier.get %[[FULL]]
// ASYNC-NEXT: llvm.inttoptr
// ASYNC-NEXT: nvvm.cp.async.mbarrier.arrive %{{.+}} {noinc = true} : !llvm.ptr<3>
// The warp leaves with no copy in flight.
// ASYNC: nvvm.cp.async.wait.group 0
// ASYNC: nvgpu.mbarrier.try_wait.parity %[[FULL]]
// ASYNC: memref.load %[[RING]]
