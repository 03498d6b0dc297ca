// REQUIRES: ptxas
// RUN: rm -rf %t && split-file %s %t && mkdir -p %t/bundle
//
// f32 inputs on the wgmma path are tf32: m64nNk8 instructions with f32
// accumulators, no transpose immediates (tf32 reads only K-major A and B),
// four per 32-deep stage with descriptors stepped 32 bytes (2 units of 16)
// along the 128-byte swizzled rows; ptxas for sm_90a with zero spills for
// the example, every shipped tf32 benchmark schedule and a bf16 C; the
// bundle's types, layouts, math and TMA boxes ([32 f32 = 128 bytes, rows]).
//
// RUN: gemm-translate %examples/gemm_tf32_wgmma_sm90.mlir --to-ptx -o %t/example.ptx
// RUN: FileCheck %s --input-file %t/example.ptx
// RUN: grep -o 'wgmma.mma_async.*' %t/example.ptx | grep -o '}, .*' | sed 's/%%rd[0-9]*/DESC/g' | sort -u \
// RUN:   | FileCheck %s --check-prefix=FLAGS
// RUN: %ptxas -arch=sm_90a -v %t/example.ptx -o %t/example.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4.mlir --to-ptx -o %t/s4.ptx
// RUN: %ptxas -arch=sm_90a -v %t/s4.ptx -o %t/s4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s3_persistent.mlir --to-ptx -o %t/persistent.ptx
// RUN: %ptxas -arch=sm_90a -v %t/persistent.ptx -o %t/persistent.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x128x32_s3_2cta.mlir --to-ptx -o %t/2cta.ptx
// RUN: FileCheck %s --input-file %t/2cta.ptx --check-prefix=N128
// RUN: %ptxas -arch=sm_90a -v %t/2cta.ptx -o %t/2cta.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %t/bf16c.mlir --to-ptx -o %t/bf16c.ptx
// RUN: FileCheck %s --input-file %t/bf16c.ptx --check-prefix=BF16C
// RUN: %ptxas -arch=sm_90a -v %t/bf16c.ptx -o %t/bf16c.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_tf32_wgmma_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// The descriptors' constant parts: bit 62 (128-byte swizzle), the stride
// of 8 rows (1024 bytes) and the start address, stepped by 2 (32 bytes).
// CHECK-LABEL: .visible .entry gemm_tf32_wgmma_kernel(
// CHECK:         or.b64 {{%rd[0-9]+}}, [[BASEA:%rd[0-9]+]], 4611686293372403712;
// CHECK:         or.b64 {{%rd[0-9]+}}, [[BASEB:%rd[0-9]+]], 4611686293439512576;
// CHECK:         wgmma.fence.sync.aligned;
// CHECK:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEA]], 4611686293372403714;
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEB]], 4611686293439512578;
// CHECK:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEA]], 4611686293372403716;
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEB]], 4611686293439512580;
// CHECK:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEA]], 4611686293372403718;
// CHECK-DAG:     or.b64 {{%rd[0-9]+}}, [[BASEB]], 4611686293439512582;
// CHECK:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// CHECK-NOT:     wgmma.mma_async
// CHECK:         wgmma.commit_group.sync.aligned;
// CHECK-NEXT:    wgmma.wait_group.sync.aligned 1;

// After the descriptors: p, scale-a, scale-b and no transpose flags.
// FLAGS:     }, DESC, DESC, p, 1, 1;
// FLAGS-NOT: }

// N128: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32

// BF16C: wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32
// BF16C: cvt.rn.bf16x2.f32

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// 4 stages x (128x32 + 256x32) f32 and a 32 KiB staging tile (the C tile
// in 4 rounds); a persistent stream-K grid (spares), one block per SM.
// BUNDLE:      "dynamic_shared_memory_bytes": 229376,
// BUNDLE:      "persistent": {
// BUNDLE-NEXT:   "ctas_per_sm": 1,
// BUNDLE-NEXT:   "stream_k": true
// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "row",
// BUNDLE-NEXT:   "b": "col",
// BUNDLE-NEXT:   "c": "row"
// BUNDLE-NEXT: },
// BUNDLE-NEXT: "math": "tensor_core",
// BUNDLE:      "box": [
// BUNDLE-NEXT:   32,
// BUNDLE-NEXT:   128
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "a",
// BUNDLE:      "box": [
// BUNDLE-NEXT:   32,
// BUNDLE-NEXT:   256
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "b",
// BUNDLE:      "ptxas_info": "{{.*}}0 bytes spill stores, 0 bytes spill loads{{.*}}",
// The copy kernel the runtime launches for an A or B TMA cannot read
// (passes/copy/StagingCopyKernels.h): 16-byte vectors of f32.
// BUNDLE:      "staged_copies": {
// BUNDLE-NEXT:   "a": {
// BUNDLE:          "kind": "copy",
// BUNDLE:          "name": "gemm_tf32_wgmma_kernel_stage_copy",
// BUNDLE:        "b": {
// BUNDLE:          "name": "gemm_tf32_wgmma_kernel_stage_copy",
// BUNDLE:          "vector_elements": 4
// BUNDLE:      "tile": {
// BUNDLE-NEXT:   "k": 32,
// BUNDLE:      "types": {
// BUNDLE-NEXT:   "a": "f32",
// BUNDLE-NEXT:   "accumulator": "f32",
// BUNDLE-NEXT:   "b": "f32",
// BUNDLE-NEXT:   "c": "f32"

//--- bf16c.mlir
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 256],
  mma = #tile.mma<wgmma, [64, 256, 8]>,
  elements = #tile.elements<a = f32, b = f32, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = tma>,
  specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>,
  store = #tile.store<vector>>
func.func @bf16c(%a: memref<?x?xf32>, %b: memref<?x?xf32, strided<[1, ?], offset: ?>>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf32>, memref<?x?xf32, strided<[1, ?], offset: ?>> into memref<?x?xbf16>
  return
}
