#!/usr/bin/env bash
# Session 8's tf32 device call (issue 4: f32 inputs through tf32 tensor cores
# >= 1.0x cuBLAS tf32 at 4096^3 and 8192^3): the persistent tf32 kernels
# whose TMA-store epilogue runs in rounds (#tile.epilogue<store = tma,
# store_rounds = R>) against the old best, the one-tile-per-block
# wgmma_tf32_128x256x32_s4_tma. Run from the repository root on the GPU
# machine with the bundles carried in device-artifacts/, made here by
#
#   ONLY='^(wgmma_tf32_128x256x32_s4_tma|wgmma_tf32_(128x256|256x128)x32_s[34]_persistent_tma.*|epilogue_tf32_.*)$' \
#     scripts/prepare-device-artifacts.sh
#
# It runs, every step under a time budget (BUDGET, default 200 s, checked
# before each run; what no longer fits is listed as SKIP):
#   1. the new kernels (--no-timing, checked against cuBLAS tf32 and fp64):
#      ragged 4097x4095x4093, 1x1x1, 1000x1300x2000, 256x512x96, and for the
#      s3 128x256 one a C pitch TMA cannot take (ldc 1003: a null map, the
#      threads copy each round); the fused alpha/beta + bias + GELU kernel at
#      1024x1024x512 (alpha 1.5, beta 0.5; it needs whole tiles, so the
#      ragged shape must be refused, exit 2);
#   2. 4096^3, then 8192^3, timed next to cuBLAS tf32 in the same process
#      (ITER4096 / ITER8192 interleaved runs, L2 flushed), the new kernels
#      first, then the old best;
#   3. compute-sanitizer on the s3 128x256 kernel at 2200x2300x160 (162
#      tiles: some persistent blocks take two, so a staging part is reused
#      across tiles as well as rounds; ragged edges; 5 K tiles wrap the 3
#      stages): memcheck, racecheck twice, synccheck.
# Logs and the table go to $OUT/session8-tf32.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session8-tf32
BUDGET=${BUDGET:-200}
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|not a multiple|SUMMARY|error:"
source scripts/lib/budgeted-session.sh
ITER4096=${ITER4096:-20}
ITER8192=${ITER8192:-10}
OLD=wgmma_tf32_128x256x32_s4_tma
SANITIZE_BUNDLE=${SANITIZE_BUNDLE:-wgmma_tf32_128x256x32_s3_persistent_tma}
FUSED=epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma

# timed BUNDLE SHAPE ITERATIONS SECONDS: one timed run and its table row.
timed() {
  local b=$1 s=$2 iterations=$3 m n k
  IFS=x read -r m n k <<<"$s"
  run_check "$b.$s" 0 "$4" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
    --iterations "$iterations" --warmup 3
  local log=$CHECK_LOG_DIR/$b.$s.log
  [ -f "$log" ] || return
  # shellcheck disable=SC2046
  printf '%-46s %-15s %8s %8s %7s %5s %5s %s\n' "$b" "$s" \
    $(timing_fields "$log") >>"$TABLE"
}

NEW=${NEW:-"wgmma_tf32_128x256x32_s3_persistent_tma wgmma_tf32_128x256x32_s3_persistent_tma_rm4 wgmma_tf32_128x256x32_s4_persistent_tma_r4 wgmma_tf32_256x128x32_s3_persistent_tma"}
echo "new bundles: $(echo "$NEW" | wc -w); budget ${BUDGET}s"
for b in $NEW $OLD $FUSED; do
  if [ ! -f "$D/$b/kernel.json" ]; then
    echo "FAIL no bundle $b in $D (see the ONLY regex in this script's header)"
    failures=$((failures + 1))
  fi
done

echo "== 1. edge cases"
for b in $NEW; do
  j=$D/$b/kernel.json
  [ -f "$j" ] || continue
  run_check "$b.ragged" 0 8 "$R" "$j" -m 4097 -n 4095 -k 4093 --no-timing
  run_check "$b.1x1x1" 0 5 "$R" "$j" -m 1 -n 1 -k 1 --no-timing
  run_check "$b.1000x1300x2000" 0 6 "$R" "$j" -m 1000 -n 1300 -k 2000 --no-timing
  run_check "$b.256x512x96" 0 5 "$R" "$j" -m 256 -n 512 -k 96 --no-timing
done
if [ -f "$D/$SANITIZE_BUNDLE/kernel.json" ]; then
  run_check "$SANITIZE_BUNDLE.ldc1003" 0 6 "$R" "$D/$SANITIZE_BUNDLE/kernel.json" \
    -m 1000 -n 1000 -k 512 --ldc 1003 --no-timing
fi
if [ -f "$D/$FUSED/kernel.json" ]; then
  run_check "$FUSED.1024x1024x512" 0 6 "$R" "$D/$FUSED/kernel.json" \
    -m 1024 -n 1024 -k 512 --alpha 1.5 --beta 0.5 --no-timing
  run_check "$FUSED.ragged-refused" 2 5 "$R" "$D/$FUSED/kernel.json" \
    -m 4097 -n 4095 -k 4093 --alpha 1.5 --beta 0.5 --no-timing
fi

echo "== 2. timed next to cuBLAS tf32"
for s in 4096x4096x4096:$ITER4096:12 8192x8192x8192:$ITER8192:20; do
  IFS=: read -r shape iterations seconds <<<"$s"
  for b in $NEW $OLD; do
    [ -f "$D/$b/kernel.json" ] && timed "$b" "$shape" "$iterations" "$seconds"
  done
done

echo "== 3. compute-sanitizer on $SANITIZE_BUNDLE"
if [ -f "$D/$SANITIZE_BUNDLE/kernel.json" ]; then
  j=$D/$SANITIZE_BUNDLE/kernel.json
  shape=(-m 2200 -n 2300 -k 160 --no-timing --iterations 1 --no-cublas)
  filter=(--kernel-name "kns=${SANITIZE_BUNDLE}_kernel")
  run_check "$SANITIZE_BUNDLE.memcheck" 0 20 "$SAN" --tool memcheck \
    --error-exitcode 86 "${filter[@]}" "$R" "$j" "${shape[@]}"
  for run in 1 2; do
    run_check "$SANITIZE_BUNDLE.racecheck$run" 0 25 "$SAN" --tool racecheck \
      --error-exitcode 86 "${filter[@]}" "$R" "$j" "${shape[@]}"
  done
  run_check "$SANITIZE_BUNDLE.synccheck" 0 20 "$SAN" --tool synccheck \
    --error-exitcode 86 "${filter[@]}" "$R" "$j" "${shape[@]}"
fi

{
  echo "== session 8 tf32: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "TFLOP/s (median), cuBLAS tf32 in the same process, ratio, registers, blocks/SM"
  printf '%-46s %-15s %8s %8s %7s %5s %5s %s\n' bundle shape TFLOP/s cuBLAS ratio regs b/SM result
  cat "$TABLE"
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
FAIL_ON_SKIPS=1 finish_session logs summary.txt timing.txt
