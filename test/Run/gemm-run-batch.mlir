// REQUIRES: ptxas, gemm-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %examples/gemm_bf16_wgmma_batched_sm90.mlir --to-bundle -o %t/batched/kernel.json
// RUN: gemm-translate %examples/gemm_f16_wgmma_sm90.mlir --to-bundle -o %t/plain/kernel.json
// RUN: not gemm-run %t/plain/kernel.json -m 128 -n 128 -k 64 --batch 3 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not gemm-run %t/batched/kernel.json -m 128 -n 128 -k 64 --batch 0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not gemm-run %t/batched/kernel.json -m 128 -n 128 -k 64 --batch 3 --batch-stride-a -64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE
// RUN: not gemm-run %t/batched/kernel.json -m 128 -n 128 -k 64 --batch 3 --batch-stride-c 16000 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVERLAP
// RUN: not gemm-run %t/batched/kernel.json -m 128 -n 128 -k 64 --batch 3 --batch-stride-b 100 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUT-OVERLAP
// RUN: not gemm-run %t/batched/kernel.json -m 128 -n 128 -k 64 --batch 3 --batch-stride-c 0 \
// RUN:   --json-out %t/overlap.json
// RUN: FileCheck %s --input-file %t/overlap.json --check-prefix=JSON
// A result file that cannot be written is reported, not an abort.
// RUN: not gemm-run %t/plain/kernel.json -m 128 -n 128 -k 64 --batch 3 --json-out /dev/full 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FULL
// FULL: error: unsupported batch
// FULL: gemm-run: error: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR

// gemm-run refuses batch misuse before it looks for a GPU (exit 2): a batch
// on a kernel that is not batched, no entries, negative strides, entries of
// C that overlap, and input entries that overlap without being the same
// matrix (stride 0).
// PLAIN: gemm-run: error: unsupported batch: kernel gemm_f16_wgmma_kernel computes one matrix product (it was not compiled from a batched tile.gemm on 3-D operands); batch count 3 needs a batched kernel
// ZERO: gemm-run: error: --batch=0: the batch count must be at least 1
// NEGATIVE: gemm-run: error: --batch-stride-a=-64: batch strides must not be negative
// OVERLAP: gemm-run: error: invalid batch stride: C's is 16000 elements; it must be at least the 16384 elements one batch entry spans (ldc * its major extent)
// INPUT-OVERLAP: gemm-run: error: invalid batch stride: B's is 100 elements; it must be at least the 8192 elements one batch entry spans (ldb * its major extent), or 0 to use one matrix for every entry
// JSON: "exit_code": 2,
// JSON: "status": "error"
