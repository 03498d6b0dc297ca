#!/usr/bin/env bash
# Session 21's device calls: where the fused epilogue's reads of an M×N
# operand (beta·C, a residual) lose to cuBLAS, which hides its C read.
#   epi     the bf16 example (persistent 128x256 s3) beside the same
#           schedule with alpha_beta (beta = 0: C not read; beta = 1) and
#           with a residual, and alpha_beta + SiLU + residual, each timed
#           next to cuBLAS GemmEx with the same alpha and beta (a residual
#           is not in cuBLAS's GEMM), at EPI_SHAPES, ROUNDS rounds;
#   ncu     duration, SM clock, DRAM bytes of those kernels (and cuBLAS's)
#           at NCU_SHAPE (default 8192x8192x4096);
#   source  warp-stall samples per SASS instruction (ncu source page,
#           summarized by scripts/lib/ncu-stalls.py) of SOURCE_KERNELS
#           (default alpha_beta with beta = 1 and beta = 0 and the residual
#           kernel; "plain" is the example) at NCU_SHAPE;
#   checks  the epilogue bundles against cuBLAS and fp64 at edge shapes,
#           with and without C's tensor map (ldc 1301), beta = 0;
#           memcheck and racecheck on the alpha_beta and residual kernels;
#   gelu    the bias + GELU example at 8192x8192x4096 against cuBLAS + a
#           separate kernel and cuBLASLt GELU_BIAS (--compare-epilogue),
#           ROUNDS rounds;
#   tf32    the tf32 example at 4096³ and 8192³, ROUNDS rounds.
# PARTS picks (default epi ncu source). PREFIXES names bundle prefixes to
# compare, "-" for none (default "-": the shipped bundles; "old_ -": the
# bundles of an earlier compiler beside them). Console in $OUT/console.txt,
# logs in $OUT/session21.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
source scripts/lib/ncu-source.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-epi ncu source}
ROUNDS=${ROUNDS:-2}
EPI_SHAPES=${EPI_SHAPES:-"8192x8192x4096 4096x4096x4096"}
read -r -a PREFIX_LIST <<<"${PREFIXES:--}"
for i in "${!PREFIX_LIST[@]}"; do
  [ "${PREFIX_LIST[$i]}" = - ] && PREFIX_LIST[$i]=""
done
wants() { [[ " $PARTS " == *" $1 "* ]]; }
NCU_SHAPE=${NCU_SHAPE:-8192x8192x4096}
SOURCE_KERNELS=${SOURCE_KERNELS:-"ab-beta1 ab-beta0 residual"}
NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
AB=epilogue_bf16_wgmma_alpha_beta_persistent_tma
RES=epilogue_bf16_wgmma_residual_persistent_tma
ABSR=epilogue_bf16_wgmma_alpha_beta_residual_tma
dims() { IFS=x read -r m n k <<<"$1"; }

if wants epi; then
  echo "== epi: ratio to cuBLAS GemmEx (same alpha, beta)"
  for round in $(seq 1 "$ROUNDS"); do
    for s in $EPI_SHAPES; do
      dims "$s"
      for p in "${PREFIX_LIST[@]}"; do
        time_bundle "${p}plain.$s.r$round" "${p}gemm_bf16_wgmma_sm90" -m "$m" -n "$n" -k "$k"
        time_bundle "${p}ab-beta0.$s.r$round" "$p$AB" -m "$m" -n "$n" -k "$k" --alpha 1.5 --beta 0
        time_bundle "${p}ab-beta1.$s.r$round" "$p$AB" -m "$m" -n "$n" -k "$k" --alpha 1.5 --beta 1
        time_bundle "${p}residual.$s.r$round" "$p$RES" -m "$m" -n "$n" -k "$k" --residual
        time_bundle "${p}ab-silu-res.$s.r$round" "$p$ABSR" -m "$m" -n "$n" -k "$k" \
          --alpha 1.5 --beta 1 --residual
      done
    done
  done
fi

profile_args() { # NAME: the bundle and gemm-run flags of a profiled kernel
  case $1 in
    *ab-beta1) echo "$AB --alpha 1.5 --beta 1" ;;
    *ab-beta0) echo "$AB --alpha 1.5 --beta 0" ;;
    *residual) echo "$RES --residual" ;;
    plain) echo "gemm_bf16_wgmma_sm90" ;;
  esac
}

if wants ncu; then
  echo "== ncu at $NCU_SHAPE (clocks not locked)"
  dims "$NCU_SHAPE"
  METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum
  for p in "${PREFIX_LIST[@]}"; do
    for what in plain ab-beta0 ab-beta1 residual; do
      read -r b args <<<"$(profile_args "$what")"
      b=$p$b
      # shellcheck disable=SC2086
      timeout 120 "$NCU_BIN" --clock-control none --metrics "$METRICS" --csv \
        "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $args --iterations 2 --warmup 1 \
        >"$WORK/ncu.$p$what.csv" 2>"$WORK/ncu.$p$what.err"
      echo "-- ncu rc=$? $p$what"
      scripts/lib/ncu-summary.py "$WORK/ncu.$p$what.csv" 2>&1 | head -20
    done
  done
fi

if wants source; then
  echo "== ncu source at $NCU_SHAPE"
  dims "$NCU_SHAPE"
  for p in "${PREFIX_LIST[@]}"; do
    for what in $SOURCE_KERNELS; do
      read -r b args <<<"$(profile_args "$what")"
      b=$p$b
      # The kernel's function name (a bundle's prefix is not in it).
      kernel=$(grep -o '"name": *"[^"]*_kernel"' "$D/$b/kernel.json" | head -1 | sed 's/.*"\([^"]*\)"$/\1/')
      # shellcheck disable=SC2086
      ncu_source "$WORK/src.$p$what" "$kernel" "$WORK/ncu-source.$p$what.log" \
        "$OUT_ROOT/ncu-source.$p$what.csv.gz" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $args
      echo "-- ncu source rc=$? $p$what"
      scripts/lib/ncu-stalls.py "$OUT_ROOT/ncu-source.$p$what.csv.gz" 40 2>&1 | head -60
    done
  done
fi

if wants checks; then
  echo "== checks"
  for p in "${PREFIX_LIST[@]}"; do
    for spec in "$AB:--alpha 1.5 --beta -0.5" "$RES:--residual" \
                "$ABSR:--alpha 1.5 --beta -0.5 --residual"; do
      b=$p${spec%%:*}
      read -r -a args <<<"${spec#*:}"
      for s in 1x1x1 7x9x3 129x257x65 1000x1300x2000 4097x4095x4093 896x4864x4096 8192x8192x4096; do
        dims "$s"
        logged_check "$b.$s" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" "${args[@]}" --no-timing
      done
      logged_check "$b.ldc1301" "$R" "$D/$b/kernel.json" -m 1000 -n 1300 -k 2000 --ldc 1301 \
        "${args[@]}" --no-timing
    done
    logged_check "$p$AB.beta0" "$R" "$D/$p$AB/kernel.json" -m 1000 -n 1300 -k 2000 --alpha 2 --beta 0 --no-timing
    for spec in "$AB:--alpha 1.5 --beta 1" "$RES:--residual"; do
      b=$p${spec%%:*}
      read -r -a args <<<"${spec#*:}"
      for s in 300x384x200 300x333x200; do
        dims "$s"
        logged_check "memcheck.$b.$s" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
          "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" "${args[@]}" --no-timing --iterations 1 --no-cublas
      done
      logged_check "racecheck.$b" "$SAN" --tool racecheck --error-exitcode 86 "$R" \
        "$D/$b/kernel.json" -m 640 -n 768 -k 640 "${args[@]}" --no-timing --iterations 1 --no-cublas
    done
  done
fi

if wants gelu; then
  echo "== bias + GELU at 8192x8192x4096 (--compare-epilogue)"
  for round in $(seq 1 "$ROUNDS"); do
    for p in "${PREFIX_LIST[@]}"; do
      b=${p}gemm_bf16_wgmma_bias_gelu_sm90
      timeout 240 "$R" "$D/$b/kernel.json" -m 8192 -n 8192 -k 4096 --bias --compare-epilogue \
        --iterations 30 >"$WORK/gelu.$b.r$round.log" 2>&1 || failures=$((failures + 1))
      echo "-- $b r$round"
      grep -E "^(epilogue|\||result|gemm-run: error)" "$WORK/gelu.$b.r$round.log"
    done
  done
fi

if wants tf32; then
  echo "== tf32"
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      for p in "${PREFIX_LIST[@]}"; do
        time_bundle "${p}tf32.$s.r$round" "${p}gemm_tf32_wgmma_sm90" -m "$m" -n "$n" -k "$k"
      done
    done
  done
fi
echo "== failures: $failures"
tar czf "$OUT_ROOT/session21.tar.gz" -C "$WORK" . 2>/dev/null
