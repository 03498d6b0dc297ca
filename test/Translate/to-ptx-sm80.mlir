// REQUIRES: ptxas
// RUN: gemm-translate %s --to-ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=MMA
// ptxas accepts the PTX for sm_80.
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// --to-cubin assembles it itself and says so in the metadata.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: gemm-translate %s --to-cubin -o %t.dir/gemm.cubin --metadata %t.dir/gemm.json
// RUN: FileCheck %s --input-file %t.dir/gemm.json --check-prefix=META
// RUN: ls %t.dir | FileCheck %s --check-prefix=FILES

// An f16 sm_80 schedule with padded shared rows and 2 stages: PTX 7.0, the
// f16 mma.sync, and a loop that waits for every outstanding copy.

#sched = #tile.schedule<chip = "sm_80", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.pad<8>, smem_b = #tile.pad<8>,
  pipeline = #tile.pipeline<stages = 2, load = cp_async>>

// CHECK:       .version 7.0
// CHECK-NEXT:  .target sm_80
// CHECK-LABEL: .visible .entry gemm_f16_kernel(
// CHECK:       .maxntid 128, 1, 1
// CHECK-DAG:   cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CHECK-DAG:   cp.async.commit_group;
// CHECK-DAG:   bar.sync 0;
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// CHECK-DAG:   mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK-DAG:   cp.async.wait_group 0;
// CHECK-NOT:   cp.async.wait_group 1;
// CHECK:       ret;

// MMA-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MMA-NOT:      mma.sync

// META:      "format": "gemm-opt-bundle-v1",
// META:      "chip": "sm_80",
// META:      "cubin": "gemm.cubin",
// META:      "dynamic_shared_memory_bytes": 19456,
// META:      "name": "gemm_f16_kernel",
// META:      "ptx": "gemm_f16_kernel.ptx",
// META:      "ptxas_info": "{{.*}}for 'sm_80'{{.*}} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// META:      "types": {
// META-NEXT:   "a": "f16",
// META-NEXT:   "accumulator": "f32",
// META-NEXT:   "b": "f16",
// META-NEXT:   "c": "f16"

// FILES:      gemm.cubin
// FILES-NEXT: gemm.json
// FILES-NEXT: gemm_f16_kernel.ptx
func.func @gemm_f16(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
