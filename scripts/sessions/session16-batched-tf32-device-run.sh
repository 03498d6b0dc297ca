#!/usr/bin/env bash
# Session 16: batched tf32 with a column-major A and a row-major B, read
# through batches of staged K-major copies (one batched tile.transpose per
# operand, entries along grid z).
#   1. correctness on edge shapes, unaligned leading dimensions, unpacked and
#      stride-0 batch strides (against cublasGemmStridedBatchedEx tf32 with
#      the same transposes and fp64 samples);
#   2. compute-sanitizer memcheck and racecheck on a small batched case;
#   3. timing next to cuBLAS strided-batched tf32 in the same process (two
#      rounds);
#   4. the sweep, seeds 18 and 19, with this commit's cover bundles.
# Results in $OUT/batched/ and $OUT/sweep*/. PARTS (default "checks sweeps")
# picks what runs, so that the two fit separate calls.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
K=$D/wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_staged_cr_batched/kernel.json
W=$OUT/batched
mkdir -p "$W"
PARTS=${PARTS:-checks sweeps}
failures=0
check() { # name, command...
  local name=$1
  shift
  timeout 120 "$@" >"$W/$name.log" 2>&1
  local rc=$?
  echo "rc=$rc $name: $(grep -E 'result|staged|error' "$W/$name.log" | tr '\n' ' ' | cut -c1-360)"
  [ $rc -eq 0 ] || failures=$((failures + 1))
}
L=(--layout-a col --layout-b row)
run_checks() {
  echo "== 1. batched edge shapes"
  for s in 129x257x65x3 1x1x1x2 3x5x7x4 4097x255x93x2 640x384x1000x5; do
    IFS=x read -r m n k b <<<"$s"
    check "packed.$s" "$R" "$K" -m "$m" -n "$n" -k "$k" --batch "$b" "${L[@]}" --no-timing
  done
  # Unaligned leading dimensions and batch strides (entries apart by more
  # than a matrix), each operand in turn read by every entry (stride 0).
  check strided "$R" "$K" -m 300 -n 260 -k 129 --batch 3 "${L[@]}" \
    --lda 303 --ldb 263 --ldc 261 --batch-stride-a 40000 --batch-stride-b 35001 \
    --batch-stride-c 80000 --no-timing
  check stride0.a "$R" "$K" -m 300 -n 260 -k 129 --batch 3 "${L[@]}" \
    --lda 301 --batch-stride-a 0 --no-timing
  check stride0.b "$R" "$K" -m 300 -n 260 -k 129 --batch 3 "${L[@]}" \
    --ldb 261 --batch-stride-b 0 --no-timing
  check one.entry "$R" "$K" -m 1000 -n 1300 -k 2001 --batch 1 "${L[@]}" --no-timing
  echo "== 2. compute-sanitizer"
  check memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$K" \
    -m 300 -n 260 -k 129 --batch 3 "${L[@]}" --lda 301 --batch-stride-b 0 \
    --no-timing --iterations 1 --no-cublas
  check racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$K" \
    -m 200 -n 130 -k 65 --batch 2 "${L[@]}" --no-timing --iterations 1 --no-cublas
  echo "== 3. timed next to cuBLAS strided-batched tf32"
  for round in 1 2; do
    for s in 4096x4096x4096x2 2048x2048x2048x8 1024x1024x1024x32; do
      IFS=x read -r m n k b <<<"$s"
      timeout 150 "$R" "$K" -m "$m" -n "$n" -k "$k" --batch "$b" "${L[@]}" \
        --iterations 30 --warmup 5 >"$W/time.$s.r$round.log" 2>&1
      echo "rc=$? r$round $s: $(grep -E '^gemm-opt :|^cuBLAS   :|^ratio|^result' "$W/time.$s.r$round.log" | tr '\n' ' ' | cut -c1-400)"
    done
  done
  echo "checks failed: $failures"
}

run_sweeps() {
  for s in 18 19; do
    cover=sweep-cover
    [ "$s" = 19 ] && cover=sweep-cover-19
    echo "== sweep seed $s ($cover)"
    COVER=$cover OUT=$OUT/sweep$s SEED=$s CASES=200 timeout 200 bash scripts/sweep.sh "$D" 2>&1 | tail -14
  done
}

[[ $PARTS == *checks* ]] && run_checks
[[ $PARTS == *sweeps* ]] && run_sweeps
tar czf "$OUT/session16.tar.gz" -C "$OUT" batched sweep18 sweep19 2>/dev/null
