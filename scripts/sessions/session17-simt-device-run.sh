#!/usr/bin/env bash
# Session 17: fp32 SIMT (ffma) kernels on any shape and pitch. $NEW are the
# new bundles (default: every device-artifacts/simt17-new*-* folder); for
# each of $CHECKED (default: all of $NEW):
#   1. edge shapes (M, N, K of 1, primes, K % 4 != 0, K under BK) and
#      leading dimensions that are not multiples of 4 elements (the 4-byte
#      main loop), against cuBLAS SGEMM and fp64;
#   2. compute-sanitizer memcheck on both main loops and racecheck;
#   3. 4096³ and 8192³ timed next to cuBLAS SGEMM for $NEW and the kernels
#      compiled before this change ($OLD: simt17-old-*), in the same rounds;
#   4. $CHECKED timed on $RAGGED shapes, which only the new kernels take.
# Results in $OUT/simt/.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
W=$OUT/simt
mkdir -p "$W"
NEW=${NEW:-$(cd "$D" && ls -d simt17-new*-* 2>/dev/null | tr '\n' ' ')}
OLD=${OLD:-$(cd "$D" && ls -d simt17-old-* 2>/dev/null | tr '\n' ' ')}
CHECKED=${CHECKED:-$NEW}
CHECK_LOG_DIR=$W CHECK_TIMEOUT=120
CHECK_DETAIL='vs cuBLAS|vs fp64|^result|error:|ERROR SUMMARY|RACECHECK SUMMARY'
source scripts/lib/device-check.sh
echo "== 1. edge shapes and pitches"
for b in $CHECKED; do
  K=$D/$b/kernel.json
  for s in 1x1x1 7x9x3 33x65x17 129x257x65 1000x1300x2000 4097x4095x4093 256x4096x5 300x260x2001 128x128x8; do
    IFS=x read -r m n k <<<"$s"
    check "$b.$s" 0 "$R" "$K" -m "$m" -n "$n" -k "$k" --no-timing
  done
  check "$b.lda-ldb-ldc" 0 "$R" "$K" -m 1000 -n 1300 -k 2000 --lda 2003 --ldb 1301 --ldc 1302 --no-timing
  check "$b.ldb" 0 "$R" "$K" -m 512 -n 512 -k 512 --ldb 513 --no-timing
  check "$b.lda" 0 "$R" "$K" -m 512 -n 512 -k 512 --lda 514 --no-timing
done
echo "== 2. compute-sanitizer"
for b in $CHECKED; do
  K=$D/$b/kernel.json
  check "$b.memcheck.vectors" 0 "$SAN" --tool memcheck --error-exitcode 86 "$R" "$K" \
    -m 300 -n 260 -k 132 --no-timing --iterations 1 --no-cublas
  check "$b.memcheck.elements" 0 "$SAN" --tool memcheck --error-exitcode 86 "$R" "$K" \
    -m 300 -n 260 -k 131 --lda 133 --ldb 261 --ldc 263 --no-timing --iterations 1 --no-cublas
  check "$b.memcheck.onetile" 0 "$SAN" --tool memcheck --error-exitcode 86 "$R" "$K" \
    -m 5 -n 7 -k 3 --no-timing --iterations 1 --no-cublas
  check "$b.racecheck" 0 "$SAN" --tool racecheck --error-exitcode 86 "$R" "$K" \
    -m 200 -n 300 -k 77 --no-timing --iterations 1 --no-cublas
done
echo "checks failed: $failures"
echo "== 3. timed next to cuBLAS SGEMM (two rounds)"
for round in 1 2; do
  for s in 4096x4096x4096 8192x8192x8192; do
    IFS=x read -r m n k <<<"$s"
    for b in $OLD $NEW; do
      timeout 120 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --iterations 30 \
        --warmup 5 >"$W/time.$b.$s.r$round.log" 2>&1
      printf 'r%s %-44s %s %s\n' "$round" "$b" "$s" \
        "$(grep -E '^gemm-opt :|^cuBLAS   :|^ratio|^result' "$W/time.$b.$s.r$round.log" | sed 's/(median.*//' | tr -s ' ' | tr '\n' ' ')"
    done
  done
done
echo "== 4. ragged shapes (the guarded main loop), timed next to cuBLAS SGEMM"
for s in ${RAGGED:-4097x4095x4093 4096x4096x4095}; do
  IFS=x read -r m n k <<<"$s"
  for b in $CHECKED; do
    timeout 120 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --iterations 20 \
      --warmup 3 >"$W/time.$b.$s.log" 2>&1
    printf '%-44s %s %s\n' "$b" "$s" \
      "$(grep -E '^gemm-opt :|^cuBLAS   :|^ratio|^result' "$W/time.$b.$s.log" | sed 's/(median.*//' | tr -s ' ' | tr '\n' ' ')"
  done
done
tar czf /tmp/simt.tar.gz -C "$OUT" simt && mv /tmp/simt.tar.gz "$OUT/simt.tar.gz"
