#!/usr/bin/env bash
# Session 15: tf32 kernels that read a staged K-major copy of a column-major
# A or a row-major B (tile-stage-transposed-operands).
#   1. correctness on edge shapes and unaligned leading dimensions (against
#      cuBLAS tf32 with the same transposes and fp64);
#   2. compute-sanitizer memcheck and racecheck on a small staged case;
#   3. timing at 4096³ and 8192³ next to cuBLAS in the same process (two
#      interleaved rounds), with the tf32 example (no staging) beside them;
#   4. the sweep, seeds 18 and 19, with this commit's cover bundles.
# Results in $OUT/staged/ and $OUT/sweep*/.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
# Session 22 renamed the schedule (its A is read from registers now, no copy).
COLA=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a
ROWB=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_staged_row_b
W=$OUT/staged
mkdir -p "$W"
failures=0
check() { # name, gemm-run arguments...
  local name=$1
  shift
  timeout 120 "$@" >"$W/$name.log" 2>&1
  local rc=$?
  echo "rc=$rc $name: $(grep -E 'result|staged|error' "$W/$name.log" | tr '\n' ' ' | cut -c1-300)"
  [ $rc -eq 0 ] || failures=$((failures + 1))
}
echo "== 1. edge shapes"
for s in 4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 3x5x7; do
  IFS=x read -r m n k <<<"$s"
  check "cola.$s" "$R" "$D/$COLA/kernel.json" -m "$m" -n "$n" -k "$k" \
    --layout-a col --layout-b col --no-timing
  check "rowb.$s" "$R" "$D/$ROWB/kernel.json" -m "$m" -n "$n" -k "$k" \
    --layout-a row --layout-b row --no-timing
done
check cola.lda "$R" "$D/$COLA/kernel.json" -m 1000 -n 1300 -k 2001 \
  --layout-a col --layout-b col --lda 1003 --ldb 2005 --ldc 1301 --no-timing
check rowb.ldb "$R" "$D/$ROWB/kernel.json" -m 1000 -n 1301 -k 2001 \
  --layout-a row --layout-b row --lda 2003 --ldb 1303 --no-timing
echo "== 2. compute-sanitizer"
check cola.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" \
  "$D/$COLA/kernel.json" -m 300 -n 260 -k 129 --layout-a col --layout-b col \
  --no-timing --iterations 1 --no-cublas
check rowb.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" \
  "$D/$ROWB/kernel.json" -m 300 -n 260 -k 129 --layout-a row --layout-b row \
  --no-timing --iterations 1 --no-cublas
echo "== 3. timed next to cuBLAS tf32"
for round in 1 2; do
  for s in 4096x4096x4096 8192x8192x8192; do
    IFS=x read -r m n k <<<"$s"
    for spec in "gemm_tf32_wgmma_sm90 row col" "$COLA col col" "$ROWB row row"; do
      read -r b la lb <<<"$spec"
      timeout 150 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
        --layout-a "$la" --layout-b "$lb" --iterations 40 --warmup 5 \
        >"$W/time.$b.$s.r$round.log" 2>&1
      echo "rc=$? r$round $s $b: $(grep -E '^gemm-opt :|^cuBLAS   :|^ratio|^result' "$W/time.$b.$s.r$round.log" | tr '\n' ' ' | cut -c1-400)"
    done
  done
done
echo "checks failed: $failures"
for s in 18 19; do
  cover=sweep-cover
  [ "$s" = 19 ] && cover=sweep-cover-19
  echo "== sweep seed $s ($cover)"
  COVER=$cover OUT=$OUT/sweep$s SEED=$s CASES=200 timeout 200 bash scripts/sweep.sh "$D" 2>&1 | tail -14
done
tar czf "$OUT/session15.tar.gz" -C "$OUT" staged sweep18 sweep19 2>/dev/null
