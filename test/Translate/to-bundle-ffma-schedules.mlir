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
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x8_t8x8_w64x32/kernel.json --check-prefixes=FIT,LEVEL3
// RUN: gemm-translate %bench/f32_simt_64x128x8_t8x8.mlir --to-bundle -o %t/f32_simt_64x128x8_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_64x128x8_t8x8/kernel.json --check-prefix=FIT
// RUN: gemm-translate %bench/f32_simt_256x128x16_t8x8.mlir --to-bundle -o %t/f32_simt_256x128x16_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_256x128x16_t8x8/kernel.json --check-prefix=FIT
// RUN: gemm-translate %bench/f32_simt_128x128x8_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x8_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x8_t8x8_s3/kernel.json --check-prefix=FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_s3/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_s4.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_s4/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_s4/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8_w64x32_s3.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8_w64x32_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8_w64x32_s3/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_128x128x32_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x128x32_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x32_t8x8_s3/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_256x128x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_256x128x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_256x128x16_t8x8_s3/kernel.json --check-prefix=FIT
// RUN: gemm-translate %bench/f32_simt_128x256x16_t8x8_s3.mlir --to-bundle -o %t/f32_simt_128x256x16_t8x8_s3/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x16_t8x8_s3/kernel.json --check-prefix=FIT
// RUN: gemm-translate %bench/f32_simt_128x128x16_t8x8.mlir --to-bundle -o %t/f32_simt_128x128x16_t8x8/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x128x16_t8x8/kernel.json --check-prefix=NOSPILL
// RUN: gemm-translate %bench/f32_simt_128x256x8_t8x16.mlir --to-bundle -o %t/f32_simt_128x256x8_t8x16/kernel.json
// RUN: FileCheck %s --input-file %t/f32_simt_128x256x8_t8x16/kernel.json --check-prefix=NOSPILL

// The fp32 SIMT bench schedules of 8x16 thread tiles compile without
// spills. Those of 8x8 thread tiles and BK = 8, and those of 512 threads,
// fit in 128 registers, so that 16 warps share an SM (2 blocks of 256
// threads, asked of ptxas with .minnctapersm, or 1 of 512), spilling at
// most a few words: each kernel holds two main loops (interior blocks and
// guarded edges), and the registers of the larger one set the count.
// Blocks of 256 threads over a K tile of 16 or 32 are not asked for two
// per SM: their guarded loop wants 159-177 registers, and held to 128 it
// spilled up to 76 bytes. They compile without spills; the interior
// kernel still fits two blocks (125 registers). Kernels of 8x16 thread tiles are assembled by
// ptxas -O1, which keeps their FFMA order (tile-simt-mma marks them),
// unless the command line says a level; the others by -O3. The bundle
// records the level.

// NOSPILL: "math": "ffma",
// NOSPILL: "ptxas_info": "{{.*}} 0 bytes spill stores, 0 bytes spill loads
// FIT: "math": "ffma",
// FIT: "ptxas_info": "{{.*}} {{([0-9]|[1-6][0-9])}} bytes spill stores, {{([0-9]|[1-6][0-9])}} bytes spill loads
// FIT-SAME: Used {{([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])}} registers

// LEVEL1: "ptxas_opt_level": 1,
// LEVEL3: "ptxas_opt_level": 3,

// PTXASO1: "ptxas_info": "ptxas -O1\n
// PTXASO3-NOT: ptxas -O
// PTXASO3: "ptxas_info"
