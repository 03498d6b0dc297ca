// gemm-tune plan: enumeration counts (what the verifier and tile-check-chip
// drop, by reason), the model's ranking, determinism, and bad input.
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 4096x4096x4096,128x4096x4096 --top 3 --variants 1 \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: gemm-tune plan --device h200 --dtypes f16 --families sync \
// RUN:   --shapes 2048x8192x1024 --top 3 | FileCheck %s --check-prefix=SYNC
// Deterministic: two plans of both families write the same manifest.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes bf16 --shapes deep-k --top 4 \
// RUN:   --explore 2 -o %t/first --no-compile > %t/first.txt
// RUN: gemm-tune plan --device h200 --dtypes bf16 --shapes deep-k --top 4 \
// RUN:   --explore 2 -o %t/second --no-compile > %t/second.txt
// RUN: diff %t/first/manifest.json %t/second/manifest.json
// RUN: sed 's/second/first/' %t/second.txt | diff %t/first.txt -
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/first/manifest.json
// RUN: FileCheck %s --check-prefix=EXPLORE < %t/first.txt
// Raster twins: the first pick in every raster order.
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 1024x1024x8192 --top 2 --variants 1 --twins 1 \
// RUN:   -o %t/twins --no-compile | FileCheck %s --check-prefix=TWINS
// RUN: FileCheck %s --check-prefix=TWIN-MANIFEST < %t/twins/manifest.json
// Bad input: a clear message and exit status 2.
// RUN: not gemm-tune plan --chip sm_70 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not gemm-tune plan --device a100 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not gemm-tune plan --shapes 4096x0x4096 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not gemm-tune plan --shapes tiny 2>&1 | FileCheck %s --check-prefix=CLASS
// RUN: not gemm-tune plan --dtypes f32 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not gemm-tune plan --top 0 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: gemm-tune plan --chip sm_70 2>/dev/null; test $? -eq 2

// Every wgmma candidate comes in four raster orders with split_k = 1, 2,
// 4, 8 and 16, and without a split also persistent and with the tma store
// (persistent ones also with the store in two rounds);
// tiles of at most 128x64 also with 8, 12 and 13 stages. The deep stages
// of larger tiles do not fit in shared memory; the tma store makes 128-row
// warpgroup tiles with N != 128 lowerable. The transposed (all-column-major)
// family stores C through TMA too (down C's columns).
// WGMMA:      bf16: 54864 candidates enumerated, 43188 illegal (verifier), 4356 unsupported (tile-check-chip), 7320 legal
// WGMMA-NEXT:   1704 illegal: #tile.store<tma, rounds = N> does not divide the N N-byte column panels of a consumer warpgroup's NxN part of C (WN * sizeof(C) / N)
// WGMMA-NEXT:  19332 illegal: TMA box of A is N elements (N bytes) wide, which must equal its swizzle width of N bytes
// WGMMA-NEXT:   1080 illegal: consumer warpgroups need N registers per thread (N for the accumulator, N more), more than consumer_registers = N
// WGMMA-NEXT:   5328 illegal: register reallocation needs N registers per block (N x N for the producer, N x N x N for the consumers), more than the N its N threads hold from launch (N each)
// WGMMA-NEXT:     60 illegal: schedule needs N bytes of shared memory per block, more than the N sm_Na allows
// WGMMA-NEXT:     84 illegal: schedule needs N bytes of shared memory per block, more than the N sm_Na allows (#tile.store<tma, rounds = N> would shrink the staging tile enough)
// WGMMA-NEXT:   3288 illegal: schedule needs N bytes of shared memory per block, more than the N sm_Na allows (stages = N is the most that fits)
// WGMMA-NEXT:   3240 illegal: schedule needs N threads per block (N warps), more than the N sm_Na allows
// WGMMA-NEXT:   9072 illegal: warpgroup tile [N, N] does not divide block tile [N, N]
// WGMMA-NEXT:    960 unsupported: wgmma with a NxN warpgroup tile and a vector epilogue store (more than N rows needs N = N: nvgpu.warpgroup.mma.store puts rows N-N at row N/N; #tile.store<tma> does not) lowering is not implemented yet
// WGMMA-NEXT:   3396 unsupported: wgmma with consumer warpgroups side by side along N lowering is not implemented yet
// No split on a large shape; the model's raster twins (same prediction)
// are not both taken, but persistence and the tma store are structures of
// their own.
// WGMMA:      bf16 4096x4096x4096 (large): 4728 legal candidates run it, 2592 do not; the static model's top 3 on h200 (at most 1 per block and warp tile, split_k, grid and store) and 0 controls (x):
// WGMMA-NEXT:    rank  overall    TFLOP/s    time us  bound              candidate
// WGMMA-NEXT:       1        1      767.0      179.2  math               wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2
// WGMMA-NEXT:       2       37      745.5      184.4  math               wgmma_bf16_256x128x64_w128x128_s4_r40_232_p_rm4_tma_r2
// WGMMA-NEXT:       3       64      744.7      184.6  math               wgmma_bf16_128x256x64_w64x256_s3_r40_232_p
// Few tiles of C, one wave streaming B from DRAM: small tiles, deep
// pipelines (one tile per block and the deepest pipeline first among equal
// predictions), no split.
// WGMMA:      bf16 128x4096x4096 (skinny): 4728 legal candidates run it, 2592 do not;
// WGMMA:           1        1      227.9       18.8  DRAM               wgmma_bf16_64x64x64_w64x64_s13_r40_232_rm4_tma
// WGMMA-NEXT:      2       13      227.9       18.8  DRAM               wgmma_bf16_64x64x64_w64x64_s13_r40_232

// SYNC:      f16: 5832 candidates enumerated, 3168 illegal (verifier), 0 unsupported (tile-check-chip), 2664 legal
// SYNC:        1224 illegal: warp tile [N, N] does not divide block tile [N, N]
// SYNC:        1152 illegal: warp tile [N, N] needs at least N registers per thread (accumulators and two K steps of operand fragments), more than the N sm_Na allows: use more, smaller warp tiles
// SYNC:      f16 2048x8192x1024 (large): 2112 legal candidates run it, 552 do not
// SYNC:           1        1      509.6       67.4  latency            sync_f16_128x128x32_w64x64_s4_apad8_bpad8

// MANIFEST:      "candidates": [
// MANIFEST-NEXT:   {
// MANIFEST-NEXT:     "block": [
// MANIFEST:          "compiled": false,
// MANIFEST-NEXT:     "dtype": "bf16",
// MANIFEST-NEXT:     "family": "wgmma",
// MANIFEST-NEXT:     "layouts": {
// MANIFEST-NEXT:       "a": "row",
// MANIFEST-NEXT:       "b": "row",
// MANIFEST-NEXT:       "c": "row"
// MANIFEST-NEXT:     },
// MANIFEST-NEXT:     "name": "wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm4_tma",
// MANIFEST-NEXT:     "requires_divisible": [
// MANIFEST-NEXT:       1,
// MANIFEST-NEXT:       1,
// MANIFEST-NEXT:       1
// MANIFEST-NEXT:     ],
// MANIFEST-NEXT:     "runs_transposed": false,
// MANIFEST-NEXT:     "schedule": "#tile.schedule<chip = \"sm_90a\", block = [64, 128, 64], warp = [64, 128],
// MANIFEST-SAME:       grid = #tile.grid<persistent = false, raster = along_m, group = 4>, store = #tile.store<tma>>"
// MANIFEST-NEXT:     "split_k": 1
// The same tiles with the vector store, and persistent: structures of
// their own.
// MANIFEST:          "name": "wgmma_bf16_64x128x64_w64x128_s8_r40_232",
// MANIFEST-NEXT:     "requires_divisible": [
// MANIFEST:          "schedule": "{{.*}}pipeline = #tile.pipeline<stages = 8, load = tma>, specialization = #tile.warp_specialization<producer_registers = 40, consumer_registers = 232>, store = #tile.store<vector>>",
// MANIFEST-NEXT:     "split_k": 1
// MANIFEST:          "name": "wgmma_bf16_64x128x64_w64x128_s8_r40_232_p_rm4_tma",
// MANIFEST:          "schedule": "{{.*}}grid = #tile.grid<persistent = true, raster = along_m, group = 4>, store = #tile.store<tma>>",
// An mma.sync control needs whole tiles.
// MANIFEST:          "name": "sync_bf16_256x128x32_w32x128_s4_apad8_bpad8",
// MANIFEST-NEXT:     "requires_divisible": [
// MANIFEST-NEXT:       256,
// MANIFEST-NEXT:       128,
// MANIFEST-NEXT:       32
// MANIFEST:          "split_k": 1
// MANIFEST:        "chip": "sm_90a",
// MANIFEST-NEXT:   "device": "h200",
// MANIFEST-NEXT:   "enumeration": [
// MANIFEST:            "enumerated": 60696,
// MANIFEST:            "legal": 9984,
// MANIFEST:        "explore": 2,
// MANIFEST:        "problems": [
// MANIFEST:            "k": 8192,
// MANIFEST-NEXT:       "legal_runnable": 6840,
// MANIFEST-NEXT:       "m": 1024,
// MANIFEST:            "ranking": [
// MANIFEST-NEXT:         {
// MANIFEST-NEXT:           "bound": "issue",
// MANIFEST-NEXT:           "candidate": "wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm4_tma",
// MANIFEST-NEXT:           "explore": false,
// MANIFEST-NEXT:           "overall_rank": 1,
// MANIFEST-NEXT:           "predicted_tflops": 525.33
// MANIFEST:                "rank": 1
// MANIFEST:                "candidate": "wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm4_tma",
// MANIFEST-NEXT:           "explore": true,
// MANIFEST-NEXT:           "overall_rank": 121,
// MANIFEST:                "rank": 5

// The controls: the best of structures the top lacks, spread from the next
// one down to the last.
// EXPLORE:      bf16 1024x1024x8192 (deep-k): 6840 legal candidates run it, 3144 do not; the static model's top 4 on h200 (at most 2 per block and warp tile, split_k, grid and store) and 2 controls (x):
// EXPLORE:         4       73      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232_p
// EXPLORE-NEXT:    5x     121      513.4       33.5  shared memory      wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm4_tma
// EXPLORE-NEXT:    6x    6193       65.4      262.6  latency            sync_bf16_256x128x32_w32x128_s4_apad8_bpad8

// The model sees rasters only through DRAM bytes (all of A and B fit in
// L2 here): the first pick's raster twins tie with it and follow it.
// TWINS:      bf16 1024x1024x8192 (deep-k): 4728 legal candidates run it, 2592 do not; the static model's top 2 on h200 (at most 1 per block and warp tile, split_k, grid and store), 3 raster twins (t) and 0 controls (x):
// TWINS-NEXT:    rank  overall    TFLOP/s    time us  bound              candidate
// TWINS-NEXT:       1        1      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm4_tma
// TWINS-NEXT:       2t       2      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm8_tma
// TWINS-NEXT:       3t       3      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232_rn8_tma
// TWINS-NEXT:       4t       4      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232_tma
// TWINS-NEXT:       5       13      525.3       32.7  issue              wgmma_bf16_64x128x64_w64x128_s8_r40_232

// TWIN-MANIFEST:      "candidate": "wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm4_tma",
// TWIN-MANIFEST:      "twin": false
// TWIN-MANIFEST:      "candidate": "wgmma_bf16_64x128x64_w64x128_s8_r40_232_rm8_tma",
// TWIN-MANIFEST:      "twin": true
// TWIN-MANIFEST:      "candidate": "wgmma_bf16_64x128x64_w64x128_s8_r40_232",
// TWIN-MANIFEST:      "twin": false
// TWIN-MANIFEST:    "twins": 1,

// CHIP: error: --chip: unknown chip 'sm_70'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// DEVICE: error: --device: a100 does not run sm_90a
// SHAPE: error: --shapes: '4096x0x4096': '0' is not a positive integer
// CLASS: error: --shapes: 'tiny' is neither MxNxK nor one of benchmark, large, shallow-k, small, deep-k, skinny
// DTYPE: error: --dtypes: 'f32' is not bf16, f16 or e4m3
// TOP: error: --top, --variants and -j must be at least 1
