// The static model of the shipped examples, per tile (no shape) and for
// 4096^3 on the H200, in text and JSON.
// RUN: gemm-opt %examples/gemm_bf16_sm90.mlir --tile-analyze-schedule -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=SYNC
// RUN: gemm-opt %examples/gemm_bf16_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=SYNC-SHAPE
// RUN: gemm-opt %examples/gemm_f16_sm90.mlir --tile-analyze-schedule -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=SYNC-F16
// RUN: gemm-opt %examples/gemm_bf16_wgmma_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: gemm-opt %examples/gemm_f16_wgmma_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="device=h200 m=1024 n=1024 k=8192" \
// RUN:   | FileCheck %s --check-prefix=WGMMA-DEEP
// RUN: gemm-opt %examples/gemm_bf16_wgmma_sm90.mlir -o /dev/null \
// RUN:   --tile-analyze-schedule="format=json m=8192 n=8192 k=8192" \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: gemm-opt %s --tile-analyze-schedule="m=4096 n=4096 k=4096" \
// RUN:   | FileCheck %s --check-prefix=IR

// SYNC:      schedule @gemm_bf16 on NVIDIA H100 SXM (h100, sm_90a)
// SYNC-NEXT:   kind           : mma.sync, block 128x256x32, warp 64x64, 4 stages, 256 threads
// SYNC-NEXT:   shared memory  : 98304 B per block (dynamic 98304, static 0 for 0 B of barriers; epilogue staging 0)
// SYNC-NEXT:   registers      : 252 per thread (accumulators 128, fragments 64, addresses 38, other 22); 65536 per block
// SYNC-NEXT:   occupancy      : 1 block(s), 8 warps per SM; limits: shared memory 2, registers 1, threads 8, blocks 32; limiter: registers
// SYNC-NEXT:   intensity      : block 85.3 FLOP/B of global loads (DRAM balance 295.2); warp 32.0 FLOP/B of shared reads, block 23.3 FLOP/B of shared traffic (shared balance 29.6)
// SYNC-NEXT:   bank conflicts :
// SYNC-NEXT:     A cp.async 16B writes #tile.swizzle<64> 16 instr, 64 wavefronts / 64 ideal = 1.00x
// SYNC-NEXT:     A ldmatrix.x4 reads #tile.swizzle<64> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// SYNC-NEXT:     B cp.async 16B writes #tile.swizzle<128> 32 instr, 128 wavefronts / 128 ideal = 1.00x
// SYNC-NEXT:     B ldmatrix.x4 reads #tile.swizzle<128> 64 instr, 256 wavefronts / 256 ideal = 1.00x
// SYNC-NEXT:   shape          : none given (pass m, n, k for a prediction)

// SYNC-SHAPE:      schedule @gemm_bf16 on NVIDIA H200 (h200, sm_90a)
// SYNC-SHAPE:        intensity {{.*}} (DRAM balance 206.0)
// SYNC-SHAPE:        shape 4096x4096x4096: 512 tiles of 128 K tiles, 3.88 waves (97% of the last whole wave used), clock 0.85 of boost
// SYNC-SHAPE-NEXT:     math 168.6 us, shared memory 182.0 us, latency 256.0 us, issue 0.0 us, exposed fill+epilogue 13.2 us, DRAM 43.8 us (100.7 MB)
// SYNC-SHAPE-NEXT:     predicted: latency bound, 269.6 us, 509.8 TFLOP/s

// SYNC-F16: schedule @gemm_f16 on NVIDIA H100 SXM (h100, sm_90a)
// SYNC-F16: registers      : 252 per thread

// WGMMA:      schedule @gemm_bf16_wgmma on NVIDIA H200 (h200, sm_90a)
// WGMMA-NEXT:   kind           : wgmma, block 128x256x64, warpgroup 64x256, 3 stages, 384 threads
// WGMMA-NEXT:   shared memory  : 214016 B per block (dynamic 212992, static 1024 for 48 B of barriers; epilogue staging 65536)
// WGMMA-NEXT:   registers      : 144 per thread (accumulators 128, fragments 0, addresses 0, other 16); setmaxnreg producer 40 / consumer 232; 64512 per block
// WGMMA-NEXT:   occupancy      : 1 block(s), 12 warps per SM; limits: shared memory 1, registers 1, threads 5, blocks 32; limiter: shared memory
// WGMMA-NEXT:   intensity      : block 85.3 FLOP/B of global loads (DRAM balance 206.0); warpgroup 51.2 FLOP/B of shared reads, block 32.0 FLOP/B of shared traffic (shared balance 29.6)
// WGMMA-NEXT:   bank conflicts :
// WGMMA-NEXT:     A TMA writes #tile.swizzle<128> 1 boxes per stage, conflict-free by construction
// WGMMA-NEXT:     A wgmma core-matrix reads #tile.swizzle<128> 128 instr, 128 wavefronts / 128 ideal = 1.00x
// WGMMA-NEXT:     B TMA writes #tile.swizzle<128> 4 boxes per stage, conflict-free by construction
// WGMMA-NEXT:     B wgmma core-matrix reads #tile.swizzle<128> 512 instr, 512 wavefronts / 512 ideal = 1.00x
// WGMMA-NEXT:     C staging fragment pair writes #tile.swizzle<128> 1024 instr, 1024 wavefronts / 1024 ideal = 1.00x
// WGMMA-NEXT:     C staging TMA store reads #tile.swizzle<128> 8 boxes per tile, conflict-free by construction
// The persistent grid's blocks start once and the tma store overlaps the
// next tile: one start and one store of the four rounds are exposed.
// WGMMA-NEXT:   shape 4096x4096x4096: 512 tiles of 64 K tiles, 3.88 waves (97% of the last whole wave used), clock 0.85 of boost
// WGMMA-NEXT:     math 168.6 us, shared memory 132.4 us, latency 128.0 us, issue 84.3 us, exposed fill+epilogue 3.3 us, DRAM 47.4 us (109.1 MB)
// WGMMA-NEXT:     predicted: math bound, 179.4 us, 765.9 TFLOP/s

// 32 tiles for 132 SMs: a quarter of a wave (and the clocks of a quarter
// of the SMs busy).
// WGMMA-DEEP: shape 1024x1024x8192: 32 tiles of 128 K tiles, 0.24 waves (24% of the last whole wave used), clock 0.96 of boost
// WGMMA-DEEP-NEXT: math 74.4 us, shared memory 66.2 us, latency 64.0 us, issue 37.2 us, exposed fill+epilogue 3.3 us, DRAM 15.5 us (35.7 MB)
// WGMMA-DEEP-NEXT: predicted: math bound, 83.2 us, 206.6 TFLOP/s

// JSON:      "schedules": [
// JSON:          "block": [
// JSON-NEXT:       128,
// JSON-NEXT:       256,
// JSON-NEXT:       64
// JSON:          "chip": "sm_90a",
// JSON-NEXT:     "device": "h100",
// JSON:          "dram_balance": 295.2238
// JSON-NEXT:     "ffma_dram_balance": 20
// JSON-NEXT:     "ffma_shared_balance": 2.0027
// JSON:          "mma": "wgmma",
// JSON:          "name": "@gemm_bf16_wgmma",
// JSON:          "blocks_per_sm": 1,
// JSON:          "limiter": "shared memory",
// JSON:          "prediction": {
// JSON:            "bound": "math",
// JSON:            "tiles": 2048,
// JSON:          "registers": {
// JSON:            "consumer": 232,
// JSON:            "producer": 40,
// JSON: "shared_memory_bytes": 214016,

#sm80 = #tile.schedule<chip = "sm_80", block = [128, 128, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = f16, b = f16, c = f16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 3, load = cp_async>>

// sm_80 defaults to the A100; the report comes before the IR, which the
// pass leaves unchanged.
// IR:      schedule @unchanged on NVIDIA A100 SXM 80GB (a100, sm_80)
// IR:        registers      : 254 per thread (accumulators 128, fragments 64, addresses 40, other 22); 32768 per block
// IR-NEXT:   occupancy      : 2 block(s), 8 warps per SM; limits: shared memory 3, registers 2, threads 16, blocks 32; limiter: registers
// IR:        predicted: math bound, 557.0 us, 246.8 TFLOP/s
// IR-LABEL: func.func @unchanged(
// IR:         tile.gemm %{{.*}}, %{{.*}} into %{{.*}} {schedule = #tile.schedule<chip = "sm_80"
func.func @unchanged(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>) {
  tile.gemm %a, %b into %c {schedule = #sm80}
      : memref<?x?xf16>, memref<?x?xf16> into memref<?x?xf16>
  return
}
