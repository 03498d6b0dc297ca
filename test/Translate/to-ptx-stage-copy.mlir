// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bundle
// RUN: gemm-translate %examples/gemm_bf16_wgmma_batched_sm90.mlir --to-bundle -o %t/bundle/kernel.json
// RUN: FileCheck %s --input-file %t/bundle/kernel.json --check-prefix=BUNDLE
// RUN: FileCheck %s --input-file %t/bundle/gemm_bf16_wgmma_batched_kernel.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a -v %t/bundle/gemm_bf16_wgmma_batched_kernel.ptx -o %t/kernel.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS

// The staging copy kernel of a batched bf16 GEMM (passes/copy/StagingCopyKernels.h):
// one kernel serves A and B, copies every batch entry (3-D memrefs, one grid
// layer per entry) and runs rows along grid x, 16 per block.
// BUNDLE:      "staged_copies": {
// BUNDLE-NEXT:   "a": {
// BUNDLE:          "grid": {
// BUNDLE-NEXT:       "x": {
// BUNDLE-NEXT:         "extent": "m",
// BUNDLE-NEXT:         "tile": 16
// BUNDLE-NEXT:       },
// BUNDLE-NEXT:       "y": {
// BUNDLE-NEXT:         "extent": "n",
// BUNDLE-NEXT:         "tile": 256
// BUNDLE-NEXT:       },
// BUNDLE-NEXT:       "z": {
// BUNDLE-NEXT:         "extent": "batch",
// BUNDLE-NEXT:         "tile": 1
// BUNDLE-NEXT:       }
// BUNDLE-NEXT:     },
// BUNDLE-NEXT:     "kind": "copy",
// BUNDLE:          "name": "gemm_bf16_wgmma_batched_kernel_stage_copy",
// BUNDLE:          "operand": "src",
// BUNDLE-NEXT:         "rank": 3
// BUNDLE:          "operand": "dst",
// BUNDLE-NEXT:         "rank": 3
// BUNDLE:        "b": {
// BUNDLE:          "name": "gemm_bf16_wgmma_batched_kernel_stage_copy",

// Its PTX, after the GEMM kernel's: the entry of blockIdx.z, then the
// vector path's two 16-byte loads (stores: 2-byte into an unaligned dst, laid
// out first, or 16-byte), and the element path's 2-byte loads and stores,
// 16 each without predicates inside the matrix and 16 predicated at its
// edges.
// PTX:         .entry gemm_bf16_wgmma_batched_kernel(
// PTX:         .entry gemm_bf16_wgmma_batched_kernel_stage_copy(
// PTX:         mov.u32 {{.*}}, %ctaid.z;
// PTX-COUNT-2: ld.global.v4.b32
// PTX-COUNT-16: st.global.b16
// PTX-COUNT-16: ld.global.b16
// PTX-COUNT-16: st.global.b16
// PTX-COUNT-16: ld.global.b16
// PTX-COUNT-16: st.global.b16
// PTX-COUNT-2: st.global.v4.b32
// PTX-NOT:     {{ld|st}}.global

// PTXAS:       Compiling entry function 'gemm_bf16_wgmma_batched_kernel_stage_copy' for 'sm_90a'
// PTXAS-NEXT:  Function properties for gemm_bf16_wgmma_batched_kernel_stage_copy
// PTXAS-NEXT:  0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
