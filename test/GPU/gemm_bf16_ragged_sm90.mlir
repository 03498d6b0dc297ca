// The ragged bf16 schedule on a GPU: where the block tile divides the shape
// and the operands are 16-byte aligned, gemm-run's launch takes the
// whole-tile variant compiled beside the any-shape kernel
// (runtime/WholeTileVariant.h); elsewhere the any-shape kernel. Both are
// checked against cuBLAS and fp64. Unsupported where no GPU answers.
//
// RUN: gemm-run %bench/bf16_128x256x32_s4_ragged.mlir -m 1024 -n 1024 -k 1024 --no-timing | FileCheck %s --check-prefixes=CHECK,WHOLE
// RUN: gemm-run %bench/bf16_128x256x32_s4_ragged.mlir -m 1000 -n 1300 -k 2000 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY
// RUN: gemm-run %bench/bf16_128x256x32_s4_ragged.mlir -m 1024 -n 1024 -k 1024 --lda 1025 --no-timing | FileCheck %s --check-prefixes=CHECK,ANY

// WHOLE: variant  : ran its whole-tile variant bf16_128x256x32_s4_ragged_kernel_whole_tiles
// ANY:   variant  : ran the any-shape kernel
// CHECK: vs cuBLAS: {{.*}}PASS
// CHECK: vs fp64  : {{.*}}PASS
