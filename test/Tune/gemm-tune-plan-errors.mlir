// gemm-tune plan and rank: shapes outside the model's range (each of M, N
// and K in [1, 2^31 - 1], gemm-run's limit), an output directory it cannot
// write (found before the enumeration, not after it) and a space with no
// legal candidate are errors with exit status 2; the largest shapes plan in
// seconds.
// RUN: rm -rf %t && mkdir -p %t && touch %t/file
// RUN: not gemm-tune plan --shapes 1000000000000x4096x4096 --top 1 \
// RUN:   --families wgmma --dtypes bf16 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not gemm-tune plan \
// RUN:   --shapes 4611686018427387904x4611686018427387904x4611686018427387904 \
// RUN:   2>&1 | FileCheck %s --check-prefix=CUBE
// RUN: not gemm-tune rank --shapes 4096x4096x2147483648 --match x \
// RUN:   2>&1 | FileCheck %s --check-prefix=RANK-K
// RUN: gemm-tune plan --shapes 2147483647x2147483647x2147483647 --top 1 \
// RUN:   --families wgmma --dtypes bf16 | FileCheck %s --check-prefix=LARGEST
//
// RUN: not gemm-tune plan --dtypes bf16 -o %t/file > %t/file.out 2>&1
// RUN: FileCheck %s --check-prefix=O-FILE < %t/file.out
// RUN: not gemm-tune plan --dtypes bf16 -o %t/missing/plan \
// RUN:   > %t/missing.out 2>&1
// RUN: FileCheck %s --check-prefix=O-MISSING < %t/missing.out
// RUN: not test -e %t/missing
// RUN: not gemm-tune plan --dtypes bf16 -o %t/file/plan 2>&1 \
// RUN:   | FileCheck %s --check-prefix=O-PARENT-FILE
//
// RUN: not gemm-tune plan --chip sm_80 --families wgmma --dtypes bf16 \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=NO-LEGAL
// RUN: gemm-tune plan --chip sm_80 --families wgmma --dtypes bf16 \
// RUN:   > /dev/null 2>&1; test $? -eq 2
// RUN: not gemm-tune rank --chip sm_80 --families wgmma --dtypes f16 \
// RUN:   --match x 2>&1 | FileCheck %s --check-prefix=RANK-NO-LEGAL
// RUN: not gemm-tune plan --families sync --dtypes bf16 \
// RUN:   --shapes 100x100x100 -o %t/none --no-compile 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONE-RUNS
// RUN: not test -e %t/none/manifest.json

// HUGE:          gemm-tune plan: error: --shapes: invalid shape 1000000000000x4096x4096: M=1000000000000 (must be in [1, 2^31 - 1])
// CUBE:          gemm-tune plan: error: --shapes: invalid shape 4611686018427387904x4611686018427387904x4611686018427387904: M=4611686018427387904 (must be in [1, 2^31 - 1])
// RANK-K:        gemm-tune rank: error: --shapes: invalid shape 4096x4096x2147483648: K=2147483648 (must be in [1, 2^31 - 1])
// LARGEST:       bf16 2147483647x2147483647x2147483647 (large): 4728 legal candidates run it
// LARGEST:       1        1  {{ *[0-9]+\.[0-9]}}  {{ *[0-9]+\.[0-9]}}  math

// The output is checked before the work: nothing enumerated.
// O-FILE-NOT:    candidates enumerated
// O-FILE:        gemm-tune plan: error: -o: '{{.*}}file' exists and is not a directory
// O-FILE-NOT:    candidates enumerated
// O-MISSING-NOT: candidates enumerated
// O-MISSING:     gemm-tune plan: error: -o: cannot create '{{.*}}missing/plan': '{{.*}}missing' does not exist
// O-PARENT-FILE: gemm-tune plan: error: -o: cannot create '{{.*}}file/plan': '{{.*}}file' is not a directory

// NO-LEGAL:      gemm-tune plan: error: no legal bf16 candidate of --families wgmma for sm_80 (54864 enumerated): 54864 illegal: wgmma needs sm_90a, got sm_80
// RANK-NO-LEGAL: gemm-tune rank: error: no legal f16 candidate of --families wgmma for sm_80 (54864 enumerated): 54864 illegal: wgmma needs sm_90a, got sm_80
// NONE-RUNS:     gemm-tune plan: warning: no legal bf16 candidate runs 100x100x100
// NONE-RUNS:     gemm-tune plan: error: no legal candidate runs any of the problems (mma.sync kernels need shapes their block tile divides; wgmma ones take any)
