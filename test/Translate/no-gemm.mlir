// RUN: not gemm-translate %s --to-ptx -o %t.ptx 2>&1 | FileCheck %s

// Nothing to compile is an error, not an empty PTX file.

// CHECK: gemm-translate: error: the input holds no tile.gemm to compile
func.func @no_gemm(%a: memref<?x?xbf16>) {
  return
}
