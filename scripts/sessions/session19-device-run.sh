#!/usr/bin/env bash
# Session 19's device calls (H100): mma.sync kernels on any shape and pitch
# (ragged = true schedules; the others keep whole tiles).
#   checks   the ragged mma.sync bundles (bf16 and f16 tilings, two
#            fused-epilogue schedules) at edge shapes, padded pitches, pitches
#            that are not 16-byte aligned (element loads) and a C pitch that
#            is not (element stores); the whole-tile example refusing a
#            ragged shape;
#   random   RANDOM_CASES (default 30) random shapes and pitches per ragged
#            bf16/f16 bundle, seed RANDOM_SEED (default 19), each checked against
#            cuBLAS and fp64;
#   memcheck compute-sanitizer memcheck and racecheck on an edge shape, an
#            unaligned one, and the fused kernel;
#   perf     the mma.sync bundles before (old_*, compiled at the commit before
#            the change) and now at 4096³ (and the examples at 8192³: interior
#            blocks only), the examples now at 4097x4095x4096 (edge blocks)
#            and with lda = 4097 (element loads), ROUNDS rounds (first call;
#            SYNC=... names the bundles);
#   ragged   the ragged bf16/f16 bundles against the whole-tile ones at
#            4096³, and at 4097x4095x4096 and lda = 4097, ROUNDS rounds;
#   sass     LDL/STL (local memory) per mma.sync kernel, from cuobjdump;
#   tf32     the tf32 example against 3 stages with 2 store rounds, 4096³ and
#            8192³, ROUNDS rounds.
# PARTS picks (default all). Console in $OUT/console.txt, logs in
# $OUT/session19.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-checks random memcheck ragged sass}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
SYNC=${SYNC:-"gemm_bf16_sm90 gemm_f16_sm90 bf16_128x128x32_s4 bf16_128x256x32_s4 f16_128x256x32_s4"}
RAGGED="bf16_128x256x32_s4_ragged f16_128x256x32_s4_ragged"
FUSED="epilogue_bf16_sync_alpha_beta_row_bias_relu_residual epilogue_bf16_sync_column_bias_gelu"

if wants checks; then
  echo "== checks"
  # The whole-tile kernel refuses a ragged shape with the reason (exit 2).
  timeout 60 "$R" "$D/gemm_bf16_sm90/kernel.json" -m 1000 -n 1300 -k 2000 --no-timing >"$WORK/refusal.log" 2>&1
  rc=$?
  echo "$([ $rc = 2 ] && echo ok || echo FAIL) whole-tile-refusal rc=$rc $(grep -m1 -o 'ragged shapes are not supported[^(]*' "$WORK/refusal.log")"
  [ $rc = 2 ] || failures=$((failures + 1))
  for b in $RAGGED $FUSED; do
    extra=$(fused_args "$b")
    for s in 1x1x1 7x9x3 129x257x65 640x768x640 1000x1300x2000 4097x4095x4093 256x4096x5 33x4096x4096; do
      IFS=x read -r m n k <<<"$s"
      logged_check "$b.$s" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $extra --no-timing
    done
    logged_check "$b.ld-padded" "$R" "$D/$b/kernel.json" -m 1024 -n 1280 -k 2048 --lda 2056 \
      --ldb 1288 --ldc 1296 $extra --no-timing
    logged_check "$b.ld-unaligned" "$R" "$D/$b/kernel.json" -m 1000 -n 1300 -k 2001 --lda 2003 \
      --ldb 1301 --ldc 1302 $extra --no-timing
    logged_check "$b.lda-unaligned" "$R" "$D/$b/kernel.json" -m 1024 -n 1024 -k 1024 --lda 1025 $extra --no-timing
    logged_check "$b.ldc1301" "$R" "$D/$b/kernel.json" -m 1000 -n 1300 -k 2000 --ldc 1301 $extra --no-timing
  done
fi

if wants random; then
  cases=${RANDOM_CASES:-30}
  RANDOM=${RANDOM_SEED:-19}
  echo "== random: $cases cases per bundle, seed ${RANDOM_SEED:-19}"
  for b in $RAGGED; do
    for ((i = 0; i < cases; i++)); do
      random_problem
      logged_check "random.$b.$i.${m}x${n}x${k}.$lda.$ldb.$ldc" "$R" "$D/$b/kernel.json" \
        -m "$m" -n "$n" -k "$k" --lda "$lda" --ldb "$ldb" --ldc "$ldc" --seed "$i" --no-timing
    done
  done
fi

if wants memcheck; then
  echo "== sanitizers"
  b=bf16_128x256x32_s4_ragged
  logged_check "$b.memcheck-edge" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 200 --no-timing --iterations 1 --no-cublas
  logged_check "$b.memcheck-unaligned" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 201 --lda 203 --ldb 335 --ldc 337 --no-timing --iterations 1 --no-cublas
  logged_check "$b.racecheck-edge" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 200 --no-timing --iterations 1 --no-cublas
  logged_check "$b.racecheck-unaligned" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 201 --lda 203 --no-timing --iterations 1 --no-cublas
  b=epilogue_bf16_sync_alpha_beta_row_bias_relu_residual
  logged_check "$b.memcheck-unaligned" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 201 --lda 203 --ldc 337 $(fused_args "$b") --no-timing --iterations 1 --no-cublas
fi

if wants perf; then
  echo "== perf (old_* = before the change): gemm-opt ms TFLOP/s | cuBLAS | ratio | result"
  for r in $(seq 1 "$ROUNDS"); do
    for b in $SYNC; do
      time_bundle "r$r.4096^3.old_$b" "old_$b" -m 4096 -n 4096 -k 4096
      time_bundle "r$r.4096^3.$b" "$b" -m 4096 -n 4096 -k 4096
    done
    for b in gemm_bf16_sm90 gemm_f16_sm90; do
      time_bundle "r$r.8192^3.old_$b" "old_$b" -m 8192 -n 8192 -k 8192
      time_bundle "r$r.8192^3.$b" "$b" -m 8192 -n 8192 -k 8192
      time_bundle "r$r.4097x4095x4096.$b" "$b" -m 4097 -n 4095 -k 4096
      time_bundle "r$r.4096^3-lda4097.$b" "$b" -m 4096 -n 4096 -k 4096 --lda 4097
    done
  done
fi

if wants ragged; then
  echo "== ragged vs whole-tile kernels: gemm-opt ms TFLOP/s | cuBLAS | ratio | result"
  for r in $(seq 1 "$ROUNDS"); do
    for t in bf16 f16; do
      time_bundle "r$r.4096^3.${t}_128x256x32_s4" "${t}_128x256x32_s4" -m 4096 -n 4096 -k 4096
      time_bundle "r$r.4096^3.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4096 -n 4096 -k 4096
      time_bundle "r$r.4097x4095x4096.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4097 -n 4095 -k 4096
      time_bundle "r$r.4096^3-lda4097.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4096 -n 4096 -k 4096 --lda 4097
    done
  done
fi

# variants: the bundles named in $VARIANTS (e.g. the compiler variants of
# one schedule compiled here with a switch, not kept) against each other at
# 4096³, ROUNDS rounds.
if wants variants; then
  echo "== variants at 4096^3: gemm-opt ms TFLOP/s | cuBLAS | ratio | result"
  for r in $(seq 1 "$ROUNDS"); do
    for b in ${VARIANTS:-}; do
      time_bundle "r$r.$b" "$b" -m 4096 -n 4096 -k 4096
    done
  done
fi

if wants sass; then
  echo "== sass"
  for b in $SYNC $RAGGED $FUSED; do
    for dir in "$D/$b" "$D/old_$b"; do
      [ -d "$dir" ] || continue
      cubin=$(ls "$dir"/*.cubin | head -1)
      cuobjdump -sass "$cubin" > "$WORK/$(basename "$dir").sass" 2>&1
      echo "$(basename "$dir"): $(grep -c 'LDL' "$WORK/$(basename "$dir").sass") LDL, $(grep -c 'STL' "$WORK/$(basename "$dir").sass") STL, $(grep -c 'HMMA' "$WORK/$(basename "$dir").sass") HMMA"
    done
  done
fi

if wants tf32; then
  echo "== tf32"
  for r in $(seq 1 "$ROUNDS"); do
    for s in 4096 8192; do
      for b in gemm_tf32_wgmma_sm90 wgmma_tf32_128x256x32_s3_persistent_tma_rm16_r2_spares; do
        time_bundle "r$r.$s^3.$b" "$b" -m "$s" -n "$s" -k "$s"
      done
    done
  done
  for s in 1x1x1 129x257x65 4097x4095x4093 1000x1300x2000; do
    IFS=x read -r m n k <<<"$s"
    logged_check "tf32s3r2.$s" "$R" "$D/wgmma_tf32_128x256x32_s3_persistent_tma_rm16_r2_spares/kernel.json" \
      -m "$m" -n "$n" -k "$k" --no-timing
  done
fi
echo "== failures: $failures"
tar czf "$OUT_ROOT/session19.tar.gz" -C "$WORK" . 2>/dev/null
