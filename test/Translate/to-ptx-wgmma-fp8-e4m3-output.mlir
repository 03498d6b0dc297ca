// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/tensor
//
// FP8 output: an e4m3 C is converted two elements at a time by
// cvt.rn.satfinite.e4m3x2.f32 after its scale_d multiply, written into the
// staging tile as 2-byte pairs and stored by TMA; the amax of D is each
// thread's maximum of |D| reduced over the warp by redux.sync.max.u32 and
// maxed into amax by one atomic per warp and round. ptxas for sm_90a
// accepts the kernels with no spills (the fast per-tensor and the
// 128x128 block-scaled kernels); the bundle lists scale_d and amax.
//
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir --to-ptx -o %t/tensor.ptx
// RUN: FileCheck %s --check-prefix=TENSOR --input-file %t/tensor.ptx
// RUN: %ptxas -arch=sm_90a -v %t/tensor.ptx -o %t/tensor.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_e4m3_out_128x128_s5.mlir --to-ptx -o %t/blocks.ptx
// RUN: FileCheck %s --check-prefix=BLOCKS --input-file %t/blocks.ptx
// RUN: %ptxas -arch=sm_90a -v %t/blocks.ptx -o %t/blocks.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// Clusters of [2, 1] with B multicast:
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s3_fast_cluster2x1.mlir --to-ptx -o %t/cluster.ptx
// RUN: FileCheck %s --check-prefix=CLUSTER --input-file %t/cluster.ptx
// RUN: %ptxas -arch=sm_90a -v %t/cluster.ptx -o %t/cluster.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// The 128x256 block-scaled kernel spills as its bf16 twin does; ptxas
// accepts it.
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_e4m3_out_128x256_n128_s4_r2.mlir --to-ptx -o %t/blocks256.ptx
// RUN: %ptxas -arch=sm_90a %t/blocks256.ptx -o %t/blocks256.cubin
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir --to-bundle -o %t/tensor/kernel.json
// RUN: FileCheck %s --check-prefix=BUNDLE --input-file %t/tensor/kernel.json

// 64 × 256 elements per warpgroup, 128 per thread: 64 pairs over two
// rounds, each round ending in its warp maximum and atomic.
// TENSOR-LABEL: .entry wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast_kernel(
// TENSOR-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// TENSOR: redux.sync.max.u32
// TENSOR: atom.global.max.u32
// TENSOR: cp.async.bulk.tensor.2d.global.shared::cta
// TENSOR-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// TENSOR: redux.sync.max.u32
// TENSOR: atom.global.max.u32
// TENSOR: cp.async.bulk.tensor.2d.global.shared::cta
// TENSOR-NOT: cvt.rn.satfinite.e4m3x2.f32

// BLOCKS-LABEL: .entry wgmma_fp8_blocks_e4m3_out_128x128_s5_kernel(
// BLOCKS-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// BLOCKS-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// BLOCKS: redux.sync.max.u32
// BLOCKS: atom.global.max.u32

// CLUSTER: .reqnctapercluster 2, 1, 1
// CLUSTER-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// CLUSTER: redux.sync.max.u32

// PTXAS-NOT: Potential Performance Loss
// PTXAS: Compiling entry function '{{.*}}_kernel' for 'sm_90a'
// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// BUNDLE: "operand": "scale_b",
// BUNDLE-NEXT: "rank": 0
// BUNDLE: "operand": "scale_d",
// BUNDLE-NEXT: "rank": 0
// BUNDLE: "operand": "amax",
// BUNDLE-NEXT: "rank": 0
// BUNDLE: "types": {
// BUNDLE: "c": "f8E4M3FN"
