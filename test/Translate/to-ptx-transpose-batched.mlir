// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/transpose_f32_batched_sm90.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/transpose_f32_batched_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// examples/transpose_f32_batched_sm90.mlir: the 2-D kernel's instruction
// mix, with the entry from %ctaid.z and 3-D memref parameters (9 words
// each: two pointers, offset, three sizes, three strides).
// CHECK-LABEL: .visible .entry transpose_f32_batched_kernel(
// CHECK-COUNT-18: .param .u64 {{(\.ptr \.align 1 )?}}transpose_f32_batched_kernel_param_{{[0-9]+}}
// CHECK-NOT:   .param
// CHECK:       .maxntid 256, 1, 1
// CHECK:       %ctaid.z
// CHECK-COUNT-4: ld.global.v4.b32
// CHECK-COUNT-4: st.global.v4.b32

// PTXAS: Used {{[0-9]+}} registers
// PTXAS-NOT: spill stores [1-9]

// The bundle entry: rank-3 src and dst, one grid layer per entry.
// BUNDLE:      "grid": {
// BUNDLE:        "z": {
// BUNDLE-NEXT:     "extent": "batch",
// BUNDLE-NEXT:     "tile": 1
// BUNDLE:      "kind": "transpose"
// BUNDLE:      "name": "transpose_f32_batched_kernel",
// BUNDLE:      "operand": "src",
// BUNDLE-NEXT: "rank": 3
// BUNDLE:      "operand": "dst",
// BUNDLE-NEXT: "rank": 3
