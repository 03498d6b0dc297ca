// A transposed candidate (every operand column-major) from plan to tuning
// database: its bundle's kernel takes column-major operands, the run list
// gives gemm-run the problem's row-major layouts (so the kernel runs
// C^T = B^T * A^T), and the database entry records the kernel's layouts,
// which the JIT's chooser renders.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes f16 --families wgmma \
// RUN:   --shapes 16x4096x4096 --top 1 -o %t/plan -j 1 | FileCheck %s --check-prefix=PLAN
// RUN: FileCheck %s --check-prefix=RUNS < %t/plan/runs.tsv
// RUN: FileCheck %s --check-prefix=BUNDLE < %t/plan/bundles/wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma/kernel.json
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/plan/manifest.json
// RUN: %python %S/Inputs/fake-results.py %t/plan/manifest.json 31 > %t/results.json
// RUN: gemm-tune ingest %t/plan %t/results.json --database %t/db.json > /dev/null
// RUN: FileCheck %s --check-prefix=DB < %t/db.json

// PLAN:      f16 16x4096x4096 (skinny): 7320 legal candidates run it, 0 do not;
// PLAN-NEXT:    rank  overall    TFLOP/s    time us  bound              candidate
// PLAN-NEXT:       1        1       32.2       16.6  DRAM               wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma

// RUNS: wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma{{[[:space:]]}}f16{{[[:space:]]}}16{{[[:space:]]}}4096{{[[:space:]]}}4096{{[[:space:]]}}bundles/wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma/kernel.json{{[[:space:]]}}row,row,row

// BUNDLE:      "layouts": {
// BUNDLE-NEXT:   "a": "col",
// BUNDLE-NEXT:   "b": "col",
// BUNDLE-NEXT:   "c": "col"

// MANIFEST:      "layouts": {
// MANIFEST-NEXT:   "a": "col",
// MANIFEST-NEXT:   "b": "col",
// MANIFEST-NEXT:   "c": "col"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "name": "wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma",
// MANIFEST:      "runs_transposed": true,

// DB:      "candidate": "wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma",
// DB:      "kernel_layouts": {
// DB-NEXT:   "a": "col",
// DB-NEXT:   "b": "col",
// DB-NEXT:   "c": "col"
// DB-NEXT: },
// DB-NEXT: "m": 16,
// DB:      "requires_divisible": [
// DB-NEXT:   1,
// DB-NEXT:   1,
// DB-NEXT:   1
