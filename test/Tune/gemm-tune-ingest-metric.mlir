// gemm-tune ingest computes issue 5's done-when metric from measurements:
// for how many problems the measured best is in the static model's top 5
// (target 80%), counting the plan's exploration controls, failed runs
// included, in the model's order (picks it predicts the same time for
// share a rank); and how measured TFLOP/s compare with the predictions. The measurements are made up (Inputs/fake-results.py) for a
// plan of 7 picks per problem: 5 of the model's best and 2 controls.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 1024x1024x8192,16x4096x4096,8192x8192x1024 --top 5 \
// RUN:   --explore 2 -o %t/plan --no-compile > /dev/null
// Best at the fourth pick, which the model predicts as fast as the first
// (rank 1), at rank 5 (after a failed run at rank 2), and at a control
// (rank 7): 2 of 3.
// RUN: %python %S/Inputs/fake-results.py %t/plan/manifest.json \
// RUN:   350,380,370,400,360,300,200 20,-,21,22,30,25,10 600,590,580,570,560,550,640 \
// RUN:   > %t/miss.json
// RUN: gemm-tune ingest %t/plan %t/miss.json --database %t/db.json \
// RUN:   | FileCheck %s --check-prefix=MISS
// RUN: FileCheck %s --check-prefix=DB < %t/db.json
// Every best in the top 5: met.
// RUN: %python %S/Inputs/fake-results.py %t/plan/manifest.json \
// RUN:   350,380,370,400,360,300,200 20,-,21,22,30,25,10 600,590,580,570,660,550,640 \
// RUN:   > %t/hit.json
// RUN: gemm-tune ingest %t/plan %t/hit.json --database %t/db2.json \
// RUN:   | FileCheck %s --check-prefix=HIT

// MISS:      dtype shape             TFLOP/s    cuBLAS  ratio  rank  top5   model#1    rho  best measured candidate
// MISS-NEXT: bf16  1024x1024x8192      400.0     800.0  0.500     1   yes     350.0   0.54  wgmma_bf16_64x128x64_w64x128_s8_r40_232_p
// MISS-NEXT: bf16  16x4096x4096         30.0     800.0  0.037     5   yes      20.0
// MISS-NEXT: bf16  8192x8192x1024      640.0     800.0  0.800     7    no     600.0
// MISS:      3 problems measured; 1 runs failed or were not timed
// MISS-NEXT: done-when: the measured best was in the model's top 5 for 2 of 3 problems (67%; target 80%): not met
// MISS-NEXT: model: measured / predicted TFLOP/s median {{[0-9.]+}} (range {{[0-9.]+}}-{{[0-9.]+}} over 20 runs)

// A split-K best (the 8192x8192x1024 control) is recorded with the shapes
// its kernel takes: any.
// DB:      "candidate": "wgmma_bf16_128x64x64_w64x64_s8_r40_232_rm4_sk16",
// DB:      "m": 8192,
// DB:      "requires_divisible": [
// DB-NEXT:   1,
// DB-NEXT:   1,
// DB-NEXT:   1
// DB-NEXT: ],
// DB-NEXT: "schedule": "{{.*}}split_k = 16>{{.*}}",

// HIT:      done-when: the measured best was in the model's top 5 for 3 of 3 problems (100%; target 80%): met
