#!/usr/bin/env bash
# Session 17: issue 4's table on an H100 (every figure before was from an
# H200), cuBLAS timed in the same process, on the full set of
# scripts/prepare-device-artifacts.sh bundles:
#   table      bf16 (gemm_bf16_wgmma_sm90) at 4097x4095x4096 and 8191³;
#              tf32 (gemm_tf32_wgmma_sm90), bf16, the fp32 SIMT example and
#              the fastest SIMT schedule (f32_simt_128x256x8_t8x16_s3) at
#              4096³ and 8192³ (two rounds each, edge shapes checked);
#   epilogue   bias + GELU (and bias + ReLU) fused at 8192x8192x4096 against
#              cuBLAS + a separate kernel and cuBLASLt's epilogues;
#   transpose  scripts/transpose-session.sh: both transpose examples (the
#              batched one also at MxNxB shapes), copy bandwidth beside them;
#   sweep      scripts/sweep.sh, seed $SWEEP_SEED (default 20) with the cover
#              bundles of device-artifacts/sweep-cover.
# PARTS picks what runs (default "table epilogue"; then "transpose sweep" in
# a second call, so that each fits the 600 s of one). Results under
# $OUT/<part>/ and in $OUT/session17.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
OUT_ROOT=$OUT
PARTS=${PARTS:-table epilogue}
wants() { [[ " $PARTS " == *" $1 "* ]]; }

if wants table; then
  echo "== table: the examples at 4096³ and 8192³"
  OUT=$OUT_ROOT/table NAME=session17-table \
    NEW="gemm_bf16_wgmma_sm90 gemm_tf32_wgmma_sm90 gemm_f32_simt_sm90 f32_simt_128x256x8_t8x16_s3" \
    SANITIZE="" EDGE="4097x4095x4093 1x1x1 1000x1300x2000" CONTROLS="" \
    TIMED="4096x4096x4096 8192x8192x8192" ROUNDS=2 \
    BUDGET=250 timeout 290 bash scripts/candidates-device-run.sh 2>&1 | tail -n 40
  echo "== table: bf16 on the ragged shapes"
  OUT=$OUT_ROOT/ragged NAME=session17-ragged NEW="" SANITIZE="" \
    CONTROLS="gemm_bf16_wgmma_sm90" TIMED="4097x4095x4096 8191x8191x8191" ROUNDS=2 \
    BUDGET=100 timeout 120 bash scripts/candidates-device-run.sh 2>&1 | tail -n 20
fi
if wants epilogue; then
  OUT=$OUT_ROOT/all PARTS=epilogue EPILOGUE_ITERATIONS=30 \
    EPILOGUE_BUNDLES="gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_gelu_persistent_tma" \
    timeout 200 bash scripts/device-all.sh 2>&1 | grep -vE "^\s*$" | tail -n 40
fi
if wants transpose; then
  OUT=$OUT_ROOT/all PARTS=transpose TRANSPOSE_LIMIT=150 \
    timeout 170 bash scripts/device-all.sh 2>&1 | tail -n 40
fi
if wants sweep; then
  seed=${SWEEP_SEED:-20}
  echo "== sweep seed $seed"
  OUT=$OUT_ROOT/sweep$seed SEED=$seed CASES=200 timeout 300 bash scripts/sweep.sh "$D" 2>&1 | tail -n 14
fi
tar czf /tmp/session17.tar.gz -C "$OUT_ROOT" . 2>/dev/null && mv /tmp/session17.tar.gz "$OUT_ROOT/"
