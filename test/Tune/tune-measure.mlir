// scripts/tune-measure.sh runs each line of a plan's runs.tsv through
// gemm-run (a stand-in here that prints its arguments) and passes the
// problem's layouts when the line has them: a transposed candidate's
// column-major kernel then runs the row-major problem as C^T = B^T * A^T.
// Lines of older plans (six columns) run without layout options.
// RUN: rm -rf %t && mkdir -p %t/plan/bin
// RUN: cp %S/Inputs/fake-gemm-run.sh %t/plan/bin/gemm-run
// RUN: printf 'wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8\tbf16\t16\t4096\t4096\tbundles/ccc/kernel.json\trow,row,row\n' > %t/plan/runs.tsv
// RUN: printf 'wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma\tbf16\t128\t4096\t4096\tbundles/rrr/kernel.json\n' >> %t/plan/runs.tsv
// RUN: bash %S/../../scripts/tune-measure.sh %t/plan 2>&1 | FileCheck %s --check-prefix=PROGRESS
// RUN: FileCheck %s --check-prefix=TRANSPOSED < %t/plan/runs/bf16-16x4096x4096-wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8.log
// RUN: FileCheck %s --check-prefix=OLD < %t/plan/runs/bf16-128x4096x4096-wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma.log
// RUN: FileCheck %s --check-prefix=RESULTS < %t/plan/results.json

// PROGRESS: [1/2] bf16 16x4096x4096 exit 0 wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8
// PROGRESS: [2/2] bf16 128x4096x4096 exit 0 wgmma_bf16_64x64x64_w64x64_s12_r40_232_rm8_tma
// PROGRESS: tune-measure: 2 runs, 0 failed or skipped

// TRANSPOSED: args: {{.*}}/bundles/ccc/kernel.json -m 16 -n 4096 -k 4096 --layout-a row --layout-b row --layout-c row --iterations 30 --warmup 5 --json-out

// OLD: args: {{.*}}/bundles/rrr/kernel.json -m 128 -n 4096 -k 4096 --iterations 30 --warmup 5 --json-out

// RESULTS: {"format": "gemm-tune-results-1", "runs": [
// RESULTS: {"candidate": "wgmma_bf16_ccc_64x16x64_w64x16_s12_r40_232_rm8", "dtype": "bf16", "m": 16, "n": 4096, "k": 4096, "exit_code": 0, "result": {"status": "pass", "args": "recorded"}
