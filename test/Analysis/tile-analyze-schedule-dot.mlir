// A dot schedule (thin GEMMs on the CUDA cores, no shared memory) is
// reported as what it is: no shared memory and no bank conflicts, and at a
// decode shape the weight's DRAM traffic bounds it.
// RUN: gemm-opt %examples/gemm_bf16_dot_decode_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1 n=4096 k=14336" \
// RUN:   | FileCheck %s
// RUN: gemm-opt %examples/gemm_bf16_dot_decode_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1 n=4096 k=14336 format=json" \
// RUN:   | FileCheck %s --check-prefix=JSON

// CHECK:      kind           : dot, block 1x4x1024, warp 1x1, 1 stages, 128 threads
// CHECK-NEXT: shared memory  : 0 B per block
// CHECK:      bank conflicts : none: a dot kernel uses no shared memory
// CHECK-NEXT: shape 1x4096x14336: 1024 tiles
// CHECK:      DRAM 51.1 us (117.5 MB)
// CHECK-NEXT: predicted: DRAM bound

// JSON:      "bank_conflicts": [],
// JSON:      "mma": "dot",
