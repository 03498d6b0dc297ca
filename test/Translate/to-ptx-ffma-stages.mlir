// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s3.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=FMA
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=LDS
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=COPIES
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=NOREG
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=WHOLE
// ptxas is not asked for two blocks per SM (.minnctapersm): over 16 K
// steps the guarded loop wants about 177 registers and spilled 76 bytes
// when held to 128. Unasked, neither loop spills, and the interior one
// (125 registers) still fits two 256-thread blocks in an SM.
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s3.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// bench/schedules/f32_simt_128x128x16_t8x8_s3.mlir in PTX: block [128, 128,
// 16], 8x8 thread tiles, 3 stages, A copied by 4-byte cp.async into A^T;
// two main loops, interior and guarded.

// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_f32_kernel(
// CHECK:       .maxntid 256, 1, 1
// CHECK-NOT:   .minnctapersm
// CHECK-NOT:   .local

// 16 K steps x 64 outer-product FMAs in each loop.
// FMA-LABEL: .entry gemm_f32_kernel(
// FMA-COUNT-2048: fma.rn.f32
// FMA-NOT:        fma
// FMA-LABEL: .entry gemm_f32_kernel_whole_tiles(

// 16 K steps x (2 A + 2 B) 128-bit shared loads, and K step 0 again in the
// prologue, in each loop.
// LDS-LABEL: .entry gemm_f32_kernel(
// LDS-COUNT-136: ld.shared.v4.b32
// The epilogue (through shared memory at any pitch) reads the staged tile
// one element a thread, four per loop step (32-bit loads).
// LDS-COUNT-4:  ld.shared.b32
// LDS-NOT:      ld.shared
// LDS-LABEL: .entry gemm_f32_kernel_whole_tiles(

// Interior, per thread and K tile: 8 elements of A (4-byte cp.async,
// through L1: .ca) and 2 16-byte chunks of B (.cg); K tiles 0 and 1 in the
// prologue, one per iteration. Nothing of A passes through registers.
// COPIES-LABEL: .entry gemm_f32_kernel(
// COPIES-COUNT-8:  cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// COPIES-COUNT-2:  cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPIES-NEXT:     cp.async.commit_group;
// COPIES-COUNT-8:  cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// COPIES-COUNT-2:  cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPIES-NEXT:     cp.async.commit_group;
// COPIES-NEXT:     cp.async.wait_group 1;
// COPIES-NEXT:     bar.sync 0;
// COPIES-COUNT-8:  cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4;
// COPIES-COUNT-2:  cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// COPIES-NEXT:     cp.async.commit_group;
// COPIES:          cp.async.wait_group 1;
// COPIES-NEXT:     bar.sync 0;
// Guarded: 8 elements of A and 8 of B (B's 2 chunks as 4 each), every copy
// 4 bytes with a source size of 1 or 0.
// COPIES-COUNT-16: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r{{[0-9]+}};
// COPIES-NEXT:     cp.async.commit_group;
// COPIES-COUNT-16: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r{{[0-9]+}};
// COPIES-NEXT:     cp.async.commit_group;
// COPIES-NEXT:     cp.async.wait_group 1;
// COPIES-NEXT:     bar.sync 0;
// COPIES-COUNT-16: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r{{[0-9]+}};
// COPIES-NEXT:     cp.async.commit_group;
// COPIES:          cp.async.wait_group 1;
// COPIES-NEXT:     bar.sync 0;
// COPIES:          cp.async.wait_group 0;
// COPIES-NOT:      cp.async
// COPIES-LABEL: .entry gemm_f32_kernel_whole_tiles(
// NOREG-LABEL: .entry gemm_f32_kernel(
// NOREG-NOT:       ld.global
// NOREG-NOT:       st.shared.b32
// NOREG-LABEL: .entry gemm_f32_kernel_whole_tiles(

// One barrier for each prologue, one per K tile of each loop, and three in
// the epilogue through shared memory (before it, and two per round).
// BARRIER-LABEL: .entry gemm_f32_kernel(
// BARRIER-COUNT-7: bar.sync 0;
// BARRIER-NOT:     bar.sync
// BARRIER-LABEL: .entry gemm_f32_kernel_whole_tiles(

// The whole-tile variant follows in the same PTX (each prefix above counts
// up to it): the interior loop alone, 16 K steps of 64 FMAs, and no copy
// with a source size (the guarded loop's).
// WHOLE-LABEL:      .entry gemm_f32_kernel_whole_tiles(
// WHOLE-NOT:        .local
// WHOLE-NOT:        cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r
// WHOLE-COUNT-1024: fma.rn.f32
// WHOLE-NOT:        fma
// WHOLE-NOT:        cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r
// WHOLE:            ret;

// PTXAS: Compiling entry function 'gemm_f32_kernel_whole_tiles' for 'sm_90a'
// PTXAS: 0 bytes spill stores
// PTXAS: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers
// PTXAS: Compiling entry function 'gemm_f32_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores

// 3 stages of A^T (16 x (128 + 4) floats) and B (16 x 128 floats).
// BUNDLE:      "block": [
// BUNDLE-NEXT:   256,
// BUNDLE:      "dynamic_shared_memory_bytes": 49920,
// BUNDLE:      "math": "ffma",
// BUNDLE:      "ptxas_info": "{{.*}}bytes spill stores{{.*}}",
