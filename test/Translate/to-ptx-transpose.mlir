// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/transpose_f32_sm90.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=GLOBAL
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SHARED
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=BARRIER
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/transpose_f32_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// The swizzled variant: the same instruction mix, the column XORed with the
// row, and no spills either.
// RUN: gemm-translate %S/../../bench/schedules/transpose_f32_64x64_swizzle.mlir --to-ptx -o %t/swizzle.ptx
// RUN: FileCheck %s --input-file %t/swizzle.ptx --check-prefix=SWIZZLE
// RUN: %ptxas -arch=sm_90a -v %t/swizzle.ptx -o %t/swizzle.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS

// examples/transpose_f32_sm90.mlir (tile [64, 64], threads [8, 32],
// #tile.pad<1>, vector 4) in PTX. LLVM 22's NVPTX backend spells untyped
// loads and stores .b32.

// CHECK:       .target sm_90a
// CHECK:       .extern .shared .align 1024 .b8 __dynamic_shmem__0[];
// CHECK-LABEL: .visible .entry transpose_f32_kernel(
// CHECK:       .maxntid 256, 1, 1
// CHECK-NOT:   .local

// Interior tiles of aligned matrices: each thread's 4 chunks of src come in
// with 16-byte loads and leave as 16-byte stores to dst. Edge tiles: 16
// predicated 4-byte loads and 16 predicated 4-byte stores.
// GLOBAL-COUNT-4: ld.global.v4.b32
// GLOBAL-NOT:     ld.global.v
// GLOBAL-COUNT-4: st.global.v4.b32
// GLOBAL-NOT:     st.global.v

// The staging tile is written and read one float at a time (a padded row of
// 65 floats is not 16-byte aligned): 16 stores and 16 loads per thread on
// each path. The fast path's 4 stores of a chunk are consecutive words of
// one row; its loads of a chunk are 4 rows apart, 65·4 = 260 bytes.
// SHARED:          st.shared.b32 [[[ROW:%rd[0-9]+]]], %r{{[0-9]+}};
// SHARED-NEXT:     st.shared.b32 [[[ROW]]+4], %r{{[0-9]+}};
// SHARED-NEXT:     st.shared.b32 [[[ROW]]+8], %r{{[0-9]+}};
// SHARED-NEXT:     st.shared.b32 [[[ROW]]+12], %r{{[0-9]+}};
// SHARED:          ld.shared.b32 %r{{[0-9]+}}, [[[COL:%rd[0-9]+]]];
// SHARED-NEXT:     ld.shared.b32 %r{{[0-9]+}}, [[[COL]]+260];
// SHARED-NEXT:     ld.shared.b32 %r{{[0-9]+}}, [[[COL]]+520];
// SHARED-NEXT:     ld.shared.b32 %r{{[0-9]+}}, [[[COL]]+780];
// SHARED-NOT:      ld.shared.v
// SHARED-NOT:      st.shared.v

// One barrier between the phases, shared by both paths.
// BARRIER-COUNT-1: bar.sync 0;
// BARRIER-NOT:     bar.sync

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used {{[0-9]+}} registers, used 1 barriers

// BUNDLE: "dynamic_shared_memory_bytes": 16640,
// BUNDLE: "kind": "transpose",
// BUNDLE: "operand": "src",
// BUNDLE: "operand": "dst",
// BUNDLE: "types": {
// BUNDLE-NEXT: "dst": "f32",
// BUNDLE-NEXT: "src": "f32"
// BUNDLE: "vector_elements": 4

// SWIZZLE-LABEL: .visible .entry transpose_f32_64x64_swizzle_kernel(
// SWIZZLE:       ld.global.v4.b32
// SWIZZLE:       xor.b{{32|64}}
// SWIZZLE:       st.shared.b32
// SWIZZLE:       bar.sync 0;
// SWIZZLE:       ld.shared.b32
// SWIZZLE:       st.global.v4.b32
