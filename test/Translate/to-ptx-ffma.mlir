// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/gemm_f32_simt_sm90.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=FMA
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=LDS
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=GLOBAL
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=CPASYNC
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=STS
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=STORE
// The shared-memory loads use two base addresses per stage read (A^T and B)
// and immediate offsets: no address arithmetic per K step. Three reads:
// K step 0 in the prologue, this stage's K steps 1-7 and the next stage's
// K step 0 in the loop.
// RUN: grep -o "ld.shared.v4.b32.*\[%%rd[0-9]*" %t/kernel.ptx | sed "s/.*\[//" \
// RUN:   | sort -u | wc -l | FileCheck %s --check-prefix=BASES
// ptxas: no spills, and at most 128 registers, so two 256-thread blocks fit
// in an SM's 64K registers.
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_f32_simt_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// examples/gemm_f32_simt_sm90.mlir (block [128, 128, 8], 8x8 thread
// tiles) in PTX. (LLVM 22's NVPTX backend spells untyped loads and stores
// .b32; the FMAs carry the type.)

// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_f32_kernel(
// CHECK:       .maxntid 256, 1, 1
// CHECK-NOT:   .local

// The main loop: 8 K steps x 64 outer-product FMAs, round to nearest.
// FMA-COUNT-512: fma.rn.f32
// FMA-NOT:       fma
// FMA-NOT:       mul.rn.f32

// 8 K steps x (2 A + 2 B) 128-bit shared loads, the first K step's also in
// the prologue.
// LDS-COUNT-36: ld.shared.v4.b32
// LDS-NOT:      ld.shared

// Global loads of A are 128-bit (prologue, loop), B arrives by 16-byte
// cp.async, and A is stored transposed into shared memory element-wise.
// GLOBAL-COUNT-2: ld.global.v4.b32
// GLOBAL-NOT:     ld.global.{{[^v]}}
// GLOBAL-NOT:     ld.global.b32
// CPASYNC-COUNT-2: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CPASYNC-NOT:     cp.async.{{.*}}shared.global
// STS-COUNT-8:     st.shared.b32
// STS-NOT:         st.shared

// One barrier for the prologue, one per K tile.
// BARRIER-COUNT-2: bar.sync 0;
// BARRIER-NOT:     bar.sync

// The epilogue: 8 rows x 2 sub-tiles of the thread tile, 128 bits each.
// STORE-COUNT-16: st.global.v4.b32
// STORE-NOT:      st.global

// BASES: 6

// PTXAS: Compiling entry function 'gemm_f32_kernel' for 'sm_90a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers

// The launch metadata: 256 threads, 16640 bytes of dynamic shared memory,
// f32 everywhere, and "math": "ffma" so gemm-run checks it like SGEMM.
// BUNDLE:      "block": [
// BUNDLE-NEXT:   256,
// BUNDLE:      "dynamic_shared_memory_bytes": 16640,
// BUNDLE:      "math": "ffma",
// BUNDLE:      "ptxas_info": "{{.*}}0 bytes spill stores, 0 bytes spill loads{{.*}}",
// BUNDLE:      "types": {
// BUNDLE-NEXT:   "a": "f32",
// BUNDLE-NEXT:   "accumulator": "f32",
// BUNDLE-NEXT:   "b": "f32",
// BUNDLE-NEXT:   "c": "f32"
