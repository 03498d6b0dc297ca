// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16_s3.mlir --to-bundle -o %t/o1/kernel.json
// RUN: FileCheck %s --input-file %t/o1/kernel.json --check-prefixes=NOSPILL,LEVEL1
// RUN: FileCheck %s --input-file %t/o1/kernel.json --check-prefix=PTXASO1
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16_s3.mlir --to-bundle --ptxas-opt-level=3 -o %t/o3/kernel.json
// RUN: FileCheck %s --input-file %t/o3/kernel.json --check-prefixes=NOSPILL,LEVEL3
// RUN: FileCheck %s --input-file %t/o3/kernel.json --check-prefix=PTXASO3
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16_s4.mlir --to-bundle -o %t/f32_simt_128x256x8_t8x16_s4/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x8_t8x16_s4/kernel.json --check-prefixes=NOSPILL,LEVEL1
// RUN: gemm-translate %bench/f32_simt_128x256x16_t8x16_s3.mlir --to-bundle -o %t/f32_simt_128x256x16_t8x16_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x16_t8x16_s3/kernel.json --check-prefixes=NOSPILL,LEVEL1
// RUN: gemm-translate %bench/f32_simt_256x128x8_t8x16_s3.mlir --to-bundle -o %t/f32_simt_256x128x8_t8x16_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_256x128x8_t8x16_s3/kernel.json --check-prefixes=NOSPILL,LEVEL1
// RUN: gemm-translate %bench/f32_simt_128x128x8_t8x8_w64x32.mlir --to-bundle -o %t/f32_simt_128x128x8_t8x8_w64x32/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x8_t8x8_w64x32/kernel.json --check-prefixes=NOSPILL,FIT,LEVEL3
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
// Kernels of 8x16 thread tiles are assembled by ptxas -O1, which keeps their
// 2x2-block FFMA order (tile-simt-mma marks them), unless the command line
// says a level; the others by -O3. The bundle records the level.

// NOSPILL: "math": "ffma",
// NOSPILL: "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads
// FIT-SAME: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers

// LEVEL1: "ptxas_opt_level": 1,
// LEVEL3: "ptxas_opt_level": 3,

// PTXASO1: "ptxas_info": "ptxas -O1\n
// PTXASO3-NOT: ptxas -O
// PTXASO3: "ptxas_info"
