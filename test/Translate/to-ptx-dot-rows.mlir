// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/gemm_bf16_dot_rows_decode_sm90.mlir --to-ptx -o %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=MEET
// RUN: FileCheck %s --input-file %t/kernel.ptx --check-prefix=SCALAR
// RUN: %ptxas -arch=sm_90a -v %t/kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_bf16_dot_rows_decode_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE

// examples/gemm_bf16_dot_rows_decode_sm90.mlir: block [1, 256, 128], warp
// [1, 256], mma [1, 8, 8], split_k = 8. One warp along N and 128 / 8 = 16
// along K: 512 threads. The element-by-element loop (rows of B that do not
// take 16-byte loads) comes first in the PTX. Then the main loop: 8
// 16-byte loads of B (8 rows of K) and the 8 elements of A's one row
// before the first FMA, and 8 × 8 FMAs; its tail takes one row.
// CHECK:       .entry gemm_bf16_dot_rows_decode_kernel(
// CHECK:       .maxntid 512, 1, 1
// CHECK:       fma.rn.f32
// CHECK-COUNT-8: ld.global.v4.b32
// CHECK-NOT:   fma.rn.f32
// CHECK-COUNT-8: ld.global.b16
// CHECK-COUNT-64: fma.rn.f32
// CHECK:       ld.global.v4.b32
// CHECK-NOT:   ld.global.v4.b32
// CHECK-COUNT-8: fma.rn.f32
// CHECK-NOT:   fma.rn.f32

// The warps along K store their 256 × 8 partial sums (two 16-byte stores a
// lane), and after a barrier each thread adds up its element's 16; then
// the 8 split blocks of a tile meet in the workspace (counter, fence) and
// the last one stores y.
// MEET:        st.shared.v4.b32
// MEET-NEXT:   st.shared.v4.b32
// MEET:        bar.sync
// MEET-COUNT-16: ld.shared.b32
// MEET:        membar.gl
// MEET:        atom.global.add.u32
// MEET:        ld.global.b32
// MEET:        st.global.b16
// MEET:        atom.global.exch.b32

// 512 threads own the 256 elements of the tile: the other 256 hold
// positions past C, so the slices move element by element, each tested
// (a 16-byte run at one of those positions was a misaligned store).
// SCALAR-NOT: st.global.v{{[248]}}
// SCALAR-NOT: ld.global.v{{[248]}}.f32

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// 16 × 256 partial sums of 4 bytes and the 16-byte flag of split_k; grid z
// is the split.
// BUNDLE:      "block": [
// BUNDLE-NEXT:   512,
// BUNDLE:      "dynamic_shared_memory_bytes": 16400,
// BUNDLE:      "grid": {
// BUNDLE-NEXT:   "x": {
// BUNDLE-NEXT:     "extent": "n",
// BUNDLE-NEXT:     "tile": 256
// BUNDLE:        "z": 8
// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "row",
// BUNDLE-NEXT:   "b": "row",
// BUNDLE-NEXT:   "c": "row"
// BUNDLE:        "name": "split_k_partials"
// BUNDLE:        "name": "split_k_tile_counters"
