// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t/bias %t/e4m3 %t/tensor
//
// The grouped FP8 bench kernels with what follows their scales: a per-group
// column bias and SiLU into bf16 (contiguous layout), and an e4m3 C with
// scale_d and the amax of D (masked layout), with block scales and with one
// scalar of A and of B per group. ptxas for sm_90a accepts all three with no
// spills and no wgmma serialization (C7520); the bundles list the per-group
// bias as rank 2, per-group tensor scales as rank 1, and scale_d and amax
// before the group counts.
//
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu.mlir --to-ptx -o %t/bias.ptx
// RUN: FileCheck %s --check-prefix=BIAS --input-file %t/bias.ptx
// RUN: %ptxas -arch=sm_90a -v %t/bias.ptx -o %t/bias.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu.mlir --to-bundle -o %t/bias/kernel.json
// RUN: FileCheck %s --check-prefix=BIAS-BUNDLE --input-file %t/bias/kernel.json
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_e4m3_out_128x128_s5_grouped_masked.mlir --to-ptx -o %t/e4m3.ptx
// RUN: FileCheck %s --check-prefix=E4M3 --input-file %t/e4m3.ptx
// RUN: %ptxas -arch=sm_90a -v %t/e4m3.ptx -o %t/e4m3.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_blocks_e4m3_out_128x128_s5_grouped_masked.mlir --to-bundle -o %t/e4m3/kernel.json
// RUN: FileCheck %s --check-prefix=E4M3-BUNDLE --input-file %t/e4m3/kernel.json
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_e4m3_out_128x128_s5_grouped_masked.mlir --to-ptx -o %t/tensor.ptx
// RUN: FileCheck %s --check-prefix=TENSOR --input-file %t/tensor.ptx
// RUN: %ptxas -arch=sm_90a -v %t/tensor.ptx -o %t/tensor.cubin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTXAS --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_tensor_e4m3_out_128x128_s5_grouped_masked.mlir --to-bundle -o %t/tensor/kernel.json
// RUN: FileCheck %s --check-prefix=TENSOR-BUNDLE --input-file %t/tensor/kernel.json

// Promoted FP8 wgmmas, the group's bias row read through the non-coherent
// path, one tanh.approx per SiLU element, TMA stores of whole tiles and the
// threads' 16-byte stores of a group's clipped last tile.
// BIAS-LABEL: .entry wgmma_fp8_blocks_128x128_s5_grouped_contiguous_bias_silu_kernel(
// BIAS-DAG:   wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
// BIAS-DAG:   vote.sync.ballot.b32
// BIAS-DAG:   ld.global.nc.b32
// BIAS-DAG:   tanh.approx.f32
// BIAS-DAG:   cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// BIAS-DAG:   st.global.v4.b32

// 64 × 128 elements per warpgroup: 32 converted pairs, one warp maximum
// and one atomic per tile; whole tiles by a 3-D (group-entry) TMA store.
// E4M3-LABEL: .entry wgmma_fp8_blocks_e4m3_out_128x128_s5_grouped_masked_kernel(
// E4M3-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// E4M3:       redux.sync.max.u32
// E4M3:       atom.global.max.u32
// E4M3:       cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group
// E4M3-NOT:   cvt.rn.satfinite.e4m3x2.f32

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// BIAS-BUNDLE:      "epilogue": {
// BIAS-BUNDLE-NEXT:   "activation": "silu",
// BIAS-BUNDLE-NEXT:   "alpha_beta": false,
// BIAS-BUNDLE-NEXT:   "bias": "column",
// BIAS-BUNDLE:      "grouped": "contiguous",
// BIAS-BUNDLE:      "operand": "bias",
// BIAS-BUNDLE-NEXT: "rank": 2
// BIAS-BUNDLE:      "operand": "scale_a",
// BIAS-BUNDLE:      "operand": "scale_b",
// BIAS-BUNDLE:      "operand": "group_offsets",
// BIAS-BUNDLE:      "scaling": {

// E4M3-BUNDLE:      "grouped": "masked",
// E4M3-BUNDLE:      "operand": "scale_d",
// E4M3-BUNDLE-NEXT: "rank": 0
// E4M3-BUNDLE:      "operand": "amax",
// E4M3-BUNDLE-NEXT: "rank": 0
// E4M3-BUNDLE:      "operand": "group_rows",
// E4M3-BUNDLE:      "c": "f8E4M3FN"

// Per-tensor scales per group: the same quantized store as the
// block-scaled kernel's.
// TENSOR-LABEL: .entry wgmma_fp8_tensor_e4m3_out_128x128_s5_grouped_masked_kernel(
// TENSOR-COUNT-32: cvt.rn.satfinite.e4m3x2.f32
// TENSOR:       redux.sync.max.u32
// TENSOR:       atom.global.max.u32
// TENSOR:       cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group

// TENSOR-BUNDLE:      "grouped": "masked",
// TENSOR-BUNDLE:      "operand": "scale_a",
// TENSOR-BUNDLE-NEXT: "rank": 1
// TENSOR-BUNDLE:      "operand": "scale_b",
// TENSOR-BUNDLE-NEXT: "rank": 1
// TENSOR-BUNDLE:      "operand": "scale_d",
// TENSOR-BUNDLE-NEXT: "rank": 0
// TENSOR-BUNDLE:      "operand": "amax",
// TENSOR-BUNDLE:      "operand": "group_rows",
// TENSOR-BUNDLE:      "scaling": {
// TENSOR-BUNDLE:      "a": "tensor",
