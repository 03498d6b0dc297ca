#!/usr/bin/env bash
# Session 8's SIMT device call (issue 4: the fp32 FFMA path against cuBLAS
# SGEMM; FFMA operand reuse). Run from the repository root on the GPU
# machine with the bundles carried in device-artifacts/, made here by
#
#   ONLY='^f32_simt_128x256x8_t8x16(_s3)?(_ptxas_o1)?$' scripts/prepare-device-artifacts.sh
#
# (at commit 986e079 or 57a7d44: later commits removed the _ptxas_o1
# schedules, every 8x16 schedule is assembled by ptxas -O1 now)
#
# Four bundles: the best 8x16 schedules so far (128x256x8 t8x16, 2 and 3
# stages, ptxas -O3) and the same two assembled by ptxas -O1 (_ptxas_o1),
# which keeps the lowering's 2x2-block FFMA order (1.4x the reuse hits).
# Every step under a time budget (BUDGET, default 200 s, checked before each
# run; what no longer fits is listed as SKIP):
#   1. the four bundles at 4096^3, then 8192^3, timed next to cuBLAS SGEMM
#      (pedantic fp32) in the same process (ITER4096 / ITER8192 interleaved
#      runs, L2 flushed);
#   2. compute-sanitizer memcheck (512^3) and racecheck (256^3) on the 3-stage
#      -O1 bundle;
#   3. edge cases of the -O1 bundles (--no-timing, checked against cuBLAS and
#      fp64): one K tile, two K tiles, 37 K tiles, padded leading dimensions;
#      for the 3-stage one also a ragged 4097x4095x4093 and 1x1x1, which SIMT
#      kernels refuse (exit 2).
# Logs and the table go to $OUT/session8-simt.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session8-simt
BUDGET=${BUDGET:-200}
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|not a multiple|SUMMARY|error:"
source scripts/lib/budgeted-session.sh
ITER4096=${ITER4096:-20}
ITER8192=${ITER8192:-10}
SANITIZE_BUNDLE=${SANITIZE_BUNDLE:-f32_simt_128x256x8_t8x16_s3_ptxas_o1}

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

OLD="f32_simt_128x256x8_t8x16 f32_simt_128x256x8_t8x16_s3"
NEW="f32_simt_128x256x8_t8x16_ptxas_o1 f32_simt_128x256x8_t8x16_s3_ptxas_o1"
echo "budget ${BUDGET}s"
for b in $OLD $NEW; do
  if [ ! -f "$D/$b/kernel.json" ]; then
    echo "FAIL no bundle $b (see the ONLY= line at the top)"
    failures=$((failures + 1))
  fi
done

echo "== 1. timed next to cuBLAS SGEMM"
# Old and new alternate, so that a short budget still measures pairs.
for s in 4096x4096x4096:$ITER4096:12 8192x8192x8192:$ITER8192:20; do
  IFS=: read -r shape iterations seconds <<<"$s"
  for b in f32_simt_128x256x8_t8x16_ptxas_o1 f32_simt_128x256x8_t8x16 \
    f32_simt_128x256x8_t8x16_s3_ptxas_o1 f32_simt_128x256x8_t8x16_s3; do
    [ -f "$D/$b/kernel.json" ] && timed "$b" "$shape" "$iterations" "$seconds"
  done
done
echo "== 2. compute-sanitizer"
sanitize "$SANITIZE_BUNDLE" gemm_f32_kernel 30
echo "== 3. edge cases of the -O1 bundles"
[ -d "$D/f32_simt_128x256x8_t8x16_s3_ptxas_o1" ] && edge_cases f32_simt_128x256x8_t8x16_s3_ptxas_o1 1
[ -d "$D/f32_simt_128x256x8_t8x16_ptxas_o1" ] && edge_cases f32_simt_128x256x8_t8x16_ptxas_o1 0

{
  echo "== session 8 SIMT: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "TFLOP/s (median), cuBLAS SGEMM in the same process, ratio, registers, blocks/SM"
  printf '%-36s %-16s %8s %8s %7s %5s %5s %s\n' bundle shape TFLOP/s cuBLAS ratio regs b/SM result
  cat "$TABLE"
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
FAIL_ON_SKIPS=1 finish_session logs summary.txt timing.txt
