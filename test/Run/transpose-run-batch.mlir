// REQUIRES: ptxas, gemm-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %examples/transpose_f32_batched_sm90.mlir --to-bundle -o %t/batched/kernel.json
// RUN: gemm-translate %examples/transpose_f32_sm90.mlir --to-bundle -o %t/plain/kernel.json
// RUN: gemm-translate %examples/gemm_f16_wgmma_sm90.mlir --to-bundle -o %t/gemm/kernel.json
// RUN: not transpose-run %t/plain/kernel.json -m 64 -n 64 --batch 3 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not transpose-run %t/batched/kernel.json -m 64 -n 64 --batch 0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not transpose-run %t/batched/kernel.json -m 64 -n 64 --batch 70000 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not transpose-run %t/batched/kernel.json -m 64 -n 64 --lds 32 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: not transpose-run %t/gemm/kernel.json -m 64 -n 64 2>&1 | FileCheck %s --check-prefix=GEMM

// transpose-run refuses what it cannot run before it looks for a GPU (exit
// 2): a batch on a kernel compiled for one matrix, a batch count outside
// the grid's z range, a leading dimension under the row length, a bundle
// without a transpose kernel.
// PLAIN: transpose-run: error: kernel transpose_f32_kernel transposes one matrix; a batch of 3 needs a batched kernel (tile.transpose on 3-D memrefs)
// ZERO: transpose-run: error: invalid batch count {{[0-9]+}} (must be in [1, 65535], the grid's z limit)
// LDS: transpose-run: error: invalid leading dimension: lds=32 must be at least N=64 (and below 2^31)
// GEMM: transpose-run: error: no transpose kernel in {{.*}}kernel.json (it has: gemm_f16_wgmma_kernel (gemm))
