#!/usr/bin/env bash
# Session 8's second SIMT device call (issue 4: fp32 FFMA against cuBLAS
# SGEMM, ptxas -O1 variants). Run from the repository root on the GPU machine
# with the bundles carried in device-artifacts/, made at commit 57a7d44 (the
# next one renamed the schedules: bench/NOTES.md, Session 8) by
#
#   ONLY='^f32_simt_(128x256x8_t8x16_s[34]_ptxas_o1|256x128x8_t8x16_s3_ptxas_o1|128x256x16_t8x16_s3_ptxas_o1|128x256x8_t8x16_s3_rows(_ptxas_o1)?)$' scripts/prepare-device-artifacts.sh
#
# Six bundles: the best so far (128x256x8 t8x16 s3, ptxas -O1, 2x2-block
# FFMA order) and five variants of it: 4 stages; cuBLAS's 256x128 block;
# BK = 16; session 7's row-by-row FFMA order at -O1 (_rows_ptxas_o1) and at
# -O3 (_rows, the control: -O3 measured better with it than with the 2x2
# blocks). Every step under a time budget (BUDGET, default 240 s, checked
# before each run; what no longer fits is listed as SKIP):
#   1. round 1: every bundle at 4096^3, then every bundle at 8192^3, timed
#      next to cuBLAS SGEMM (pedantic fp32) in the same process (ITER4096 /
#      ITER8192 interleaved runs, L2 flushed);
#   2. edge cases of the five new bundles (--no-timing, checked against
#      cuBLAS and fp64): one K tile, two K tiles, 37 K tiles, padded leading
#      dimensions;
#   3. compute-sanitizer memcheck (512^3) and racecheck (256^3) on the new
#      bundle with the best round-1 ratio at 8192^3 (SANITIZE_BUNDLE
#      overrides);
#   4. round 2: step 1 again, bundles in reverse order.
# Logs and the table go to $OUT/session8-simt2.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session8-simt2
BUDGET=${BUDGET:-240}
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|not a multiple|SUMMARY|error:"
source scripts/lib/budgeted-session.sh
ITER4096=${ITER4096:-20}
ITER8192=${ITER8192:-10}
runs=0

# timed BUNDLE SHAPE ITERATIONS SECONDS ROUND: one timed run and its row.
timed() {
  local b=$1 s=$2 iterations=$3 m n k
  IFS=x read -r m n k <<<"$s"
  runs=$((runs + 1))
  local name=$b.$s.r$5.$runs
  run_check "$name" 0 "$4" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
    --iterations "$iterations" --warmup 3
  local log=$CHECK_LOG_DIR/$name.log
  [ -f "$log" ] || return
  # shellcheck disable=SC2046
  printf '%-42s %-15s %2s %8s %8s %7s %5s %5s %s\n' "$b" "$s" "r$5" \
    $(timing_fields "$log") >>"$TABLE"
}
# round N BUNDLES...: every bundle at 4096^3, then every bundle at 8192^3.
round() {
  local r=$1
  shift
  for s in 4096x4096x4096:$ITER4096:5 8192x8192x8192:$ITER8192:8; do
    IFS=: read -r shape iterations seconds <<<"$s"
    for b in "$@"; do
      [ -f "$D/$b/kernel.json" ] && timed "$b" "$shape" "$iterations" "$seconds" "$r"
    done
  done
}

BEST=f32_simt_128x256x8_t8x16_s3_ptxas_o1
NEW="f32_simt_128x256x8_t8x16_s4_ptxas_o1 f32_simt_256x128x8_t8x16_s3_ptxas_o1
  f32_simt_128x256x16_t8x16_s3_ptxas_o1 f32_simt_128x256x8_t8x16_s3_rows_ptxas_o1
  f32_simt_128x256x8_t8x16_s3_rows"
# Best and new alternate within a round; round 2 runs them in reverse.
ORDER="f32_simt_128x256x8_t8x16_s4_ptxas_o1 $BEST f32_simt_256x128x8_t8x16_s3_ptxas_o1
  f32_simt_128x256x16_t8x16_s3_ptxas_o1 $BEST f32_simt_128x256x8_t8x16_s3_rows_ptxas_o1
  f32_simt_128x256x8_t8x16_s3_rows"
REVERSE=$(echo $ORDER | tr ' ' '\n' | tac | tr '\n' ' ')
echo "budget ${BUDGET}s"
for b in $BEST $NEW; do
  if [ ! -f "$D/$b/kernel.json" ]; then
    echo "FAIL no bundle $b (see the ONLY= line at the top)"
    failures=$((failures + 1))
  fi
done

echo "== 1. round 1, timed next to cuBLAS SGEMM"
round 1 $ORDER
echo "== 2. edge cases of the new bundles"
for b in $NEW; do
  [ -d "$D/$b" ] && edge_cases "$b"
done
echo "== 3. compute-sanitizer"
if [ -z "${SANITIZE_BUNDLE:-}" ]; then
  SANITIZE_BUNDLE=$(for b in $NEW; do
    awk -v b="$b" '$1 == b && $2 == "8192x8192x8192" && $9 == "PASS" {print $6, b}' "$TABLE"
  done | sort -rn | head -1 | cut -d' ' -f2)
  SANITIZE_BUNDLE=${SANITIZE_BUNDLE:-f32_simt_128x256x8_t8x16_s4_ptxas_o1}
fi
echo "sanitizing $SANITIZE_BUNDLE"
sanitize "$SANITIZE_BUNDLE" gemm_f32_kernel 30
echo "== 4. round 2, reverse order"
round 2 $REVERSE

{
  echo "== session 8 SIMT 2: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "TFLOP/s (median), cuBLAS SGEMM in the same process, ratio, registers, blocks/SM; sanitized: $SANITIZE_BUNDLE"
  printf '%-42s %-15s %2s %8s %8s %7s %5s %5s %s\n' bundle shape rd TFLOP/s cuBLAS ratio regs b/SM result
  LC_ALL=C sort -k1,1 -k2,2 -k3,3 -s "$TABLE"
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
FAIL_ON_SKIPS=1 finish_session logs summary.txt timing.txt
