// RUN: not gemm-opt %s -o /dev/full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: not gemm-opt %s.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: gemm-opt %s -o %t.mlir && FileCheck %s --check-prefix=WRITTEN --input-file %t.mlir

// gemm-opt's output that cannot be written is an error with exit code 1,
// the path and the reason, not LLVM's "IO failure" abort; so is an input
// that cannot be read.

// FULL: gemm-opt: cannot write '/dev/full': No space left on device
// FULL-NOT: LLVM ERROR
// MISSING: cannot open input file
// WRITTEN: func.func @empty

func.func @empty() {
  return
}
