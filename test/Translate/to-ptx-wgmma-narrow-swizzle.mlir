// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64.mlir --to-bundle -o %t/mixed/kernel.json
// RUN: FileCheck %s --input-file %t/mixed/wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64_kernel.ptx
// RUN: FileCheck %s --input-file %t/mixed/kernel.json --check-prefix=BUNDLE
// RUN: %ptxas -arch=sm_90a -v %t/mixed/wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64_kernel.ptx -o %t/mixed.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: gemm-translate %S/../../bench/schedules/wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64.mlir --to-bundle -o %t/tf32/kernel.json
// RUN: FileCheck %s --input-file %t/tf32/wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64_kernel.ptx --check-prefix=TF32
// RUN: FileCheck %s --input-file %t/tf32/kernel.json --check-prefix=TF32-BUNDLE

// wgmma operands swizzled in 32- and 64-byte rows (#tile.swizzle<32>,
// <64>). nvgpu.warpgroup.generate.descriptor takes only the 128-byte
// swizzle, so the lowering builds these descriptors itself: the shared
// address / 16 in bits 0-13, the leading byte offset / 16 (an MN-major
// operand's panel stride) in bits 16-29, the stride byte offset / 16 (8
// rows of one swizzle width) in bits 32-45 and the mode (2: 64 bytes,
// 3: 32 bytes) in bits 62-63. The TMA maps use the same widths.
//
// bf16, A row-major with BK = 16 (32-byte K-major rows: mode 3, SBO 256,
// LBO 128 rows x 32 bytes = 4096), B row-major in N-major panels of 32
// columns (64 bytes: mode 2, SBO 512, LBO 16 K rows x 64 bytes = 1024):
//   0xC000001001000000 = -4611685949691133952
//   0x8000002000400000 = -9223371899411628032
// One m64n256k16 per 16-K stage, B transposed (N-major).

// CHECK-LABEL: .visible .entry wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64_kernel(
// CHECK:         or.b64 [[A:%rd[0-9]+]], {{%rd[0-9]+}}, -4611685949691133952;
// CHECK:         or.b64 [[B:%rd[0-9]+]], {{%rd[0-9]+}}, -9223371899411628032;
// CHECK:         wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {{{.*}}}, [[A]], [[B]], p, 1, 1, 0, 1;

// A's box is 16 K-elements x 128 rows (32 bytes), B's 32 N-elements x 16
// K rows (64 bytes).
// BUNDLE:      "box": [
// BUNDLE-NEXT:   16,
// BUNDLE-NEXT:   128
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "a",
// BUNDLE:      "swizzle": 32
// BUNDLE:      "box": [
// BUNDLE-NEXT:   32,
// BUNDLE-NEXT:   16
// BUNDLE-NEXT: ],
// BUNDLE:      "operand": "b",
// BUNDLE:      "swizzle": 64
// C's staging keeps the 128-byte swizzle.
// BUNDLE:      "operand": "c",
// BUNDLE:      "swizzle": 128

// PTXAS: 0 bytes spill stores, 0 bytes spill loads

// tf32 (A row-major, B column-major) with BK = 16: both K-major in 64-byte
// rows (mode 2, SBO 512; LBO 128 x 64 = 8192 for A, 256 x 64 = 16384 for
// B, unused by K-major operands), two m64n256k8 per stage, the second 32
// bytes (descriptor + 2, which LLVM folds into the constant: the stage
// addresses are 1 KiB-aligned) along the rows.
//   0x8000002002000000 = -9223371899382267904
//   0x8000002004000000 = -9223371899348713472
// TF32-LABEL: .visible .entry wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64_kernel(
// TF32:         or.b64 [[A:%rd[0-9]+]], {{%rd[0-9]+}}, -9223371899382267904;
// TF32:         or.b64 [[B:%rd[0-9]+]], {{%rd[0-9]+}}, -9223371899348713472;
// TF32:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{{.*}}}, [[A]], [[B]], p, 1, 1;
// TF32-DAG:     or.b64 [[B2:%rd[0-9]+]], {{%rd[0-9]+}}, -9223371899348713470;
// TF32-DAG:     or.b64 [[A2:%rd[0-9]+]], {{%rd[0-9]+}}, -9223371899382267902;
// TF32:         wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{{.*}}}, [[A2]], [[B2]], p, 1, 1;

// TF32-BUNDLE:      "box": [
// TF32-BUNDLE-NEXT:   16,
// TF32-BUNDLE-NEXT:   128
// TF32-BUNDLE:      "swizzle": 64
// TF32-BUNDLE:      "box": [
// TF32-BUNDLE-NEXT:   16,
// TF32-BUNDLE-NEXT:   256
// TF32-BUNDLE:      "swizzle": 64
