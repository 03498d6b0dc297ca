#!/usr/bin/env bash
# Session 14: gemm-run on batched kernels with a fused epilogue (cover
# bundles of scripts/prepare-sweep-cover.sh, seeds 18-20): checked against
# cuBLAS + the epilogue and fp64, C's padding watched, timed next to
# cublasGemmStridedBatchedEx (which computes no epilogue).
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
D=device-artifacts
R=$D/bin/gemm-run
failures=0
run() { # bundle dir, args...
  local k=$1; shift
  echo "== $(basename "$k") $*"
  "$R" "$k/kernel.json" "$@" --iterations 30 2>&1 |
    grep -E "vs cuBLAS|vs fp64|padding|TFLOP|result|error"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failures=$((failures + 1))
}
find_bundle() { ls -d $D/sweep-cover*/"$1" 2>/dev/null | head -1; }
run "$(find_bundle cover_bf16_crr_ab_biascolvector_batched)" -m 1000 -n 1300 -k 512 --batch 4 --alpha 1.5 --beta -0.5 --ldc 1304
run "$(find_bundle cover_bf16_rcr_ab_gelu_erf_batched)" -m 512 -n 768 -k 1024 --batch 8 --alpha 0.5 --beta 1
run "$(find_bundle cover_bf16_crr_biascolvector_relu_batched)" -m 129 -n 257 -k 65 --batch 3
run "$(find_bundle cover_bf16_rcc_ab_biascolvector_batched)" -m 300 -n 200 -k 100 --batch 2 --alpha -1 --beta 0.5
echo "failures: $failures"
