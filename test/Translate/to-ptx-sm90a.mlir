// REQUIRES: ptxas
// RUN: gemm-translate %s --to-ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=COPY
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=LDMATRIX
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=MMA
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

// 3 x 4 16-byte copies: 2 prologue tiles and 1 per iteration.
// COPY-COUNT-12: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPY-NOT:      cp.async.cg

// Per 16-wide K step a warp loads 2 A fragments and 2 transposed B
// fragments; BK = 32 is 2 K steps.
// LDMATRIX-COUNT-8: ldmatrix.sync.aligned.m8n8.x4{{(.trans)?}}.shared.b16
// LDMATRIX-NOT:     ldmatrix

// MMA-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// MMA-NOT:      mma.sync

// STORE-COUNT-16: st.global.v2.b16
// STORE-NOT:      st.global
func.func @gemm_bf16(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>) {
  tile.gemm %a, %b into %c {schedule = #sched}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
