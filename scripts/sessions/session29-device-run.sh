#!/usr/bin/env bash
# Session 29's device call (bench/NOTES.md, "Session 29"): the any-shape
# ffma kernel's epilogue always through shared memory (h29.1).
#   simt    edge shapes with odd and padded ldc for the SIMT example and
#           the t8x16 kernels, memcheck and racecheck at ldc 521; old_
#           bundles (the main branch's register epilogue) against the new
#           ones at 4096x4095x4096 (ldc 4095 and --ldc 4096),
#           8192x8191x8192 (ldc 8191 and --ldc 8192), and at 4096³ and
#           8192³ (the whole-tile variants, same PTX) in ROUNDS rounds;
#   table   issue 4's SIMT rows again: the SIMT example and t8x16 s3 at
#           4096³ and 8192³;
#   erfc    GELU (erf) as 0.5·x·erfc(-x/√2) (h29.3; the bundle and the
#           seed 51 cover bundles carried were compiled with that form,
#           which was not kept): edge shapes and memcheck of the one
#           shipped erf-GELU schedule, sweep seed 51's case 144, and its
#           timing against old_ (the shipped 1 + erf form);
#   sweep   gemm-sweep, seeds SWEEP_SEEDS (default 50).
# PARTS picks (default "simt sweep"). Console in $OUT/console.txt, logs in
# $OUT/session29.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-simt sweep}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
T=f32_simt_128x256x8_t8x16_s3
EX=gemm_f32_simt_sm90

if wants simt; then
  echo "== simt checks"
  for bundle in $EX $T f32_simt_128x256x8_t8x16; do
    check_shapes $bundle "4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 300x520x129"
    check_shapes $bundle "1000x1300x2000 300x520x129" --ldc 1301
    check_shapes $bundle "1000x1300x2000" --ldc 1304
    check_shapes $bundle "129x257x65" --lda 67 --ldb 259 --ldc 263
  done
  for tool in memcheck racecheck; do
    logged_check "simt.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/$T/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
  done
  echo "== simt timings"
  time_interleaved "4096x4095x4096" old_$T $T "old_ldc4096=old_$T:--ldc:4096" "ldc4096=$T:--ldc:4096"
  time_interleaved "8192x8191x8192" old_$T $T "old_ldc8192=old_$T:--ldc:8192" "ldc8192=$T:--ldc:8192"
  time_interleaved "4095x4096x4096 4096x4096x4095" old_$T $T
  ROUNDS=1 time_interleaved "4096x4096x4096 8192x8192x8192" old_$T $T
fi

if wants table; then
  echo "== table (SIMT rows)"
  time_interleaved "4096x4096x4096 8192x8192x8192" $EX $T
fi

if wants erfc; then
  # h29.3: GELU (erf) as 0.5·x·erfc(-x/√2); old_ is the 1 + erf form.
  E=epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma
  ARGS="--bias --alpha 1.5 --beta 0.5"
  for bundle in $E old_$E; do
    # shellcheck disable=SC2086
    check_shapes $bundle "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000" $ARGS
  done
  # shellcheck disable=SC2086
  logged_check "erfc.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$E/kernel.json" -m 300 -n 521 -k 131 $ARGS --no-timing --iterations 1 --no-cublas
  "$D/bin/gemm-sweep" "$D" --seed 51 --case 144 --cover "$D/sweep-cover51" 2>&1 |
    grep -E "^case|failures"
  time_interleaved "4096x4096x4096 8192x8192x4096" "erfc=$E:${ARGS// /:}" \
    "erf=old_$E:${ARGS// /:}"
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-50}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session29.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
