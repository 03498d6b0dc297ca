// gemm-tune plan compiles the shortlist into bundles (through
// gemm-translate --to-bundle) and lists the runs; gemm-tune ingest joins
// measurements (here a hand-written results file in the format of
// scripts/tune-measure.sh) with the plan into the tuning database.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 4096x4096x4096 --top 3 --variants 1 -o %t/plan -j 2 \
// RUN:   | FileCheck %s --check-prefix=PLAN
// RUN: FileCheck %s --check-prefix=RUNS < %t/plan/runs.tsv
// RUN: test -s %t/plan/bundles/wgmma_bf16_128x256x64_w64x256_s3_r24_208/kernel.json
// RUN: gemm-tune ingest %t/plan %S/Inputs/results-4096.json \
// RUN:   --database %t/db.json | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// Ingesting again updates the entry in place.
// RUN: gemm-tune ingest %t/plan %S/Inputs/results-4096.json --database %t/db.json
// RUN: grep -c '"candidate"' %t/db.json | FileCheck %s --check-prefix=ONE
// Bad input.
// RUN: not gemm-tune ingest %t/plan %t/missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not gemm-tune ingest %t %S/Inputs/results-4096.json 2>&1 | FileCheck %s --check-prefix=NOPLAN

// PLAN: plan written to {{.*}}plan: 3 candidates, 3 compiled, 0 failed

// RUNS:      wgmma_bf16_128x128x64_w128x128_s3_r24_208{{[[:space:]]}}bf16{{[[:space:]]}}4096{{[[:space:]]}}4096{{[[:space:]]}}4096{{[[:space:]]}}bundles/wgmma_bf16_128x128x64_w128x128_s3_r24_208/kernel.json
// RUNS-NEXT: wgmma_bf16_128x256x64_w64x256_s3_r24_208
// RUNS-NEXT: wgmma_bf16_256x128x64_w128x128_s3_r24_208

// TABLE:      dtype shape             TFLOP/s    cuBLAS  ratio  rank  top5   model#1    rho  best measured candidate
// TABLE-NEXT: bf16  4096x4096x4096      750.2     794.6  0.944     2   yes     700.1  -1.00  wgmma_bf16_128x256x64_w64x256_s3_r24_208
// TABLE:      1 problems measured; the measured best was in the model's top 5 for 1; 1 runs failed or were not timed

// DB:      "a": "bf16",
// DB:      "block": [
// DB-NEXT:   128,
// DB-NEXT:   256,
// DB-NEXT:   64
// DB:      "candidate": "wgmma_bf16_128x256x64_w64x256_s3_r24_208",
// DB-NEXT: "chip": "sm_90a",
// DB-NEXT: "cublas_tflops": 794.6{{[0-9]*}},
// DB-NEXT: "device": "NVIDIA H200",
// DB:      "measured_tflops": 750.2{{[0-9]*}},
// DB-NEXT: "model_rank": 2,
// DB:      "ratio_to_cublas": 0.9441{{[0-9]*}},
// DB-NEXT: "schedule": "#tile.schedule<chip = \"sm_90a\", block = [128, 256, 64], warp = [64, 256], mma = #tile.mma<wgmma, [64, 256, 16]>, elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>, smem_a = #tile.swizzle<128>, smem_b = #tile.swizzle<128>, pipeline = #tile.pipeline<stages = 3, load = tma>, specialization = #tile.warp_specialization<producer_registers = 24, consumer_registers = 208>, epilogue = #tile.epilogue<store = vector>>",
// DB-NEXT: "shape_class": "large"
// DB:      "format": "gemm-opt-tuning-database-1"

// ONE: 1

// MISSING: error: cannot read '{{.*}}missing.json'
// NOPLAN: error: cannot read '{{.*}}manifest.json'
