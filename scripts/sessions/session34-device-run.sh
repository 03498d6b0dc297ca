#!/usr/bin/env bash
# Session 34's device calls (bench/NOTES.md, "Session 34"), on an H200.
#   batched (call 3) the batched residual kernels with the residual loaded
#           by the producer into the staging parts during the main loop
#           (<bundle>_st) against the shipped ones (the threads read it
#           after the main loop), two interleaved rounds; gemm-run's checks
#           of _st at edge shapes, batch counts and strides, memcheck and
#           racecheck.
#   colc    (call 4) the same for a column-major C: its staging part takes
#           C (alpha_beta) or the residual by TMA during the main loop
#           (<bundle>_st; epilogue_bf16_wgmma_residual_tma_colc is a probe
#           schedule, the residual alone into a column-major C), against
#           the threads' reads after it.
#   chunks  (call 5) a column-major C's C and residual read G groups at a
#           time (<bundle>_g<G>), timed and checked.
#   final   (call 6) checks and sanitizers of the changed shipped bundles.
#   vector  (call 9) the vector-store copies' fused operands read ahead
#           (<bundle>_rt), timed, checked, then put in place of the shipped
#           bundles.
#   sweep   gemm-sweep, seeds SWEEP_SEEDS, each with its cover bundles
#           (device-artifacts/sweep-cover<seed>).
# PARTS picks. Console in $OUT/console.txt, logs in $OUT/session34.tar.gz.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-batched}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh

if wants batched; then
  LIST="epilogue_bf16_wgmma_batched_residual_tma:2048x2048x2048x8:--residual
epilogue_bf16_wgmma_batched_residual_tma:4096x4096x4096x2:--residual
epilogue_bf16_wgmma_batched_residual_tma:8192x8192x4096x1:--residual
epilogue_tf32_wgmma_batched_residual_tma:2048x2048x2048x8:--residual
epilogue_tf32_wgmma_batched_residual_tma:4096x4096x4096x2:--residual"
  time_variants "$LIST" "" _st
  # shape x batch [more]: packed; broadcast B; C's entries (and the
  # residual's) apart by an odd count; C's rows too short for TMA; the
  # residual off C's alignment (its map left out).
  CASES="129x257x65x3 1x1x1x2 3x5x7x4 1000x1300x2000x2 640x384x1000x5
4097x255x93x2 4096x4096x512x2 300x257x129x3:--batch-stride-b:0
257x129x64x4:--ldc:263:--batch-stride-c:70001 257x129x64x2:--ldc:136
640x384x1000x3:--residual-offset:3"
  for v in epilogue_bf16_wgmma_batched_residual_tma_st epilogue_tf32_wgmma_batched_residual_tma_st; do
    check_shapes "$v" 3 "$CASES" --residual
    sanitize_checks "$v" "- --ldc:303:--batch-stride-c:100001" -m 300 -n 264 -k 129 --batch 3 --residual
  done
fi

if wants colc; then
  LIST="epilogue_bf16_wgmma_residual_tma_colc:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_tma_colc:8192x8192x4096:--residual
epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias
epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:8192x8192x4096:--alpha 1.5 --beta 0.5 --bias
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:8192x8192x4096:--alpha 1.5 --beta 0.5 --bias --residual"
  time_variants "$LIST" "" _st
  # C's pitch odd (its map and the residual's left out), the residual off
  # C's alignment (its map left out), beta = 0 (C not read).
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096 300x264x64
300x264x64:--ldc:303 640x384x1000:--residual-offset:3"
  for spec in epilogue_bf16_wgmma_residual_tma_colc_st:--residual \
    epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc_st:--alpha:1.5:--beta:0.5:--bias \
    epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc_st:--alpha:1.5:--beta:0.5:--bias:--residual; do
    read -r v extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    check_shapes "$v" 4 "$(cases_for "$CASES" $extra)" $extra
    [[ $v == *alpha_beta* ]] && check_shapes "$v" 5 "1000x1300x2000" --alpha 1.5 --beta 0 --bias
    # shellcheck disable=SC2086
    sanitize_checks "$v" "- --ldc:303" -m 300 -n 264 -k 129 $extra
  done
fi

if wants chunks; then
  # (call 5) A column-major C's C and residual read for G groups of 8
  # columns at once (<bundle>_g<G>; _st: call 4's build, the staged operand
  # read per group, the other one per element).
  LIST="epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:8192x8192x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias
epilogue_bf16_wgmma_residual_tma_colc:4096x4096x4096:--residual
epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias
epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc:8192x8192x8192:--alpha 1.5 --beta 0.5 --bias"
  time_variants "$LIST" "" _st _g1 _g2 _g4 _g8
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 300x264x64 300x264x64:--ldc:303
640x384x1000:--residual-offset:3"
  for g in 4 8; do
    for spec in epilogue_bf16_wgmma_residual_tma_colc:--residual \
      epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:--alpha:1.5:--beta:0.5:--bias \
      epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:--alpha:1.5:--beta:0.5:--bias:--residual \
      epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc:--alpha:1.5:--beta:0.5:--bias; do
      read -r v extra <<<"${spec//:/ }"
      v=${v}_g$g
      # shellcheck disable=SC2086
      check_shapes "$v" 6 "$(cases_for "$CASES" $extra)" $extra
      # shellcheck disable=SC2086
      logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" \
        "$D/$v/kernel.json" -m 300 -n 264 -k 129 $extra --no-timing --iterations 1 --no-cublas
    done
  done
fi

if wants final; then
  # (call 6) The shipped bundles whose kernels changed this session, at the
  # final compiler: the tf32 NN alpha/beta kernel (C^T = B^T·A^T writes a
  # column-major C^T, so h34.3 changed it too) and two others timed against
  # their builds before the session (<bundle>_old); checks and sanitizers.
  LIST="epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias
epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma:8192x8192x8192:--alpha 1.5 --beta 0.5 --bias
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:8192x8192x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_batched_residual_tma:2048x2048x2048x8:--residual"
  time_variants "$LIST" "" _old
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 300x264x64 300x264x64:--ldc:303
640x384x1000:--residual-offset:3"
  for spec in epilogue_bf16_wgmma_residual_tma_colc:--residual \
    epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc:--alpha:1.5:--beta:0.5:--bias \
    epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_tma_colc:--alpha:1.5:--beta:0.5:--bias:--residual \
    epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc:--alpha:1.5:--beta:0.5:--bias \
    epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma:--alpha:1.5:--beta:0.5:--bias; do
    read -r v extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    check_shapes "$v" 7 "$(cases_for "$CASES" $extra)" $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "- --ldc:303" -m 300 -n 264 -k 129 $extra
  done
  check_shapes epilogue_bf16_wgmma_batched_residual_tma 7 "129x257x65x3 1x1x1x2 4097x255x93x2
300x257x129x3:--batch-stride-b:0 257x129x64x4:--ldc:263:--batch-stride-c:70001
640x384x1000x3:--residual-offset:3" --residual
  sanitize_checks epilogue_bf16_wgmma_batched_residual_tma "- --ldc:303:--batch-stride-c:100001" \
    -m 300 -n 264 -k 129 --batch 3 --residual
fi

if wants vector; then
  # (call 9) The vector-store staging copies with their fused operands
  # read several chunks ahead (<bundle>_rt) against the shipped builds,
  # checks and racecheck of _rt; then _rt replaces the shipped bundle (for
  # the sweep that follows: the loaded kernels' names, which the drawn
  # cases depend on, stay those the covers were planned with).
  LIST="epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:8192x8192x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc:2048x2048x2048x8:--bias --residual
epilogue_bf16_wgmma_bias_relu_sm90:4096x4096x4096:--bias
epilogue_bf16_wgmma_bias_relu_sm90:8192x8192x4096:--bias"
  time_variants "$LIST" "" _rt
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 300x264x64 300x264x64:--ldc:303
640x384x1000:--residual-offset:3"
  for spec in epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc_rt:--alpha:1.5:--beta:0.5:--bias:--residual \
    epilogue_bf16_wgmma_bias_relu_sm90_rt:--bias; do
    read -r v extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    check_shapes "$v" 8 "$(cases_for "$CASES" $extra)" $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "- --ldc:303" -m 300 -n 264 -k 129 $extra
  done
  v=epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc_rt
  check_shapes $v 8 "129x257x65x3 1x1x1x2 4097x255x93x2 300x257x129x3:--batch-stride-b:0
257x129x64x4:--ldc:263:--batch-stride-c:70001 640x384x1000x3:--residual-offset:3" --bias --residual
  sanitize_checks $v "- --ldc:303:--batch-stride-c:100001" -m 300 -n 264 -k 129 --batch 3 --bias --residual
  for d in "$D"/*_rt; do
    rm -rf "${d%_rt}" && mv "$d" "${d%_rt}"
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-95}
fi

finish_logged_session session34.tar.gz
exit 0
