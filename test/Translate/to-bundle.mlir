// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %examples/gemm_bf16_sm90.mlir --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: FileCheck %s --input-file %t/gemm_bf16_kernel.ptx --check-prefix=PTX

// The bundle of the shipped example (bf16, sm_90a, block [128, 256, 32],
// warp [64, 64], 4 stages): launch metadata for the runtime, with the PTX and
// the cubin beside it, and ptxas's report: the 4x8 fragments of a 64x64 warp
// tile must stay in registers.

// CHECK:      "format": "gemm-opt-bundle-v1",
// CHECK-NEXT: "kernels": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "block": [
// CHECK-NEXT:       256,
// CHECK-NEXT:       1,
// CHECK-NEXT:       1
// CHECK-NEXT:     ],
// CHECK-NEXT:     "chip": "sm_90a",
// CHECK:          "cubin": "gemm_bf16_kernel.cubin",
// 4 stages x (128x32 + 32x256) bf16.
// CHECK-NEXT:     "dynamic_shared_memory_bytes": 98304,
// CHECK-NEXT:     "grid": {
// CHECK-NEXT:       "x": {
// CHECK-NEXT:         "extent": "n",
// CHECK-NEXT:         "tile": 256
// CHECK-NEXT:       },
// CHECK-NEXT:       "y": {
// CHECK-NEXT:         "extent": "m",
// CHECK-NEXT:         "tile": 128
// CHECK-NEXT:       },
// CHECK-NEXT:       "z": 1
// CHECK-NEXT:     },
// An mma.sync kernel needs whole block tiles (requires_divisible below is
// the tile) and 16-byte aligned operands and row pitches; wgmma kernels
// (to-ptx-wgmma*.mlir) say 1 x 1 x 1 and the size of C's element.
// CHECK:          "math": "tensor_core",
// CHECK-NEXT:     "min_alignment_bytes": 16,
// CHECK-NEXT:     "name": "gemm_bf16_kernel",
// CHECK-NEXT:     "parameters": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "memref",
// CHECK-NEXT:         "operand": "a",
// CHECK-NEXT:         "rank": 2
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "memref",
// CHECK-NEXT:         "operand": "b",
// CHECK-NEXT:         "rank": 2
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "kind": "memref",
// CHECK-NEXT:         "operand": "c",
// CHECK-NEXT:         "rank": 2
// CHECK-NEXT:       }
// CHECK-NEXT:     ],
// CHECK-NEXT:     "ptx": "gemm_bf16_kernel.ptx",
// CHECK-NEXT:     "ptxas_info": "{{.*}}Compiling entry function 'gemm_bf16_kernel' for 'sm_90a'{{.*}} bytes stack frame, 0 bytes spill stores, 0 bytes spill loads{{.*}}",
// CHECK-NEXT:     "ptxas_opt_level": 3,
// CHECK-NEXT:     "requires_divisible": {
// CHECK-NEXT:       "k": 32,
// CHECK-NEXT:       "m": 128,
// CHECK-NEXT:       "n": 256
// CHECK-NEXT:     },
// CHECK-NEXT:     "tile": {
// CHECK-NEXT:       "k": 32,
// CHECK-NEXT:       "m": 128,
// CHECK-NEXT:       "n": 256
// CHECK-NEXT:     },
// CHECK-NEXT:     "types": {
// CHECK-NEXT:       "a": "bf16",
// CHECK-NEXT:       "accumulator": "f32",
// CHECK-NEXT:       "b": "bf16",
// CHECK-NEXT:       "c": "bf16"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK-NEXT: "schema_version": 1,
// CHECK-NEXT: "source": "{{.*}}gemm_bf16_sm90.mlir"

// FILES:      gemm_bf16_kernel.cubin
// FILES-NEXT: gemm_bf16_kernel.ptx
// FILES-NEXT: kernel.json

// PTX:       .target sm_90a
// PTX-LABEL: .visible .entry gemm_bf16_kernel(
// PTX:       .maxntid 256, 1, 1
