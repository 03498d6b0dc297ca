#!/usr/bin/env bash
# Session 22's device call: tf32 with a column-major A read from registers
# (passes/WgmmaStageOperands.h) against the same schedules compiled by the
# compiler before it, which staged a K-major copy of A (bundles prefixed
# old_ in device-artifacts/).
#   checks  the column-major-A kernel (and the batched col A / row B one,
#           whose B is still staged) against cuBLAS tf32 and fp64 at edge
#           shapes, unaligned leading dimensions and batch strides;
#           memcheck and racecheck;
#   time    the tf32 example (A row, B col), the column-major-A kernel and
#           the old staged one, the staged row-major-B kernel, at 4096³ and
#           8192³, and the batched kernels, ROUNDS interleaved rounds next
#           to cuBLAS tf32 with the same transposes;
#   variants, rs  hand-compiled variants (var_dp, var_np, var_w0, var_rs:
#           bench/NOTES.md, session 22 says what each was; the shipped
#           compiler does not build them) at edge shapes and timed;
#   ncu     duration, SM clock, DRAM bytes of the example and the
#           column-major-A kernel at 4096³.
# PARTS picks (default "checks time"). Console in $OUT/console.txt, logs in
# $OUT/session22.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-checks time}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
COLA=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a
ROWB=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_staged_row_b
BAT=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_staged_cr_batched
CC=(--layout-a col --layout-b col)
CR=(--layout-a col --layout-b row)
dims() { IFS=x read -r m n k b <<<"$1"; }

if wants checks; then
  echo "== checks"
  for p in "" old_; do
    for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 896x4864x4096 256x4096x512 4096x4096x64; do
      dims "$s"
      logged_check "${p}cola.$s" "$R" "$D/$p$COLA/kernel.json" -m "$m" -n "$n" -k "$k" "${CC[@]}" --no-timing
    done
    logged_check "${p}cola.lda" "$R" "$D/$p$COLA/kernel.json" -m 1000 -n 1300 -k 2001 "${CC[@]}" \
      --lda 1003 --ldb 2005 --ldc 1301 --no-timing
  done
  logged_check cola.lda-odd "$R" "$D/$COLA/kernel.json" -m 333 -n 517 -k 259 "${CC[@]}" \
    --lda 337 --ldb 263 --no-timing
  logged_check cola.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$COLA/kernel.json" \
    -m 300 -n 260 -k 129 "${CC[@]}" --no-timing --iterations 1 --no-cublas
  logged_check cola.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$COLA/kernel.json" \
    -m 300 -n 520 -k 200 "${CC[@]}" --no-timing --iterations 1 --no-cublas
  K=$D/$BAT/kernel.json
  for s in 129x257x65x3 1x1x1x2 3x5x7x4 4097x255x93x2 640x384x1000x5; do
    dims "$s"
    logged_check "batched.$s" "$R" "$K" -m "$m" -n "$n" -k "$k" --batch "$b" "${CR[@]}" --no-timing
  done
  logged_check batched.strided "$R" "$K" -m 300 -n 260 -k 129 --batch 3 "${CR[@]}" \
    --lda 303 --ldb 263 --ldc 261 --batch-stride-a 40000 --batch-stride-b 35001 \
    --batch-stride-c 80000 --no-timing
  logged_check batched.stride0.a "$R" "$K" -m 300 -n 260 -k 129 --batch 3 "${CR[@]}" \
    --lda 301 --batch-stride-a 0 --no-timing
  logged_check batched.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$K" \
    -m 300 -n 260 -k 129 --batch 3 "${CR[@]}" --lda 301 --batch-stride-b 0 \
    --no-timing --iterations 1 --no-cublas
  logged_check batched.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$K" \
    -m 200 -n 130 -k 65 --batch 2 "${CR[@]}" --no-timing --iterations 1 --no-cublas
fi

if wants time; then
  echo "== time: ratio to cuBLAS tf32 (same transposes)"
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      time_bundle "cola.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" "${CC[@]}"
      time_bundle "old_cola.$s.r$round" "old_$COLA" -m "$m" -n "$n" -k "$k" "${CC[@]}"
      for v in ${TIME_VARIANTS:-}; do
        time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k" "${CC[@]}"
      done
      time_bundle "rowb.$s.r$round" "$ROWB" -m "$m" -n "$n" -k "$k" --layout-a row --layout-b row
    done
    for s in 4096x4096x4096x2 1024x1024x1024x32; do
      dims "$s"
      time_bundle "batched.$s.r$round" "$BAT" -m "$m" -n "$n" -k "$k" --batch "$b" "${CR[@]}"
      time_bundle "old_batched.$s.r$round" "old_$BAT" -m "$m" -n "$n" -k "$k" --batch "$b" "${CR[@]}"
    done
  done
fi

if wants variants; then
  # Which part of the column-major-A kernel a wrong result comes from:
  # var_dp (no stream-K), var_np (one tile per block), var_w0 (wait for
  # every wgmma group before the next stage's fragment loads).
  echo "== variants"
  for v in $COLA var_dp var_np var_w0; do
    for s in 129x257x65 1000x1300x2000 256x4096x512 4096x4096x4096 4096x4096x64; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" "${CC[@]}" --no-timing
    done
  done
  for v in $COLA var_w0; do
    cubin=$(ls "$D/$v"/*.cubin | head -1)
    cuobjdump -sass "$cubin" >"$WORK/sass.$v.txt" 2>&1
    echo "sass $v: $(grep -c HGMMA "$WORK/sass.$v.txt") HGMMA, $(grep -c 'LDS' "$WORK/sass.$v.txt") LDS"
    grep -m60 -E 'LDS|HGMMA|WARPGROUP|SYNCS' "$WORK/sass.$v.txt" | sed -n 1,60p
  done
fi

if wants rs; then
  # The tf32 example with its (row-major) A read from registers too
  # (var_rs), against the example as shipped (A through wgmma's
  # descriptors): edge shapes, then ROUNDS interleaved timing rounds.
  echo "== rs: row-major A from registers"
  for s in 4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x64; do
    dims "$s"
    logged_check "var_rs.$s" "$R" "$D/var_rs/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
  done
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      time_bundle "var_rs.$s.r$round" var_rs -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants ncu; then
  echo "== ncu at 4096³: duration, SM clock, DRAM read"
  NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  for spec in "example $EX" "cola $COLA --layout-a col --layout-b col"; do
    read -r name bundle extra <<<"$spec"
    # shellcheck disable=SC2086
    timeout 200 "$NCU_BIN" --metrics gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__bytes_read.sum \
      "$R" "$D/$bundle/kernel.json" -m 4096 -n 4096 -k 4096 $extra --iterations 1 --warmup 0 --no-cublas \
      >"$WORK/ncu.$name.log" 2>&1 || failures=$((failures + 1))
    echo "$name: $(grep -E 'gpu__time_duration|sm__cycles_elapsed|dram__bytes_read' "$WORK/ncu.$name.log" | awk '{print $1, $(NF-1), $NF}' | tr '\n' ' ')"
  done
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session22.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
