// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/tensor %t/rowcol %t/blocks
//
// Batched FP8 (e4m3) kernels: A and B loaded through 3-D tensor maps (the
// batch entry as third coordinate), e4m3 wgmmas, ptxas for sm_90a with no
// wgmma serialized and zero spills; the bundle's scale parameters carry a
// batch dimension exactly where the scales are per entry.
//
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_128x256_s3_fast_batched.mlir --to-ptx -o %t/tensor.ptx
// RUN: FileCheck %s --check-prefix=TENSOR --input-file %t/tensor.ptx
// RUN: %ptxas -arch=sm_90a -v %t/tensor.ptx -o %t/tensor.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_128x256_s3_fast_shared_batched.mlir --to-ptx -o %t/shared.ptx
// RUN: %ptxas -arch=sm_90a -v %t/shared.ptx -o %t/shared.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x128_s6_batched.mlir --to-ptx -o %t/rowcol.ptx
// RUN: %ptxas -arch=sm_90a -v %t/rowcol.ptx -o %t/rowcol.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_128x128_s5_batched.mlir --to-ptx -o %t/blocks.ptx
// RUN: FileCheck %s --check-prefix=BLOCKS --input-file %t/blocks.ptx
// RUN: %ptxas -arch=sm_90a -v %t/blocks.ptx -o %t/blocks.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_128x256_s3_fast_batched.mlir --to-bundle -o %t/tensor/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-TENSOR --input-file %t/tensor/kernel.json
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x128_s6_batched.mlir --to-bundle -o %t/rowcol/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-ROWCOL --input-file %t/rowcol/kernel.json
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_128x128_s5_batched.mlir --to-bundle -o %t/blocks/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE-BLOCKS --input-file %t/blocks/kernel.json

// TENSOR: cp.async.bulk.tensor.3d
// TENSOR-COUNT-4: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// TENSOR: wgmma.wait_group.sync.aligned {{[[:space:]]*}}1

// BLOCKS: cp.async.bulk.tensor.3d
// BLOCKS-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// BLOCKS: wgmma.wait_group.sync.aligned {{[[:space:]]*}}0
// BLOCKS-COUNT-64: fma.rn.f32

// PTXAS-NOT: Potential Performance Loss
// PTXAS: Compiling entry function '{{.*}}_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// One scalar of A per entry, one of B for all.
// BUNDLE-TENSOR: "batch": {
// BUNDLE-TENSOR-NEXT: "strided": true
// BUNDLE-TENSOR: "operand": "scale_a",
// BUNDLE-TENSOR-NEXT: "rank": 1
// BUNDLE-TENSOR: "operand": "scale_b",
// BUNDLE-TENSOR-NEXT: "rank": 0

// BUNDLE-ROWCOL: "operand": "scale_a",
// BUNDLE-ROWCOL-NEXT: "rank": 2
// BUNDLE-ROWCOL: "operand": "scale_b",
// BUNDLE-ROWCOL-NEXT: "rank": 2

// BUNDLE-BLOCKS: "operand": "scale_a",
// BUNDLE-BLOCKS-NEXT: "rank": 3
// BUNDLE-BLOCKS: "operand": "scale_b",
// BUNDLE-BLOCKS-NEXT: "rank": 2
