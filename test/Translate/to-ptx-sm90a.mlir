// REQUIRES: ptxas
// RUN: gemm-translate %s --to-ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=COPY
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=LDMATRIX
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=TRANS
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=MMA
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=REGS
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=STORE
// ptxas accepts the PTX for the chip the schedule names.
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// A bf16 sm_90a schedule in PTX: sm_90a needs PTX 8.0. LLVM reorders the
// blocks, so each instruction family is counted on its own.

#sched = #tile.schedule<chip = "sm_90a", block = [64, 64, 32], warp = [32, 32],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// CHECK:       .version 8.0
// CHECK-NEXT:  .target sm_90a
// CHECK-NEXT:  .address_size 64
// CHECK-LABEL: .visible .entry gemm_bf16_kernel(
// CHECK:       .maxntid 128, 1, 1
// CHECK-DAG:   cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CHECK-DAG:   cp.async.commit_group;
// CHECK-DAG:   cp.async.wait_group 1;
// CHECK-DAG:   bar.sync 0;
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.shared.b16 {{{.+}}}, [{{.+}}];
// CHECK-DAG:   ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {{{.+}}}, [{{.+}}];
// CHECK-DAG:   mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// CHECK-DAG:   cp.async.wait_group 0;
// CHECK-DAG:   st.global.v2.b16
// CHECK:       ret;

// Each thread copies 2 A and 2 B 16-byte chunks of a K tile: 3 copy sites
// (2 prologue tiles, 1 refill per iteration) x 4 = 12 copies.
// COPY-COUNT-12: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPY-NOT:      cp.async.cg

// One K step's fragments are 2 A ldmatrix.x4 and 2 B ldmatrix.x4.trans per
// warp, loaded at 3 sites: step 0 of tile 0 before the loop, step 1 of tile t
// and (guarded) step 0 of tile t + 1 in the loop: 3 x 4 = 12, 6 of them
// transposed.
// LDMATRIX-COUNT-12: ldmatrix.sync.aligned.m8n8.x4{{(.trans)?}}.shared.b16
// LDMATRIX-NOT:      ldmatrix
// TRANS-COUNT-6: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// TRANS-NOT:     ldmatrix.sync.aligned.m8n8.x4.trans

// 2 K steps x (2 x 4) m16n8k16 tiles per warp = 16.
// MMA-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// MMA-NOT:      mma.sync

// One barrier before the loop and one at the last K step of each tile.
// BARRIER-COUNT-2: bar.sync 0;
// BARRIER-NOT:     bar.sync

// The entry-block allocas of fragments and accumulators became registers:
// no local memory.
// REGS:     .entry gemm_bf16_kernel(
// REGS-NOT: .local

// STORE-COUNT-16: st.global.v2.b16
// STORE-NOT:      st.global
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
