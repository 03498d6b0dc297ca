// A dot schedule (thin GEMMs on the CUDA cores, no shared memory) is
// reported as what it is: no shared memory and no bank conflicts, and at a
// decode shape the weight's DRAM traffic bounds it.
// RUN: gemm-opt %examples/gemm_bf16_dot_decode_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1 n=4096 k=14336" \
// RUN:   | FileCheck %s
// RUN: gemm-opt %examples/gemm_bf16_dot_decode_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1 n=4096 k=14336 format=json" \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: gemm-opt %examples/gemm_bf16_dot_rows_decode_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1 n=8192 k=28672" \
// RUN:   | FileCheck %s --check-prefix=ROWS

// CHECK:      kind           : dot, block 1x4x1024, warp 1x1, 1 stages, 128 threads
// CHECK-NEXT: shared memory  : 0 B per block
// CHECK:      bank conflicts : none: a dot kernel uses no shared memory
// CHECK-NEXT: shape 1x4096x14336: 1024 tiles
// CHECK:      DRAM 51.1 us (117.5 MB)
// CHECK-NEXT: predicted: DRAM bound

// JSON:      "bank_conflicts": [],
// JSON:      "mma": "dot",

// Along N, 16 warps along K meet in shared memory; a lane keeps 8 sums and
// 8 rows' loads of B.
// ROWS:      kind           : dot, block 1x256x128, warp 1x256, 1 stages, 512 threads
// ROWS-NEXT: shared memory  : 16400 B per block
// ROWS-NEXT: registers      : 72 per thread (accumulators 8, fragments 64,
// ROWS-NOT:  spills expected
// ROWS:      bank conflicts : none in the main loop: a dot kernel along N uses shared memory only where its warps meet
// ROWS:      predicted: DRAM bound
