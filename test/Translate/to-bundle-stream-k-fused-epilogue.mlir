// REQUIRES: ptxas
// A fused epilogue on a stream-K grid: the kernel takes the epilogue's
// operands after A, B, C and the tensor maps, and the stream-K workspace
// (partial tiles, tile counters) last; the owner of a split tile applies
// bias and GELU once, to the sum of the parts.
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %bench/epilogue_bf16_wgmma_bias_gelu_persistent_tma_streamk1.mlir \
// RUN:   --to-bundle -o %t/kernel.json
// RUN: FileCheck %s --input-file %t/kernel.json
// RUN: FileCheck %s --input-file %t/epilogue_bf16_wgmma_bias_gelu_persistent_tma_streamk1_kernel.ptx \
// RUN:   --check-prefix=PTX

// CHECK:      "epilogue": {
// CHECK-NEXT:   "activation": "gelu_tanh",
// CHECK:        "bias": "column",
// CHECK:      "stream_k": true
// CHECK:      "operand": "bias",
// CHECK-NEXT:   "rank": 1
// CHECK-NEXT: },
// CHECK-NEXT: {
// CHECK-NEXT:   "kind": "workspace",
// CHECK-NEXT:   "name": "split_k_partials"
// CHECK:        "name": "split_k_tile_counters"
// CHECK:      0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// PTX:     wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// PTX:     ld.acquire.gpu
// PTX:     tanh.approx.f32
// PTX:     cp.async.bulk.tensor.2d.global.shared::cta
