#!/usr/bin/env bash
# Session 30's device call (bench/NOTES.md, "Session 30"): the checks'
# tolerance factor for the activation (runtime/ToleranceFactor.h, h30.1).
#   replay    sweep seed 51's case 144 (erf GELU in its far tail), which
#             failed with the cancellation factor alone;
#   epilogue  gemm-run's checks of the fused-epilogue bundles (tanh GELU,
#             SiLU, erf GELU, ReLU, residual) at edge shapes and seeds,
#             which now go through the same factor;
#   residual  memcheck and racecheck of the column-major residual bundles;
#   compare   the fused bias + GELU kernels against cuBLAS + a separate
#             kernel and cuBLASLt, ROUNDS rounds (gemm-run --compare-epilogue);
#   sweep     gemm-sweep, seeds SWEEP_SEEDS (default "70 71 72 73 74"), each with
#             its cover bundles (device-artifacts/sweep-cover<seed>).
# PARTS picks (default all three). Console in $OUT/console.txt, logs and
# the sweeps' folders (scripts/sweep.sh's results) in $OUT/session30.tar.gz.
# Call 1 ran SWEEP_SEEDS="51 52 53 54 55" before the sweep drew tanh GELU
# and SiLU, call 2 SWEEP_SEEDS="60 61 62 63 64" after; call 3 the default
# seeds once it also drew residuals.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-replay epilogue residual sweep}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh

if wants replay; then
  echo "== replay: seed 51, case 144"
  "$D/bin/gemm-sweep" "$D" --seed 51 --case 144 --cover "$D/sweep-cover51" \
    >"$WORK/replay51.log" 2>&1 || failures=$((failures + 1))
  grep -vE "^$" "$WORK/replay51.log" | tail -8
fi

if wants epilogue; then
  echo "== fused-epilogue checks"
  SHAPES="4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 8x8x2"
  for spec in \
    "gemm_bf16_wgmma_bias_gelu_sm90:--bias" \
    "epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:--bias:--alpha:1.5:--beta:-0.5" \
    "epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma:--bias:--alpha:2.5:--beta:0.5" \
    "epilogue_bf16_sync_column_bias_gelu:--bias" \
    "epilogue_bf16_sync_alpha_beta_row_bias_relu_residual:--bias:--residual:--alpha:0.75:--beta:1.25" \
    "epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:--bias:--residual:--alpha:1.5:--beta:0.5" \
    "epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:--bias:--residual:--alpha:1.5:--beta:0.5"; do
    read -r bundle extra <<<"${spec//:/ }"
    for seed in 1 7; do
      for s in $SHAPES; do
        IFS=x read -r m n k <<<"$s"
        # shellcheck disable=SC2086
        logged_check "$bundle.$s.seed$seed" "$R" "$D/$bundle/kernel.json" \
          -m "$m" -n "$n" -k "$k" $extra --seed $seed --no-timing
      done
    done
  done
fi

if wants residual; then
  # h30.3: a residual into a column-major C, under the sanitizers at an
  # odd shape and pitch.
  for store in tma vector; do
    bundle=epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_${store}_colc
    for tool in memcheck racecheck; do
      logged_check "$bundle.$tool" "$SAN" --tool $tool --error-exitcode 86 "$R" \
        "$D/$bundle/kernel.json" -m 300 -n 257 -k 129 --ldc 303 --bias --residual \
        --alpha 1.5 --beta 0.5 --no-timing --iterations 1 --no-cublas
    done
  done
fi

if wants compare; then
  # Issue 4's bias + GELU rows again, in ROUNDS rounds (call 6).
  echo "== bias + GELU against cuBLAS + a kernel and cuBLASLt"
  compare_epilogue_rounds gemm_bf16_wgmma_bias_gelu_sm90 \
    epilogue_bf16_wgmma_bias_gelu_persistent_tma
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-70 71 72 73 74}
fi

finish_logged_session session30.tar.gz
exit 0
