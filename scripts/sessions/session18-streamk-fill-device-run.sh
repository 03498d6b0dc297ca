#!/usr/bin/env bash
# Session 18: stream_k = 1 keeps a last wave at least 3/4 full whole
# (kWholeLastWaveFill). The bias + GELU example (stream_k = 1) before
# (old_*) and after, against the data-parallel schedule, at 4096³ (last
# wave 116/132: now whole) and 8192x8192x4096 (68/132: still split); the
# plain bf16 and tf32 stream_k = 1 schedules timed beside the examples at
# 4096³ and 8192³; the example checked with its bias where the rule takes
# the last wave whole (99 and 100 tiles of 132) and where it does not,
# memcheck and racecheck on both. Console in $OUT/console.txt.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
echo "== checks"
b=gemm_bf16_wgmma_bias_gelu_sm90
for s in 1408x2304x640 1280x2560x640 1280x2304x640 640x768x640 4097x4095x4093 1000x1300x2000 1x1x1; do
  IFS=x read -r m n k <<<"$s"
  logged_check "$b.$s" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --bias --no-timing
done
for s in 1280x2560x640 640x768x640; do
  IFS=x read -r m n k <<<"$s"
  logged_check "$b.memcheck.$s" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m "$m" -n "$n" -k "$k" --bias --no-timing --iterations 1 --no-cublas
  logged_check "$b.racecheck.$s" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m "$m" -n "$n" -k "$k" --bias --no-timing --iterations 1 --no-cublas
done
FUSED="old_gemm_bf16_wgmma_bias_gelu_sm90 gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_gelu_persistent_tma"
for shape in "4096 4096 4096" "8192 8192 4096"; do
  echo "== epilogue at $shape"
  o=$OUT_ROOT/epilogue-${shape// /x}
  mkdir -p "$o"
  OUT=$o SHAPE=$shape ROUNDS=3 ITER=40 FUSED="$FUSED" PLAIN="" CHECKED="" \
    timeout 200 bash scripts/sessions/session18-epilogue-device-run.sh >/dev/null 2>&1
  python3 scripts/lib/epilogue-rounds.py "$o/summary.txt"
done
echo "== plain stream_k = 1 beside the examples"
OUT=$WORK/plain NAME=session18-streamk-fill NEW="wgmma_bf16_128x256x64_s3_persistent_tma_streamk1" \
  SANITIZE="" EDGE="4097x4095x4093 1x1x1 1000x1300x2000 1280x2560x640" \
  CONTROLS="gemm_bf16_wgmma_sm90 old_wgmma_bf16_128x256x64_s3_persistent_tma_streamk1 gemm_tf32_wgmma_sm90 wgmma_tf32_128x256x32_s4_persistent_tma_r4_streamk1" \
  TIMED="4096x4096x4096 8192x8192x8192" ROUNDS=2 ITER=30 BUDGET=200 \
  timeout 230 bash scripts/candidates-device-run.sh 2>&1 | tail -n 30
echo "== failures: $failures"
tar czf "$OUT_ROOT/logs.tar.gz" -C "$WORK" . 2>/dev/null
