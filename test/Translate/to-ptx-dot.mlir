// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/gemm_bf16_dot_decode_sm90.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SHUFFLE
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=NOSHARED
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_bf16_dot_decode_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// examples/gemm_bf16_dot_decode_sm90.mlir: block [1, 4, 1024], warp [1, 1],
// mma [1, 1, 8]. 4 warps of 1 column; BK = 1024 is 4 warp-wide steps of 8
// bf16 per lane. The main loop issues its 4 × (1 column of B + 1 row of A)
// 16-byte loads before the first FMA, then 4 × 8 FMAs; the middle loop
// (one step) 2 loads and 8 FMAs; the tail one element per lane.
// CHECK:       .entry gemm_bf16_dot_decode_kernel(
// CHECK:       .maxntid 128, 1, 1
// CHECK-COUNT-8: ld.global.v4.b32
// CHECK-NOT:   ld.global
// CHECK:       fma.rn.f32
// CHECK-COUNT-31: fma.rn.f32
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-COUNT-8: fma.rn.f32
// CHECK:       ld.global.b16
// CHECK:       fma.rn.f32

// The warp's sum meets the other lanes' in 5 xor shuffles; lane 0 stores
// it as bf16.
// SHUFFLE-COUNT-5: shfl.sync.bfly.b32
// SHUFFLE-NOT: shfl.sync
// SHUFFLE:     st.global.b16

// NOSHARED-NOT: .shared
// NOSHARED-NOT: bar.sync

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// One block per 4 columns of C and per row: 4096 outputs of a decode
// projection make 1024 blocks.
// BUNDLE:      "dynamic_shared_memory_bytes": 0,
// BUNDLE:      "grid": {
// BUNDLE-NEXT:   "x": {
// BUNDLE-NEXT:     "extent": "n",
// BUNDLE-NEXT:     "tile": 4
// BUNDLE-NEXT:   },
// BUNDLE-NEXT:   "y": {
// BUNDLE-NEXT:     "extent": "m",
// BUNDLE-NEXT:     "tile": 1
// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "row",
// BUNDLE-NEXT:   "b": "col",
// BUNDLE-NEXT:   "c": "row"
