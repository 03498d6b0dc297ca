// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/tensor %t/blocks %t/rowcol
//
// FP8 (e4m3) on the wgmma path: m64nNk32 instructions with e4m3 operands,
// four per 128-deep stage; with promotion (no fast accumulation) each stage
// is retired at once (wait_group 0) and added into the f32 sums, by FFMA
// with the block scales; ptxas for sm_90a with zero spills; the bundle's
// types and scale parameters (ranks 0, 1, 2 by scaling mode).
//
// RUN: gemm-translate %examples/gemm_fp8_wgmma_sm90.mlir --to-ptx -o %t/tensor.ptx
// RUN: FileCheck %s --check-prefix=TENSOR --input-file %t/tensor.ptx
// RUN: %ptxas -arch=sm_90a -v %t/tensor.ptx -o %t/tensor.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_fp8_block_scaled_sm90.mlir --to-ptx -o %t/blocks.ptx
// RUN: FileCheck %s --check-prefix=BLOCKS --input-file %t/blocks.ptx
// RUN: %ptxas -arch=sm_90a -v %t/blocks.ptx -o %t/blocks.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_128x256_s3_fast.mlir --to-ptx -o %t/fast.ptx
// RUN: FileCheck %s --check-prefix=FAST --input-file %t/fast.ptx
// RUN: %ptxas -arch=sm_90a -v %t/fast.ptx -o %t/fast.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x128_s6.mlir --to-ptx -o %t/rowcol.ptx
// RUN: %ptxas -arch=sm_90a -v %t/rowcol.ptx -o %t/rowcol.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Mixed 8-bit types (e4m3 A, e5m2 B into f16; e5m2 A, e4m3 B into f32):
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_e4m3_e5m2_f16_128x256_n128_s4_r2.mlir --to-ptx -o %t/mixed.ptx
// RUN: FileCheck %s --check-prefix=MIXED --input-file %t/mixed.ptx
// RUN: %ptxas -arch=sm_90a -v %t/mixed.ptx -o %t/mixed.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_e5m2_e4m3_f32_128x128_s6.mlir --to-ptx -o %t/mixed2.ptx
// RUN: FileCheck %s --check-prefix=MIXED2 --input-file %t/mixed2.ptx
// RUN: %ptxas -arch=sm_90a -v %t/mixed2.ptx -o %t/mixed2.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %examples/gemm_fp8_wgmma_sm90.mlir --to-bundle -o %t/tensor/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-TENSOR --input-file %t/tensor/kernel.json
// RUN: gemm-translate %examples/gemm_fp8_block_scaled_sm90.mlir --to-bundle -o %t/blocks/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-BLOCKS --input-file %t/blocks/kernel.json
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x128_s6.mlir --to-bundle -o %t/rowcol/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-ROWCOL --input-file %t/rowcol/kernel.json

// Promoting per-tensor kernel, a 64x256 warpgroup tile multiplied in two
// 128-column pieces (mma N = 128): per piece 4 instructions, the first of
// each overwriting (scale-d 0) the piece's accumulator, retired at once and
// added (no block scales: add.f32) into the sums.
// TENSOR-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// TENSOR: wgmma.wait_group.sync.aligned {{[[:space:]]*}}0
// TENSOR-COUNT-64: add.rn.f32
// TENSOR-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// TENSOR: wgmma.wait_group.sync.aligned {{[[:space:]]*}}0
// TENSOR-COUNT-64: add.rn.f32
// TENSOR-NOT: wgmma.mma_async

// Block scales: one FFMA per accumulator element.
// BLOCKS-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// BLOCKS: wgmma.wait_group.sync.aligned {{[[:space:]]*}}0
// BLOCKS-COUNT-64: fma.rn.f32

// Fast accumulation: one accumulator, the previous stage retired while this
// one runs (wait_group 1), as for bf16.
// FAST-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// FAST: wgmma.wait_group.sync.aligned {{[[:space:]]*}}1

// MIXED: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e5m2
// MIXED2: wgmma.mma_async.sync.aligned.m64n128k32.f32.e5m2.e4m3

// No wgmma serialized (ptxas warns where other instructions read a wgmma's
// accumulator while it may be in flight).
// PTXAS-NOT: Potential Performance Loss
// PTXAS: Compiling entry function '{{.*}}_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// BUNDLE-TENSOR: "operand": "scale_a",
// BUNDLE-TENSOR-NEXT: "rank": 0
// BUNDLE-TENSOR: "operand": "scale_b",
// BUNDLE-TENSOR-NEXT: "rank": 0
// BUNDLE-TENSOR: "scaling": {
// BUNDLE-TENSOR-NEXT: "a": "tensor",
// BUNDLE-TENSOR-NEXT: "b": "tensor",
// BUNDLE-TENSOR-NEXT: "fast_accumulation": false
// BUNDLE-TENSOR: "a": "f8E4M3FN",
// BUNDLE-TENSOR-NEXT: "accumulator": "f32",
// BUNDLE-TENSOR-NEXT: "b": "f8E4M3FN",
// BUNDLE-TENSOR-NEXT: "c": "bf16"

// BUNDLE-BLOCKS: "operand": "scale_a",
// BUNDLE-BLOCKS-NEXT: "rank": 2
// BUNDLE-BLOCKS: "operand": "scale_b",
// BUNDLE-BLOCKS-NEXT: "rank": 2
// BUNDLE-BLOCKS: "scaling": {
// BUNDLE-BLOCKS-NEXT: "a": "block_1x128",
// BUNDLE-BLOCKS-NEXT: "b": "block_128x128",
// BUNDLE-BLOCKS-NEXT: "fast_accumulation": false

// BUNDLE-ROWCOL: "operand": "scale_a",
// BUNDLE-ROWCOL-NEXT: "rank": 1
// BUNDLE-ROWCOL: "operand": "scale_b",
// BUNDLE-ROWCOL-NEXT: "rank": 1
