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
// RUN:   -o %t/first --no-compile > %t/first.txt
// RUN: gemm-tune plan --device h200 --dtypes bf16 --shapes deep-k --top 4 \
// RUN:   -o %t/second --no-compile > %t/second.txt
// RUN: diff %t/first/manifest.json %t/second/manifest.json
// RUN: sed 's/second/first/' %t/second.txt | diff %t/first.txt -
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/first/manifest.json
// Bad input: a clear message and exit status 2.
// RUN: not gemm-tune plan --chip sm_70 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not gemm-tune plan --device a100 2>&1 | FileCheck %s --check-prefix=DEVICE
// RUN: not gemm-tune plan --shapes 4096x0x4096 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not gemm-tune plan --shapes tiny 2>&1 | FileCheck %s --check-prefix=CLASS
// RUN: not gemm-tune plan --dtypes f32 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not gemm-tune plan --top 0 2>&1 | FileCheck %s --check-prefix=TOP
// RUN: gemm-tune plan --chip sm_70 2>/dev/null; test $? -eq 2

// WGMMA:      bf16: 3240 candidates enumerated, 2601 illegal (verifier), 324 unsupported (tile-check-chip), 315 legal
// WGMMA-NEXT:   1215 illegal: TMA box of A is N elements (N bytes) wide, which must equal its swizzle width of N bytes
// WGMMA-NEXT:     90 illegal: consumer warpgroups need N registers per thread (N for the accumulator, N more), more than consumer_registers = N
// WGMMA-NEXT:    405 illegal: register reallocation needs N registers per block (N x N for the producer, N x N x N for the consumers), more than the N sm_Na allows
// WGMMA-NEXT:     81 illegal: schedule needs N bytes of shared memory per block, more than the N sm_Na allows
// WGMMA-NEXT:    270 illegal: schedule needs N threads per block (N warps), more than the N sm_Na allows
// WGMMA-NEXT:    540 illegal: warpgroup tile [N, N] does not divide block tile [N, N]
// WGMMA-NEXT: 81 unsupported: wgmma with a NxN warpgroup tile and a vector epilogue store (more than N rows needs N = N: nvgpu.warpgroup.mma.store puts rows N-N at row N/N; store = tma does not) lowering is not implemented yet
// WGMMA-NEXT:    243 unsupported: wgmma with consumer warpgroups side by side along N lowering is not implemented yet
// WGMMA:      bf16 4096x4096x4096 (large): 315 legal candidates divide it, 0 do not; the static model's top 3 on h200 (at most 1 per block and warp tile):
// WGMMA-NEXT:   rank  overall    TFLOP/s    time us  bound          candidate
// WGMMA-NEXT:      1        1      959.0      143.3  math           wgmma_bf16_128x128x64_w128x128_s3_r24_208
// WGMMA-NEXT:      2        4      894.1      153.7  math           wgmma_bf16_128x256x64_w64x256_s3_r24_208
// WGMMA-NEXT:      3       22      894.1      153.7  math           wgmma_bf16_256x128x64_w128x128_s3_r24_208
// WGMMA:      bf16 128x4096x4096 (skinny): 288 legal candidates divide it, 27 do not;
// WGMMA:           1        1      381.3       11.3  latency        wgmma_bf16_64x64x64_w64x64_s6_r24_208

// SYNC:      f16: 5832 candidates enumerated, 2244 illegal (verifier), 0 unsupported (tile-check-chip), 3588 legal
// SYNC:        1224 illegal: warp tile [N, N] does not divide block tile [N, N]
// SYNC:      f16 2048x8192x1024 (large): 3036 legal candidates divide it, 552 do not
// SYNC:           1        1      692.1       49.6  shared memory  sync_f16_128x128x32_w64x64_s4_asw64_bpad8

// MANIFEST:      "candidates": [
// MANIFEST-NEXT:   {
// MANIFEST-NEXT:     "block": [
// MANIFEST:          "compiled": false,
// MANIFEST-NEXT:     "dtype": "bf16",
// MANIFEST-NEXT:     "family": "wgmma",
// MANIFEST-NEXT:     "name": "wgmma_bf16_64x128x64_w64x128_s6_r24_208",
// MANIFEST-NEXT:     "schedule": "#tile.schedule<chip = \"sm_90a\", block = [64, 128, 64], warp = [64, 128],
// MANIFEST:        "chip": "sm_90a",
// MANIFEST-NEXT:   "device": "h200",
// MANIFEST-NEXT:   "enumeration": [
// MANIFEST:            "enumerated": 9072,
// MANIFEST:            "legal": 3903,
// MANIFEST:        "problems": [
// MANIFEST:            "k": 8192,
// MANIFEST-NEXT:       "legal_dividing": 3351,
// MANIFEST-NEXT:       "m": 1024,
// MANIFEST:            "ranking": [
// MANIFEST-NEXT:         {
// MANIFEST-NEXT:           "bound": "shared memory",
// MANIFEST-NEXT:           "candidate": "wgmma_bf16_64x128x64_w64x128_s6_r24_208",
// MANIFEST-NEXT:           "overall_rank": 1,
// MANIFEST-NEXT:           "predicted_tflops": 658.86
// MANIFEST:                "rank": 1

// CHIP: error: --chip: unknown chip 'sm_70'; known chips: sm_80, sm_86, sm_89, sm_90, sm_90a
// DEVICE: error: --device: a100 does not run sm_90a
// SHAPE: error: --shapes: '4096x0x4096': '0' is not a positive integer
// CLASS: error: --shapes: 'tiny' is neither MxNxK nor one of benchmark, large, shallow-k, small, deep-k, skinny
// DTYPE: error: --dtypes: 'f32' is not bf16 or f16
// TOP: error: --top, --variants and -j must be at least 1
