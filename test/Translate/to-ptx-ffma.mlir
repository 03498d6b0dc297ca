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
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SCALAR
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=WHOLE
// The shared-memory loads use two base addresses per stage read (A^T and B)
// and immediate offsets: no address arithmetic per K step. Three reads per
// main loop: K step 0 in the prologue, this stage's K steps 1-7 and the
// next stage's K step 0 in the loop; two main loops (interior and guarded).
// RUN: sed -n "/entry gemm_f32_kernel(/,/entry gemm_f32_kernel_whole_tiles(/p" %t/kernel.ptx \
// RUN:   | grep -o "ld.shared.v4.b32.*\[%%rd[0-9]*" | sed "s/.*\[//" \
// RUN:   | sort -u | wc -l | FileCheck %s --check-prefix=BASES
// ptxas: at most 128 registers, so two 256-thread blocks fit in an SM's 64K
// registers (.minnctapersm 2), spilling a word or so at most.
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXASWHOLE
// RUN: gemm-translate %examples/gemm_f32_simt_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// examples/gemm_f32_simt_sm90.mlir (block [128, 128, 8], 8x8 thread
// tiles) in PTX. (LLVM 22's NVPTX backend spells untyped loads and stores
// .b32; the FMAs carry the type.) The kernel has two main loops: the
// interior one (blocks whose tiles lie inside A, B and C, K a multiple of 8,
// rows 16-byte aligned) and the guarded one (any shape and pitch).
// Its whole-tile variant (passes/common/WholeTileDispatch.h) follows in the same
// PTX: each prefix counts up to it, WHOLE and PTXASWHOLE check the variant.
// CHECK:       .target sm_90a
// CHECK-LABEL: .visible .entry gemm_f32_kernel(
// CHECK:       .maxntid 256, 1, 1
// CHECK-NEXT:  .minnctapersm 2
// CHECK-NOT:   .local
// Each main loop: 8 K steps x 64 outer-product FMAs, round to nearest.
// FMA-LABEL: .entry gemm_f32_kernel(
// FMA-COUNT-1024: fma.rn.f32
// FMA-NOT:       fma
// FMA-NOT:       mul.rn.f32
// FMA-LABEL: .entry gemm_f32_kernel_whole_tiles(
// 8 K steps x (2 A + 2 B) 128-bit shared loads, the first K step's also in
// the prologue, in each loop.
// LDS-LABEL: .entry gemm_f32_kernel(
// LDS-COUNT-72: ld.shared.v4.b32
// The epilogue where C's rows take no 128-bit stores reads the staged tile
// one element a thread, four per loop step (32-bit loads; the loop's two
// steps unrolled).
// LDS-COUNT-8:  ld.shared.b32
// LDS-NOT:      ld.shared
// LDS-LABEL: .entry gemm_f32_kernel_whole_tiles(
// Interior: global loads of A are 128-bit (prologue, loop), B arrives by
// 16-byte cp.async, and A is stored transposed into shared memory
// element-wise. Guarded: 4 elements of A and 4 of B per thread and K tile
// by 4-byte cp.async, each with a source size of 1 or 0 (zero-filled).
// GLOBAL-LABEL: .entry gemm_f32_kernel(
// GLOBAL-COUNT-2: ld.global.v4.b32
// GLOBAL-NOT:     ld.global
// GLOBAL-LABEL: .entry gemm_f32_kernel_whole_tiles(
// CPASYNC-LABEL: .entry gemm_f32_kernel(
// CPASYNC-COUNT-2: cp.async.cg.shared.global [{{.+}}], [{{.+}}], 16;
// CPASYNC-COUNT-16: cp.async.ca.shared.global [{{.+}}], [{{.+}}], 4, %r{{[0-9]+}};
// CPASYNC-NOT:     cp.async.{{.*}}shared.global
// CPASYNC-LABEL: .entry gemm_f32_kernel_whole_tiles(
// STS-LABEL: .entry gemm_f32_kernel(
// STS-COUNT-8:     st.shared.b32
// The epilogue: each of the thread's 8 rows x 2 sub-tiles of 4 floats into
// the staged round.
// STS-COUNT-16:    st.shared.v4.b32
// STS-NOT:         st.shared
// STS-LABEL: .entry gemm_f32_kernel_whole_tiles(
// One barrier for each prologue, one per K tile of each loop, and three in
// the epilogue through shared memory (before it, and two per round).
// BARRIER-LABEL: .entry gemm_f32_kernel(
// BARRIER-COUNT-7: bar.sync 0;
// BARRIER-NOT:     bar.sync
// BARRIER-LABEL: .entry gemm_f32_kernel_whole_tiles(
// The epilogue goes through shared memory at any pitch: no 128-bit
// stores into C, and the staged rounds' element copy (4 per loop step, the
// loop's two steps unrolled: 8), each storing only inside C. The
// whole-tile variant stores from registers (WHOLE below).
// STORE-LABEL: .entry gemm_f32_kernel(
// STORE-NOT:      st.global.v4
// STORE-LABEL: .entry gemm_f32_kernel_whole_tiles(
// SCALAR-LABEL: .entry gemm_f32_kernel(
// SCALAR-COUNT-8: st.global.b32
// SCALAR-NOT:      st.global.b32
// SCALAR-LABEL: .entry gemm_f32_kernel_whole_tiles(
// BASES: 12

// The whole-tile variant: the interior loop alone (prologue, 8 K steps of
// 64 FMAs), no 4-byte copies, and no spill (its guarded twin's registers
// are gone).
// WHOLE-LABEL:     .entry gemm_f32_kernel_whole_tiles(
// WHOLE:           .minnctapersm 2
// WHOLE-NOT:       .local
// WHOLE-NOT:       cp.async.ca.shared.global
// WHOLE-COUNT-512: fma.rn.f32
// WHOLE-NOT:       fma
// WHOLE-NOT:       cp.async.ca.shared.global
// Its epilogue from registers: 8 rows x 2 sub-tiles, 128 bits each where C's
// rows are aligned, else 4 stores of a float.
// WHOLE-COUNT-16:  st.global.v4.b32
// WHOLE-NOT:       st.shared
// WHOLE:           ret;
// PTXASWHOLE: Compiling entry function 'gemm_f32_kernel_whole_tiles' for 'sm_90a'
// PTXASWHOLE: 0 bytes spill stores
// PTXASWHOLE: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers
// PTXAS: Compiling entry function 'gemm_f32_kernel' for 'sm_90a'
// PTXAS: {{([0-9]|[1-2][0-9])}} bytes spill stores
// PTXAS: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers

// The launch metadata: 256 threads, 16640 bytes of dynamic shared memory,
// f32 everywhere, and "math": "ffma" so gemm-run checks it like SGEMM.
// BUNDLE:      "block": [
// BUNDLE-NEXT:   256,
// BUNDLE:      "dynamic_shared_memory_bytes": 16640,
// BUNDLE:      "math": "ffma",
// BUNDLE:      "ptxas_info": "{{.*}}bytes spill stores{{.*}}",
// BUNDLE:      "types": {
// BUNDLE-NEXT:   "a": "f32",
// BUNDLE-NEXT:   "accumulator": "f32",
// BUNDLE-NEXT:   "b": "f32",
// BUNDLE-NEXT:   "c": "f32"
