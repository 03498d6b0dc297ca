#!/usr/bin/env bash
# One device call for the tma epilogue store's fused operations and the
# Hopper table (session 4): alpha/beta/residual (+ SiLU) and bias + GELU on
# the tma store checked against fp64 (and under memcheck), the fused-epilogue
# comparison against cuBLAS + a separate kernel and cuBLASLt for the vector
# and tma stores, then bench/hopper-benchmark.sh over the seven Hopper
# shapes for the best schedules ($BUNDLES). Run from the repository root on
# the GPU machine with device-artifacts/ carried; results under $OUT.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-./device-out}
D=device-artifacts
echo "== alpha/beta/residual on the tma store"
$D/bin/gemm-run $D/epilogue_bf16_wgmma_alpha_beta_residual_tma/kernel.json -m 4096 -n 4096 -k 1024 --alpha 1.5 --beta 0.5 --residual --no-timing 2>&1 | grep -E "vs |error"
$D/bin/gemm-run $D/epilogue_bf16_wgmma_alpha_beta_residual_tma/kernel.json -m 1024 -n 1024 -k 512 --alpha 1.5 --beta 0.5 --residual --ldc 1032 --no-timing 2>&1 | grep -E "vs |error"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 86 $D/bin/gemm-run $D/epilogue_bf16_wgmma_alpha_beta_residual_tma/kernel.json -m 1024 -n 1024 -k 512 --alpha 1.5 --beta 0.5 --residual --no-timing --no-cublas 2>&1 | grep -E "vs |error|SUMMARY"
/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 86 $D/bin/gemm-run $D/epilogue_bf16_wgmma_bias_gelu_persistent_tma/kernel.json -m 1024 -n 1024 -k 512 --bias --no-timing --no-cublas 2>&1 | grep -E "vs |error|SUMMARY"
PARTS=epilogue EPILOGUE_BUNDLES="gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_gelu_persistent_tma epilogue_bf16_wgmma_bias_relu_sm90 epilogue_bf16_wgmma_bias_relu_persistent_tma" OUT=$OUT/all bash scripts/device-all.sh 2>&1 | grep -vE "^\s*$" | tail -40
echo "== hopper benchmark"
BUNDLES=${BUNDLES:-"wgmma_bf16_128x256x64_s3_persistent_tma wgmma_f16_128x256x64_s3_persistent_tma wgmma_bf16_128x128x64_s4_sk2 wgmma_f16_128x128x64_s4_sk2 wgmma_bf16_128x128x64_s4_sk4 wgmma_f16_128x128x64_s4_sk4 wgmma_bf16_64x128x64_s4_sk4 wgmma_f16_64x128x64_s4_sk4"}
OUT=$OUT/bench ITERATIONS=30 DEADLINE=300 BUNDLES="$BUNDLES" bash bench/hopper-benchmark.sh device-artifacts 2>&1 | tail -30
