#!/usr/bin/env bash
# Session 18: what the fused epilogue's reads of C (beta != 0) and of a
# residual cost, and the fixes. For each bundle prefix of VARIANTS (old_:
# before; chunked_: C and residual read a chunk of runs at a time, the next
# chunk's loads ahead of this one's math; prefetch_: and prefetched into L2
# before the tile's main loop), the same persistent 128x256 s3 schedule with
# alpha_beta (xread_ab, run with beta = 0 — C not read — and beta = 1), with
# a residual (xread_res), and with alpha_beta + SiLU + residual
# (epilogue_bf16_wgmma_alpha_beta_residual_tma), next to the plain bf16
# example; each timed next to cuBLAS (GemmEx with the same alpha and beta; a
# residual is not in cuBLAS's GEMM) at SHAPES, ROUNDS interleaved rounds of
# ITER runs. Then the newest variant checked against cuBLAS and fp64 at edge
# shapes. Console in $OUT/console.txt, logs in $OUT/logs.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
SHAPES=${SHAPES:-"8192x8192x4096 4096x4096x4096"}
ROUNDS=${ROUNDS:-3}
ITER=${ITER:-40}
VARIANTS=${VARIANTS:-"old_ chunked_ prefetch_"}
run() { # NAME BUNDLE SHAPE ARGS...
  local name=$1 b=$2 s=$3 m n k
  shift 3
  IFS=x read -r m n k <<<"$s"
  timeout 120 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" "$@" >"$WORK/$name.log" 2>&1
  local rc=$?
  [ $rc = 0 ] || failures=$((failures + 1))
  printf '%-44s %-15s rc=%s %s\n' "$name" "$s" "$rc" \
    "$(grep -E '^(gemm-opt|cuBLAS|ratio|result)' "$WORK/$name.log" | awk '{print $3, $4}' | tr '\n' ' ')"
}
for round in $(seq 1 "$ROUNDS"); do
  for s in $SHAPES; do
    run "plain.$s.r$round" gemm_bf16_wgmma_sm90 "$s" --iterations "$ITER"
    for p in $VARIANTS; do
      run "${p}ab-beta0.$s.r$round" "${p}xread_ab" "$s" --iterations "$ITER" --alpha 1.5 --beta 0
      run "${p}ab-beta1.$s.r$round" "${p}xread_ab" "$s" --iterations "$ITER" --alpha 1.5 --beta 1
      run "${p}residual.$s.r$round" "${p}xread_res" "$s" --iterations "$ITER" --residual
      run "${p}ab-silu-res.$s.r$round" "${p}epilogue_bf16_wgmma_alpha_beta_residual_tma" "$s" \
        --iterations "$ITER" --alpha 1.5 --beta 1 --residual
    done
  done
done
echo "== checks"
p=${VARIANTS##* }
for spec in "xread_ab:--alpha 1.5 --beta -0.5" "xread_res:--residual" \
            "epilogue_bf16_wgmma_alpha_beta_residual_tma:--alpha 1.5 --beta -0.5 --residual" \
            "epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma:--alpha 1.5 --beta -0.5 --bias" \
            "epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares:--alpha 1.5 --beta -0.5 --bias"; do
  b=${spec%%:*}
  read -r -a args <<<"${spec#*:}"
  for s in 1x1x1 7x9x3 129x257x65 1000x1300x2000 4097x4095x4093 896x4864x4096; do
    run "check.$p$b.$s" "$p$b" "$s" --no-timing "${args[@]}"
  done
  run "check.$p$b.ldc1301" "$p$b" 1000x1300x2000 --no-timing --ldc 1301 "${args[@]}"
done
run "check.${p}xread_ab.beta0" "${p}xread_ab" 1000x1300x2000 --no-timing --alpha 2 --beta 0
for b in xread_ab epilogue_bf16_wgmma_alpha_beta_residual_tma; do
  extra=()
  [ "$b" = xread_ab ] || extra=(--residual)
  timeout 120 "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$p$b/kernel.json" -m 300 -n 333 -k 200 \
    --no-timing --alpha 1.5 --beta 1 "${extra[@]}" --iterations 1 --no-cublas >"$WORK/san.$b.log" 2>&1
  echo "memcheck $p$b rc=$? $(grep 'ERROR SUMMARY' "$WORK/san.$b.log")"
done
echo "== failures: $failures"
tar czf "$OUT_ROOT/logs.tar.gz" -C "$WORK" . 2>/dev/null
