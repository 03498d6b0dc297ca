// A promoting FP8 kernel with per-column scales loads its 64 column factors
// (a 64x256 warpgroup tile) after the main loop: held across the loop beside
// the sums and a 128-column partial accumulator, they spilled 176 bytes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x256_n128_s4_r2.mlir --to-ptx -o %t/rowcol.ptx
// RUN: %ptxas -arch=sm_90a -v %t/rowcol.ptx -o %t/rowcol.cubin 2>&1 | FileCheck %s --implicit-check-not=C7520
// RUN: gemm-translate %S/../../bench/schedules/wgmma_fp8_rowcol_128x256_s4_r2_fast.mlir --to-ptx -o %t/fast.ptx
// RUN: %ptxas -arch=sm_90a -v %t/fast.ptx -o %t/fast.cubin 2>&1 | FileCheck %s --implicit-check-not=C7520

// CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// CHECK-NOT: spill stores
