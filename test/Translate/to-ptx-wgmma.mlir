// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %s --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: grep -o "wgmma.mma_async[^ ]*" %t/kernel.ptx | sort -u \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=REGS
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=STORE
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SCALAR
// ptxas accepts the PTX for sm_90a, and the accumulators fit in the
// consumers' registers.
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %s --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// A warp-specialized bf16 wgmma schedule (block [128, 256, 64], warpgroup
// [64, 256], 4 stages) in PTX: 2 consumer warpgroups and 1 producer. LLVM
// reorders, unrolls and peels the loops, so each instruction family is
// checked on its own.

#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 64], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>

// CHECK:       .version 8.0
// CHECK-NEXT:  .target sm_90a
// CHECK-LABEL: .visible .entry gemm_wgmma_kernel(
// The TMA descriptors of A and B are the last two parameters.
// CHECK:       .param .u64 .ptr .align 1 gemm_wgmma_kernel_param_21,
// CHECK-NEXT:  .param .u64 .ptr .align 1 gemm_wgmma_kernel_param_22
// CHECK-NEXT:  )
// CHECK-NEXT:  .maxntid 384, 1, 1
// CHECK-DAG:   mbarrier.init.shared.b64
// CHECK-DAG:   prefetch.tensormap
// CHECK-DAG:   setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-DAG:   mbarrier.try_wait.parity.shared.b64
// CHECK-DAG:   mbarrier.arrive.expect_tx.shared.b64
// CHECK-DAG:   cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK-DAG:   setmaxnreg.inc.sync.aligned.u32 232;
// CHECK-DAG:   wgmma.fence.sync.aligned;
// CHECK-DAG:   wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CHECK-DAG:   wgmma.commit_group.sync.aligned;
// CHECK-DAG:   wgmma.wait_group.sync.aligned 1;
// CHECK-DAG:   @%p{{[0-9]+}} mbarrier.arrive.expect_tx.shared.b64 _, [%r{{[0-9]+}}], %r{{[0-9]+}};
// CHECK-DAG:   wgmma.wait_group.sync.aligned 0;
// CHECK-DAG:   bar.sync 1, 256;
// CHECK-DAG:   ret;

// Every wgmma is the m64n256k16 bf16 instruction with f32 accumulators.
// WGMMA-NOT: {{.}}
// WGMMA:     {{^}}wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16{{$}}
// WGMMA-NOT: {{.}}

// One block-wide barrier after the mbarrier initialization; the epilogue's
// two barriers are named barrier 1 of the 256 consumer threads.
// BARRIER:         bar.sync 0;
// BARRIER-COUNT-2: bar.sync 1, 256;
// BARRIER-NOT:     bar.sync

// The accumulators stay in registers: no local memory.
// REGS:     .entry gemm_wgmma_kernel(
// REGS-NOT: .local

// 128 x 256 bf16 outputs, 8 per 16-byte store, over 256 consumer threads.
// STORE-COUNT-16: st.global.v4.b32
// Chunks that cross C's edge (ragged shapes) fall back to 8 bounds-checked
// 2-byte stores each; rows that cannot take 16-byte stores at all are
// copied element by element, consecutive threads on consecutive elements,
// four per loop step (passes/epilogue/CoalescedElementCopy.h): 4 more.
// STORE-NOT:       st.global.v4
// (The module's staging copy kernel, passes/copy/StagingCopyKernels.h, follows.)
// STORE:           .entry gemm_wgmma_kernel_stage_copy(
// SCALAR-COUNT-132: st.global.b16
// SCALAR-NOT:       st.global.b16
// SCALAR:           .entry gemm_wgmma_kernel_stage_copy(

// PTXAS: Compiling entry function 'gemm_wgmma_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// The launch metadata: 3 warpgroups, 4 stages x (128x64 + 64x256) bf16 of
// dynamic shared memory, and after A, B and C the TMA descriptors, which the
// runtime encodes (box innermost first: 64 elements = 128 bytes by BM rows
// of A, by BK rows of a B panel) and passes as global pointers.
// BUNDLE:      "block": [
// BUNDLE-NEXT:   384,
// BUNDLE-NEXT:   1,
// BUNDLE-NEXT:   1
// BUNDLE-NEXT: ],
// BUNDLE-NEXT: "chip": "sm_90a",
// BUNDLE:      "dynamic_shared_memory_bytes": 196608,
// wgmma kernels take any M, N, K (TMA fills past the edges with zeros, the
// epilogue stores element by element at C's edges) and any pitch (the
// runtime stages operands TMA cannot read; C needs only bf16 alignment).
// BUNDLE:      "math": "tensor_core",
// BUNDLE-NEXT: "min_alignment_bytes": 2,
// BUNDLE-NEXT: "name": "gemm_wgmma_kernel",
// BUNDLE-NEXT: "parameters": [
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "a",
// BUNDLE-NEXT:     "rank": 2
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "b",
// BUNDLE-NEXT:     "rank": 2
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "kind": "memref",
// BUNDLE-NEXT:     "operand": "c",
// BUNDLE-NEXT:     "rank": 2
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "box": [
// BUNDLE-NEXT:       64,
// BUNDLE-NEXT:       128
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "kind": "tma",
// BUNDLE-NEXT:     "l2_promotion": 256,
// BUNDLE-NEXT:     "oob_fill": "zero",
// BUNDLE-NEXT:     "operand": "a",
// BUNDLE-NEXT:     "pass": "global_pointer",
// BUNDLE-NEXT:     "swizzle": 128
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   {
// BUNDLE-NEXT:     "box": [
// BUNDLE-NEXT:       64,
// BUNDLE-NEXT:       64
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "kind": "tma",
// BUNDLE-NEXT:     "l2_promotion": 256,
// BUNDLE-NEXT:     "oob_fill": "zero",
// BUNDLE-NEXT:     "operand": "b",
// BUNDLE-NEXT:     "pass": "global_pointer",
// BUNDLE-NEXT:     "swizzle": 128
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: ],
// BUNDLE-NEXT: "ptx": "gemm_wgmma_kernel.ptx",
// BUNDLE-NEXT: "ptxas_info": "{{.*}}Compiling entry function 'gemm_wgmma_kernel' for 'sm_90a'{{.*}} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads{{.*}}",
// BUNDLE-NEXT: "ptxas_opt_level": 3,
// BUNDLE-NEXT: "requires_divisible": {
// BUNDLE-NEXT:   "k": 1,
// BUNDLE-NEXT:   "m": 1,
// BUNDLE-NEXT:   "n": 1
// BUNDLE-NEXT: },
// The copy kernel the runtime launches where A or B has rows TMA cannot
// read (passes/copy/StagingCopyKernels.h), in the same image: 16×256 bf16 per
// block of 256 threads, rows along grid x.
// BUNDLE-NEXT: "staged_copies": {
// BUNDLE-NEXT:   "a": {
// BUNDLE-NEXT:     "block": [
// BUNDLE-NEXT:       256,
// BUNDLE-NEXT:       1,
// BUNDLE-NEXT:       1
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "cluster": [
// BUNDLE-NEXT:       1,
// BUNDLE-NEXT:       1,
// BUNDLE-NEXT:       1
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "dynamic_shared_memory_bytes": 0,
// BUNDLE-NEXT:     "grid": {
// BUNDLE-NEXT:       "x": {
// BUNDLE-NEXT:         "extent": "m",
// BUNDLE-NEXT:         "tile": 16
// BUNDLE-NEXT:       },
// BUNDLE-NEXT:       "y": {
// BUNDLE-NEXT:         "extent": "n",
// BUNDLE-NEXT:         "tile": 256
// BUNDLE-NEXT:       },
// BUNDLE-NEXT:       "z": 1
// BUNDLE-NEXT:     },
// BUNDLE-NEXT:     "kind": "copy",
// BUNDLE-NEXT:     "layouts": {
// BUNDLE-NEXT:       "dst": "row",
// BUNDLE-NEXT:       "src": "row"
// BUNDLE-NEXT:     },
// BUNDLE-NEXT:     "min_alignment_bytes": 2,
// BUNDLE-NEXT:     "name": "gemm_wgmma_kernel_stage_copy",
// BUNDLE-NEXT:     "parameters": [
// BUNDLE-NEXT:       {
// BUNDLE-NEXT:         "kind": "memref",
// BUNDLE-NEXT:         "operand": "src",
// BUNDLE-NEXT:         "rank": 2
// BUNDLE-NEXT:       },
// BUNDLE-NEXT:       {
// BUNDLE-NEXT:         "kind": "memref",
// BUNDLE-NEXT:         "operand": "dst",
// BUNDLE-NEXT:         "rank": 2
// BUNDLE-NEXT:       }
// BUNDLE-NEXT:     ],
// BUNDLE-NEXT:     "tile": {
// BUNDLE-NEXT:       "m": 16,
// BUNDLE-NEXT:       "n": 256
// BUNDLE-NEXT:     },
// BUNDLE-NEXT:     "types": {
// BUNDLE-NEXT:       "dst": "bf16",
// BUNDLE-NEXT:       "src": "bf16"
// BUNDLE-NEXT:     },
// BUNDLE-NEXT:     "vector_elements": 8
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "b": {
// BUNDLE:          "name": "gemm_wgmma_kernel_stage_copy",
// BUNDLE:          "vector_elements": 8
// BUNDLE-NEXT:   }
// BUNDLE-NEXT: },
// BUNDLE-NEXT: "tile": {
// BUNDLE-NEXT:   "k": 64,
// BUNDLE-NEXT:   "m": 128,
// BUNDLE-NEXT:   "n": 256
// BUNDLE-NEXT: },
func.func @gemm_wgmma(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
