#!/usr/bin/env bash
# Session 7's SIMT device call (issue 4: the fp32 FFMA path against cuBLAS
# SGEMM). Run from the repository root on the GPU machine with the bundles
# carried in device-artifacts/, made here by
#
#   ONLY=simt scripts/prepare-device-artifacts.sh
#
# It runs, every step under a time budget (BUDGET, default 285 s, checked
# before each run; what no longer fits is listed as SKIP):
#   1. edge cases of every 3+-stage bundle (--no-timing, checked against
#      cuBLAS and fp64): one K tile, two K tiles (fewer than the stages in
#      flight), 37 K tiles (the stages wrap), padded leading dimensions; a
#      ragged 4097x4095x4093 and 1x1x1, which SIMT kernels refuse (exit 2:
#      they need whole tiles, "requires_divisible");
#   2. every f32_simt bundle and the SIMT example at 4096^3, then 8192^3,
#      timed next to cuBLAS SGEMM (pedantic fp32) in the same process
#      (ITER4096 / ITER8192 interleaved runs, L2 flushed);
#   3. compute-sanitizer memcheck on a 3-stage bundle at 512^3 and racecheck
#      at 256^3 (16 K tiles: every stage is refilled several times);
#   4. the same edge cases, less the refusals, for the 2-stage bundles
#      (their lowering changed too: lanes, fragment prefetch).
# Logs and the table go to $OUT/session7-simt.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session7-simt
BUDGET=${BUDGET:-285}
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|not a multiple|SUMMARY|error:"
source scripts/lib/budgeted-session.sh
ITER4096=${ITER4096:-20}
ITER8192=${ITER8192:-10}
SANITIZE_BUNDLE=${SANITIZE_BUNDLE:-f32_simt_128x128x16_t8x8_s3}

# timed BUNDLE SHAPE ITERATIONS SECONDS: one timed run and its table row.
timed() {
  local b=$1 s=$2 iterations=$3 m n k
  IFS=x read -r m n k <<<"$s"
  run_check "$b.$s" 0 "$4" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
    --iterations "$iterations" --warmup 3
  local log=$CHECK_LOG_DIR/$b.$s.log
  [ -f "$log" ] || return
  # shellcheck disable=SC2046
  printf '%-36s %-16s %8s %8s %7s %5s %5s %s\n' "$b" "$s" \
    $(timing_fields "$log") >>"$TABLE"
}

SIMT=$(for j in "$D"/gemm_f32_simt_sm90/kernel.json "$D"/f32_simt_*/kernel.json; do
  [ -f "$j" ] && basename "$(dirname "$j")"; done)
STAGED=$(echo "$SIMT" | grep -E '_s[3-9]$' || true)
TWO=$(echo "$SIMT" | grep -vE '_s[3-9]$' || true)
echo "bundles: $(echo "$SIMT" | wc -w) ($(echo "$STAGED" | wc -w) with 3+ stages); budget ${BUDGET}s"
if [ -z "$STAGED" ]; then
  echo "FAIL no 3+-stage f32_simt bundles in $D (ONLY=simt scripts/prepare-device-artifacts.sh)"
  failures=$((failures + 1))
fi

echo "== 1. edge cases, 3+ stages"
for b in $STAGED; do edge_cases "$b" 1 10; done
echo "== 2. timed next to cuBLAS SGEMM"
# New schedules first, so that a short budget still measures them.
for s in 4096x4096x4096:$ITER4096:15 8192x8192x8192:$ITER8192:25; do
  IFS=: read -r shape iterations seconds <<<"$s"
  for b in $STAGED $TWO; do timed "$b" "$shape" "$iterations" "$seconds"; done
done
echo "== 3. compute-sanitizer"
sanitize "$SANITIZE_BUNDLE" gemm_f32_kernel 60
echo "== 4. edge cases, 2 stages"
for b in $TWO; do edge_cases "$b" 0 10; done

{
  echo "== session 7 SIMT: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "TFLOP/s (median), cuBLAS SGEMM in the same process, ratio, registers, blocks/SM"
  printf '%-36s %-16s %8s %8s %7s %5s %5s %s\n' bundle shape TFLOP/s cuBLAS ratio regs b/SM result
  cat "$TABLE"
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
FAIL_ON_SKIPS=1 finish_session logs summary.txt timing.txt
