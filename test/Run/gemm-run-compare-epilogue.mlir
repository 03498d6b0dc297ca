// REQUIRES: ptxas, gemm-run
// RUN: rm -rf %t && mkdir -p %t
// RUN: gemm-translate %s --to-bundle -o %t/alpha/kernel.json
// RUN: gemm-translate %examples/gemm_bf16_wgmma_sm90.mlir --to-bundle -o %t/plain/kernel.json
// RUN: gemm-translate %examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir --to-bundle -o %t/gelu/kernel.json
// RUN: not gemm-run %t/alpha/kernel.json -m 256 -n 256 -k 64 --compare-epilogue 2>&1 | FileCheck %s --check-prefix=ALPHA
// RUN: not gemm-run %t/plain/kernel.json -m 256 -n 256 -k 64 --compare-epilogue 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: not gemm-run %t/gelu/kernel.json -m 256 -n 256 -k 64 --compare-epilogue --no-cublas 2>&1 | FileCheck %s --check-prefix=NOCUBLAS
// RUN: not gemm-run %t/alpha/kernel.json -m 256 -n 256 -k 64 --compare-epilogue --json-out %t/alpha.json
// RUN: FileCheck %s --input-file %t/alpha.json --check-prefix=JSON

// gemm-run --compare-epilogue refuses, before it looks for a GPU (exit 2),
// what the comparison does not cover: alpha/beta and residual epilogues,
// a kernel without a fused epilogue, and --no-cublas (it times cuBLAS).
// ALPHA: gemm-run: error: --compare-epilogue covers bias and activation epilogues; kernel gemm_alpha_relu_kernel also fuses alpha_beta (its epilogue: alpha_beta,bias=column,activation=relu)
// PLAIN: gemm-run: error: --compare-epilogue: kernel {{.*}} fuses no epilogue
// NOCUBLAS: gemm-run: error: --compare-epilogue times cuBLAS and cuBLASLt: it cannot be combined with --no-cublas
// JSON: "exit_code": 2,
// JSON: "status": "error"
#sched = #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
  mma = #tile.mma<sync, [16, 8, 16]>,
  elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
  smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
  pipeline = #tile.pipeline<stages = 4, load = cp_async>,
  store = #tile.store<direct>>
func.func @gemm_alpha_relu(%a: memref<?x?xbf16>, %b: memref<?x?xbf16>, %c: memref<?x?xbf16>,
                           %alpha: f32, %beta: f32, %bias: memref<?xbf16>) {
  tile.gemm %a, %b into %c alpha %alpha beta %beta bias %bias : memref<?xbf16>
      {schedule = #sched,
          epilogue = #tile.epilogue<alpha_beta = true, bias = column, activation = relu>}
      : memref<?x?xbf16>, memref<?x?xbf16> into memref<?x?xbf16>
  return
}
