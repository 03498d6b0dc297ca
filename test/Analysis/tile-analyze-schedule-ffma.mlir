// An ffma (SIMT fp32) schedule is modelled as what it is: FFMAs on the CUDA
// cores, fragments read with LDS.128, registers as the verifier estimates
// them (plus the guarded main loop) and ptxas's cap where the kernel asks
// for two blocks per SM; and it takes ragged shapes.
// RUN: gemm-opt %examples/gemm_f32_simt_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h100 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=EXAMPLE
// RUN: gemm-opt %bench/f32_simt_128x256x8_t8x16_s3.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h100 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=WIDE
// RUN: gemm-opt %examples/gemm_f32_simt_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h100 m=1000 n=1300 k=2001" \
// RUN:   | FileCheck %s --check-prefix=RAGGED
// RUN: gemm-opt %examples/gemm_f32_simt_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h100 m=4096 n=4096 k=4096 format=json" \
// RUN:   | FileCheck %s --check-prefix=JSON

// 8x8 thread tiles: 64 accumulators, 2 x 16 fragments, 20 more (4 for A in
// flight, 16): 116 in the whole-tile variant, which 4096³ runs, two blocks
// per SM.
// EXAMPLE: kind           : ffma, block 128x128x8, warp 32x64, 2 stages, 256 threads, thread tile 8x8
// EXAMPLE: registers      : 116 per thread (accumulators 64, fragments 32, addresses 0, other 20); {{[0-9]+}} per block (its whole-tile variant, which this shape runs)
// EXAMPLE: occupancy      : 2 block(s), 16 warps per SM
// EXAMPLE: bank conflicts : not simulated for ffma
// EXAMPLE-NOT: ldmatrix
// EXAMPLE: shape 4096x4096x4096: 1024 tiles of 512 K tiles
// EXAMPLE: predicted: {{[a-z]+}} bound, {{[0-9.]+}} us, 4{{[0-9]}}.{{[0-9]}} TFLOP/s

// 8x16: one block per SM, bound by the FFMA rate (measured 51.8 TFLOP/s).
// WIDE: thread tile 8x16
// WIDE: occupancy      : 1 block(s), 8 warps per SM
// WIDE: predicted: math bound, {{[0-9.]+}} us, 5{{[0-9]}}.{{[0-9]}} TFLOP/s

// A ragged shape runs the any-shape kernel: 8 more registers for the
// guarded loop, 124.
// RAGGED: registers      : 124 per thread (accumulators 64, fragments 32, addresses 0, other 28)
// RAGGED-NOT: whole-tile variant
// RAGGED: shape 1000x1300x2001: 88 tiles of 251 K tiles
// RAGGED: predicted:

// JSON: "mma": "ffma"
// JSON: "blocks_per_sm": 2
// JSON: "whole_tile_variant": true
