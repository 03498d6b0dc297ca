// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16_ptxas_o1.mlir --to-bundle --ptxas-opt-level=1 -o %t/o1/kernel.json
// RUN: FileCheck %s --input-file %t/o1/kernel.json --check-prefixes=PTXASO1
// RUN: gemm-translate %bench/f32_simt_128x128x8_t8x8_w64x32.mlir --to-bundle -o %t/f32_simt_128x128x8_t8x8_w64x32/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x8_t8x8_w64x32/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_64x128x8_t8x8.mlir --to-bundle -o %t/f32_simt_64x128x8_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_64x128x8_t8x8/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_256x128x16_t8x8.mlir --to-bundle -o %t/f32_simt_256x128x16_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_256x128x16_t8x8/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x8_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x8_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x8_t8x8_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s4.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_s4/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_s4/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_w64x32_s3.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_w64x32_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_w64x32_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x32_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x32_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x32_t8x8_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_256x128x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_256x128x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_256x128x16_t8x8_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x256x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x256x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x16_t8x8_s3/kernel.json --check-prefixes=NOSPILL,FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16.mlir --to-bundle -o %t/f32_simt_128x256x8_t8x16/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x8_t8x16/kernel.json --check-prefix=NOSPILL

// Every fp32 SIMT bench schedule compiles without spills, and those with
// 8x8 thread tiles in at most 128 registers, so that 16 warps share an SM
// (2 blocks of 256 threads or 1 of 512): all but the 2-stage 128x128x16
// (its A tile passes through 8 more registers) and the 8x16 thread tile.

// NOSPILL: "math": "ffma",
// NOSPILL: "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads
// FIT-SAME: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers

// PTXASO1: "ptxas_info": "ptxas -O1\n{{.*}} 0 bytes spill stores, 0 bytes spill loads
