// gemm-tune ingest checks every field of the manifest and the results it
// reads: a field of the wrong type, a shape out of range or a broken
// measurement (a negative or infinite TFLOP/s, never the best one) is an
// error that names the field's path, with exit status 2 and no database
// written; never a crash or a silent default.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-tune plan --device h200 --dtypes bf16 --families wgmma \
// RUN:   --shapes 4096x4096x4096 --top 2 --variants 1 -o %t/plan \
// RUN:   --no-compile > /dev/null
// RUN: %python %S/Inputs/fake-results.py %t/plan/manifest.json 700,750 \
// RUN:   > %t/results.json
// RUN: cp -r %t/plan %t/good
// The plan and results as they are ingest fine.
// RUN: gemm-tune ingest %t/plan %t/results.json --database %t/ok.json \
// RUN:   | FileCheck %s --check-prefix=OK
//
// The manifest: a ranking entry that is not an object (was a crash), a
// shape of the wrong type or out of range, a block tile of two sizes, a
// layout that is neither row nor col, problems that are not an array.
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'problems[0].ranking[1]' 5 > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=RANKING
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'problems[0].m' '"4096"' > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=M-TYPE
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'problems[0].k' 0 > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=K-ZERO
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'problems[0].ranking[0].predicted_us' '"fast"' > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=PREDICTED
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'candidates[1].block' '[128, 256]' > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'candidates[0].layouts.b' '"diagonal"' > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/good/manifest.json \
// RUN:   'problems' '{}' > %t/plan/manifest.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=PROBLEMS
// RUN: cp %t/good/manifest.json %t/plan/manifest.json
//
// The results: a negative or zero TFLOP/s (was recorded as the best), a
// cuBLAS time or ratio that is not a finite positive number, a run that is
// not an object (was skipped), a result of the wrong type.
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[1].result.timing.gemm_opt.tflops' -1e308 > %t/negative.json
// RUN: not gemm-tune ingest %t/plan %t/negative.json --database %t/db.json \
// RUN:   > %t/negative.out 2>&1
// RUN: FileCheck %s --check-prefix=NEGATIVE < %t/negative.out
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[0].result.timing.gemm_opt.tflops' 0 > %t/zero.json
// RUN: not gemm-tune ingest %t/plan %t/zero.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[0].result.timing.cublas.tflops' '"inf"' \
// RUN:   | sed 's/"inf"/1e999/' > %t/infinite.json
// RUN: not gemm-tune ingest %t/plan %t/infinite.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=INFINITE
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[0].result.timing.ratio_to_cublas' -0.5 > %t/ratio.json
// RUN: not gemm-tune ingest %t/plan %t/ratio.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=RATIO
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[1]' '"x"' > %t/run.json
// RUN: not gemm-tune ingest %t/plan %t/run.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=NOT-OBJECT
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[0].result' '[]' > %t/result.json
// RUN: not gemm-tune ingest %t/plan %t/result.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=RESULT
// A failed run's result need not be a measurement.
// RUN: %python %S/Inputs/gemm-tune-set-json.py %t/results.json \
// RUN:   'runs[1].result' '{"status": "fail", "timing": 7}' > %t/failed.json
// RUN: gemm-tune ingest %t/plan %t/failed.json --database %t/failed-db.json \
// RUN:   | FileCheck %s --check-prefix=FAILED
//
// JSON nested 50,000 levels deep (was a stack overflow): the results, the
// manifest and an existing database each stop at the nesting limit.
// RUN: %python %S/../Tools/Inputs/nested-json.py runs 50000 \
// RUN:   format='"gemm-tune-results-1"' > %t/deep-results.json
// RUN: not gemm-tune ingest %t/plan %t/deep-results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=DEEP-RESULTS
// RUN: gemm-tune ingest %t/plan %t/deep-results.json --database %t/db.json \
// RUN:   > /dev/null 2>&1; test $? -eq 2
// RUN: mkdir -p %t/deep-plan
// RUN: %python %S/../Tools/Inputs/nested-json.py problems 50000 \
// RUN:   > %t/deep-plan/manifest.json
// RUN: not gemm-tune ingest %t/deep-plan %t/results.json --database %t/db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=DEEP-MANIFEST
// RUN: %python %S/../Tools/Inputs/nested-json.py entries 50000 > %t/deep-db.json
// RUN: not gemm-tune ingest %t/plan %t/results.json --database %t/deep-db.json \
// RUN:   2>&1 | FileCheck %s --check-prefix=DEEP-DATABASE
// Exit status 2, and no database from any of the bad inputs.
// RUN: gemm-tune ingest %t/plan %t/negative.json --database %t/db.json \
// RUN:   > /dev/null 2>&1; test $? -eq 2
// RUN: not test -e %t/db.json

// OK:         bf16  4096x4096x4096      750.0     800.0  0.938     2   yes     700.0
// OK:         1 problems measured; 0 runs failed or were not timed

// RANKING:    error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected object at manifest.problems[0].ranking[1]
// M-TYPE:     error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected integer at manifest.problems[0].m
// K-ZERO:     error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected an integer in [1, 2^31 - 1] at manifest.problems[0].k
// PREDICTED:  error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected number at manifest.problems[0].ranking[0].predicted_us
// BLOCK:      error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected 3 integers at manifest.candidates[1].block
// LAYOUT:     error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected "row" or "col" at manifest.candidates[0].layouts.b
// PROBLEMS:   error: '{{.*}}manifest.json' is not a gemm-tune plan manifest: expected array at manifest.problems

// NEGATIVE-NOT: TFLOP/s
// NEGATIVE:   error: '{{.*}}negative.json' is not a gemm-tune-results-1 file (scripts/tune-measure.sh writes one): expected a finite positive number at results.runs[1].result.timing.gemm_opt.tflops
// ZERO:       expected a finite positive number at results.runs[0].result.timing.gemm_opt.tflops
// INFINITE:   expected a finite positive number at results.runs[0].result.timing.cublas.tflops
// RATIO:      expected a finite positive number at results.runs[0].result.timing.ratio_to_cublas
// NOT-OBJECT: expected object at results.runs[1]
// RESULT:     expected object at results.runs[0].result

// DEEP-RESULTS:  error: '{{.*}}deep-results.json' is not JSON: [1:298, byte=297]: arrays and objects nest deeper than 256 levels
// DEEP-MANIFEST: error: '{{.*}}manifest.json' is not JSON: [1:269, byte=268]: arrays and objects nest deeper than 256 levels
// DEEP-DATABASE: error: '{{.*}}deep-db.json' is not JSON: [1:268, byte=267]: arrays and objects nest deeper than 256 levels

// FAILED:     bf16  4096x4096x4096      700.0
// FAILED:     1 problems measured; 1 runs failed or were not timed
