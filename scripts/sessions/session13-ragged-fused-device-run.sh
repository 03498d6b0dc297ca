#!/usr/bin/env bash
# Session 13: fused epilogues on any shape and pitch (wgmma). Each fused
# bundle on ragged shapes, with alpha/beta where it has them, a C (and
# residual) pitch of N + 1 elements and offsets that break 16-byte
# alignment of nothing TMA reads; memcheck and racecheck on a ragged shape;
# the bias+GELU example timed at 8192x8192x4096 against cuBLAS + a separate
# kernel and cuBLASLt (--compare-epilogue), next to the same kernel
# compiled before the change (gemm_bf16_wgmma_bias_gelu_base). Bundles:
#   ONLY='^(gemm_bf16_wgmma_bias_gelu_sm90|epilogue_.*)$' scripts/prepare-device-artifacts.sh
#   (+ the example at the previous commit, renamed, in gemm_bf16_wgmma_bias_gelu_base/)
# NAME (the results' name) and COMPARE_ROUNDS (2) for later sessions' calls
# (scripts/sessions/session14-ragged-fused-device-run.sh).
NAME=${NAME:-session13-ragged-fused}
source "$(dirname "$0")/../lib/budgeted-session.sh"
FUSED="gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_alpha_beta_residual_tma epilogue_bf16_wgmma_bias_relu_sm90 epilogue_bf16_wgmma_bias_gelu_s4_persistent_tma_r2_streamk1 epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares epilogue_tf32_wgmma_alpha_beta_bias_gelu_persistent_tma"
# alpha and beta where the bundle has them (gemm-run refuses them otherwise).
args_for() { [[ $1 == *alpha_beta* ]] && echo "--alpha 1.5 --beta -0.5"; }

echo "== 1. ragged shapes, unaligned pitches"
for b in $FUSED; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); continue; }
  ARGS=$(args_for "$b")
  for s in 1x1x1 129x257x65 1000x1300x2000 4097x4095x4093 896x4864x4096 1024x1280x2048; do
    IFS=x read -r m n k <<<"$s"
    # shellcheck disable=SC2086
    run_check "$b.$s" 0 20 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $ARGS --no-timing
  done
  # shellcheck disable=SC2086
  run_check "$b.ldc-unaligned" 0 20 "$R" "$D/$b/kernel.json" -m 1000 -n 1300 -k 2000 \
    --ldc 1301 $ARGS --no-timing
  # shellcheck disable=SC2086
  run_check "$b.ldc-unaligned-whole" 0 20 "$R" "$D/$b/kernel.json" -m 1024 -n 1280 -k 2048 \
    --ldc 1283 $ARGS --no-timing
done

echo "== 2. compute-sanitizer on a ragged shape"
for b in gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_alpha_beta_residual_tma; do
  ARGS=$(args_for "$b")
  for tool in memcheck racecheck; do
    # shellcheck disable=SC2086
    run_check "$b.$tool" 0 60 "$SAN" --tool $tool --error-exitcode 86 \
      --kernel-name "kns=${b%_sm90}_kernel" "$R" "$D/$b/kernel.json" \
      -m 300 -n 333 -k 200 $ARGS --no-timing --iterations 1 --no-cublas
  done
done

echo "== 3. bias + GELU at 8192x8192x4096 (--compare-epilogue)"
for round in $(seq 1 "${COMPARE_ROUNDS:-2}"); do
  for b in gemm_bf16_wgmma_bias_gelu_sm90 gemm_bf16_wgmma_bias_gelu_base; do
    run_check "$b.compare.r$round" 0 60 "$R" "$D/$b/kernel.json" -m 8192 -n 8192 -k 4096 \
      --compare-epilogue --iterations 30 --warmup 5
    grep -E "fused|unfused|cuBLASLt|ratio|ms" "$CHECK_LOG_DIR/$b.compare.r$round.log" | head -12 \
      >"$W/compare.$b.r$round.txt"
  done
done

{
  echo "== $NAME: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "== checks"
  cat "$CHECK_RESULTS"
  for f in "$W"/compare.*.txt; do echo "-- $(basename "$f")"; cat "$f"; done
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt" 2>&1
finish_session
