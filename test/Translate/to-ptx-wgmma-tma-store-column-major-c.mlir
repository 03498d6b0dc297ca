// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc.mlir --to-bundle -o %t/tf32/kernel.json
// RUN: FileCheck %s --input-file %t/tf32/kernel.json --check-prefix=TF32-BUNDLE
// RUN: FileCheck %s --input-file %t/tf32/tf32_all_col_kernel.ptx --check-prefix=TF32
// RUN: %ptxas -arch=sm_90a -v %t/tf32/tf32_all_col_kernel.ptx -o %t/tf32.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc.mlir --to-bundle -o %t/bf16/kernel.json
// RUN: FileCheck %s --input-file %t/bf16/kernel.json --check-prefix=BF16-BUNDLE
// RUN: FileCheck %s --input-file %t/bf16/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc_kernel.ptx --check-prefix=BF16
// RUN: %ptxas -arch=sm_90a -v %t/bf16/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc_kernel.ptx -o %t/bf16.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc.mlir --to-bundle -o %t/fused/kernel.json
// RUN: FileCheck %s --input-file %t/fused/epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc_kernel.ptx --check-prefix=FUSED

// TMA stores into a column-major C: the tensor map describes C as stored
// (its transpose, M innermost), so a warpgroup's staging part holds the
// round's columns of C as panel rows, 128 bytes of M each (32 f32 or 64
// bf16 rows of C), panels side by side along M. Each thread writes its
// fragments one element at a time (8 rows x 4 column pairs of a warp hit
// distinct banks under the 128-byte swizzle), the part is fenced, and one
// TMA store per panel writes it down C's columns.

// tf32, every operand column-major, 64x256 per warpgroup in 4 rounds of
// 64 columns: boxes of 32 rows of C by 64 columns, two panels a round.
// TF32-BUNDLE:      "layouts": {
// TF32-BUNDLE-NEXT:   "a": "col",
// TF32-BUNDLE-NEXT:   "b": "col",
// TF32-BUNDLE-NEXT:   "c": "col"
// The maps of A, B, then C.
// TF32-BUNDLE:      "box": [
// TF32-BUNDLE-NEXT:   32,
// TF32-BUNDLE-NEXT:   32
// TF32-BUNDLE:      "box": [
// TF32-BUNDLE-NEXT:   32,
// TF32-BUNDLE-NEXT:   256
// TF32-BUNDLE:      "box": [
// TF32-BUNDLE-NEXT:   32,
// TF32-BUNDLE-NEXT:   64
// TF32-BUNDLE-NEXT: ],
// TF32-BUNDLE-NEXT: "kind": "tma",
// TF32-BUNDLE-NEXT: "l2_promotion": 0,
// TF32-BUNDLE-NEXT: "null_when_unaligned": true,
// TF32-BUNDLE-NEXT: "oob_fill": "zero",
// TF32-BUNDLE-NEXT: "operand": "c",
// TF32-BUNDLE-NOT:  "staged_transposes"

// Per round: 32 scalar stores (8 column groups x 2 rows x 2 columns), the
// fence, then (a stream-K owner adding onto C) two TMA reductions, or two
// TMA stores; the second panel's box starts 32 rows of C further (the
// inner coordinate), at the same column.
// TF32-LABEL:     .visible .entry tf32_all_col_kernel(
// TF32-NOT:       st.shared.v2.f32
// TF32-COUNT-32:  st.shared.b32 [%rd{{[0-9]+}}+{{[0-9]+}}], %r{{[0-9]+}};
// TF32-NOT:       st.shared
// TF32:           fence.proxy.async.shared::cta;
// TF32:           cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd{{[0-9]+}}, {[[ROW:%r[0-9]+]], [[COL:%r[0-9]+]]}]
// TF32-NEXT:      or.b32 [[NEXT:%r[0-9]+]], [[ROW]], 32;
// TF32-NEXT:      cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd{{[0-9]+}}, {[[NEXT]], [[COL]]}]
// TF32:           cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {[[ROW]], [[COL]]}]
// TF32-NEXT:      or.b32 [[NEXT2:%r[0-9]+]], [[ROW]], 32;
// TF32-NEXT:      cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd{{[0-9]+}}, {[[NEXT2]], [[COL]]}]
// TF32-NOT:       st.shared.v2

// bf16 C, 2 rounds of 128 columns: boxes of 64 rows of C by 128 columns,
// one panel a round.
// BF16-BUNDLE:      "layouts": {
// BF16-BUNDLE-NEXT:   "a": "row",
// BF16-BUNDLE-NEXT:   "b": "row",
// BF16-BUNDLE-NEXT:   "c": "col"
// BF16-BUNDLE:      "box": [
// BF16-BUNDLE-NEXT:   64,
// BF16-BUNDLE-NEXT:   128
// BF16-BUNDLE:      "box": [
// BF16-BUNDLE-NEXT:   64,
// BF16-BUNDLE-NEXT:   64
// BF16-BUNDLE:      "box": [
// BF16-BUNDLE-NEXT:   64,
// BF16-BUNDLE-NEXT:   128
// BF16-BUNDLE-NEXT: ],
// BF16-BUNDLE-NEXT: "kind": "tma",
// BF16-BUNDLE-NEXT: "l2_promotion": 0,
// BF16-BUNDLE-NEXT: "null_when_unaligned": true,
// BF16-BUNDLE-NEXT: "oob_fill": "zero",
// BF16-BUNDLE-NEXT: "operand": "c",

// BF16-LABEL:     .visible .entry wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc_kernel(
// BF16-COUNT-64:  st.shared.b16
// BF16-NOT:       st.shared
// BF16:           fence.proxy.async.shared::cta;
// BF16:           cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// BF16-NOT:       cp.async.bulk.tensor.2d.global
// BF16:           cp.async.bulk.wait_group.read 0;
// BF16-COUNT-64:  st.shared.b16
// BF16-NOT:       st.shared
// BF16:           fence.proxy.async.shared::cta;
// BF16:           cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// BF16-NOT:       st.shared.v2

// A fused epilogue into a column-major C takes C element by element,
// scalar loads from global memory (no vector loads along C's rows).
// FUSED-LABEL:    .visible .entry epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc_kernel(
// FUSED-NOT:      ld.global.v2.b16
// FUSED-NOT:      ld.global.b32
// FUSED:          ld.global.b16
// FUSED:          st.shared.b16
// FUSED:          cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// PTXAS: 0 bytes spill stores, 0 bytes spill loads
