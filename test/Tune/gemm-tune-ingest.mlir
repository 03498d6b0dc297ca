// gemm-tune plan compiles the picks into bundles (through gemm-translate
// --to-bundle, PTX dropped: gemm-run loads the cubin) and lists the runs
// rank by rank across problems; gemm-tune ingest joins measurements (made
// up here by Inputs/fake-results.py in the format of
// scripts/tune-measure.sh) with the plan into the tuning database.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 4096x4096x4096,256x256x65536 --top 2 --variants 1 \
// RUN:   --explore 1 -o %t/plan -j 2 | FileCheck %s --check-prefix=PLAN
// RUN: FileCheck %s --check-prefix=RUNS < %t/plan/runs.tsv
// RUN: test -s %t/plan/bundles/wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16/kernel.json
// RUN: test -s %t/plan/bundles/wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16/wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16_kernel.cubin
// RUN: FileCheck %s --check-prefix=BUNDLE < %t/plan/bundles/wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16/kernel.json
// RUN: not ls %t/plan/bundles/*/*.ptx
// RUN: not grep -l '"ptx"' %t/plan/bundles/*/kernel.json
// RUN: %python %S/Inputs/fake-results.py %t/plan/manifest.json \
// RUN:   700.1,750.2,- 200,210,190 > %t/results.json
// RUN: gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// Ingesting again updates the entries in place.
// RUN: gemm-tune ingest %t/plan %t/results.json --database %t/db.json
// RUN: grep -c '"candidate"' %t/db.json | FileCheck %s --check-prefix=TWO
// Bad input.
// RUN: not gemm-tune ingest %t/plan %t/missing.json 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not gemm-tune ingest %t %t/results.json 2>&1 | FileCheck %s --check-prefix=NOPLAN

// PLAN: plan written to {{.*}}plan: 6 candidates, 6 compiled, 0 failed; 6 runs

// Each problem's first pick, then each problem's second, then the controls.
// RUNS:      wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2{{[[:space:]]}}bf16{{[[:space:]]}}4096{{[[:space:]]}}4096{{[[:space:]]}}4096{{[[:space:]]}}bundles/wgmma_bf16_128x256x64_w64x256_s4_r40_232_p_rm4_tma_r2/kernel.json
// RUNS-NEXT: wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16{{[[:space:]]}}bf16{{[[:space:]]}}256{{[[:space:]]}}256{{[[:space:]]}}65536
// RUNS-NEXT: wgmma_bf16_256x128x64_w128x128_s4_r40_232_p_rm4_tma_r2{{[[:space:]]}}bf16{{[[:space:]]}}4096
// RUNS-NEXT: wgmma_bf16_64x64x64_w64x64_s13_r40_232_rm4_sk8{{[[:space:]]}}bf16{{[[:space:]]}}256
// RUNS-NEXT: wgmma_bf16_128x256x64_w64x256_s3_r40_232_p{{[[:space:]]}}bf16{{[[:space:]]}}4096
// RUNS-NEXT: wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm4_sk16{{[[:space:]]}}bf16{{[[:space:]]}}256

// A split_k = 16 bundle: the cubin, grid z and the workspace.
// BUNDLE:      "cubin": "wgmma_bf16_64x64x64_w64x64_s6_r24_208_rm4_sk16_kernel.cubin",
// BUNDLE:      "z": 16
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_partials"
// BUNDLE:      "kind": "workspace",
// BUNDLE-NEXT: "name": "split_k_tile_counters"

// TABLE:      dtype shape             TFLOP/s    cuBLAS  ratio  rank  top5   model#1    rho  best measured candidate
// TABLE-NEXT: bf16  4096x4096x4096      750.2     800.0  0.938     2   yes     700.1  -1.00  wgmma_bf16_256x128x64_w128x128_s4_r40_232_p_rm4_tma_r2
// TABLE-NEXT: bf16  256x256x65536       210.0     800.0  0.263     2   yes     200.0   0.50  wgmma_bf16_64x64x64_w64x64_s13_r40_232_rm4_sk8
// TABLE:      2 problems measured; 1 runs failed or were not timed
// TABLE-NEXT: done-when: the measured best was in the model's top 5 for 2 of 2 problems (100%; target 80%): met

// Entries sorted by shape: 256 rows first. Split-K, ragged: any shape.
// DB:      "a": "bf16",
// DB:      "block": [
// DB-NEXT:   64,
// DB-NEXT:   64,
// DB-NEXT:   64
// DB:      "candidate": "wgmma_bf16_64x64x64_w64x64_s13_r40_232_rm4_sk8",
// DB:      "m": 256,
// DB:      "requires_divisible": [
// DB-NEXT:   1,
// DB-NEXT:   1,
// DB-NEXT:   1
// DB:      "schedule": "{{.*}}grid = #tile.grid<persistent = false, raster = along_m, group = 4, split_k = 8>{{.*}}",
// DB-NEXT: "shape_class": "skinny"
// A tma-store best: its schedule says so.
// DB:      "candidate": "wgmma_bf16_256x128x64_w128x128_s4_r40_232_p_rm4_tma_r2",
// DB-NEXT: "chip": "sm_90a",
// DB-NEXT: "cublas_tflops": 800,
// DB-NEXT: "device": "NVIDIA H200",
// DB:      "measured_tflops": 750.2{{[0-9]*}},
// DB-NEXT: "model_rank": 2,
// DB:      "ratio_to_cublas": 0.937{{[0-9]*}},
// DB-NEXT: "requires_divisible": [
// DB:      "schedule": "{{.*}}store = #tile.store<tma, rounds = 2>>",
// DB:      "shape_class": "large"
// DB:      "format": "gemm-opt-tuning-database-1"

// TWO: 2

// MISSING: error: cannot read '{{.*}}missing.json'
// NOPLAN: error: cannot read '{{.*}}manifest.json'
