#!/usr/bin/env bash
# Session 35's device call (bench/NOTES.md, "Session 35"), on an H200.
#   simt   the SIMT (ffma) kernels with fused epilogues, new this session:
#          epilogue_f32_simt_alpha_beta (BLAS SGEMM's alpha·A·B + beta·C)
#          and epilogue_f32_simt_alpha_beta_row_bias_gelu_residual, timed
#          beside the plain SIMT kernel and cuBLAS SGEMM (same alpha and
#          beta) in two interleaved rounds; gemm-run's checks at whole and
#          ragged shapes, padded and odd pitches, the residual off C's
#          alignment, beta = 0; memcheck and racecheck of both kernels.
#   sync   the mma.sync fused epilogues with their operands read 8 pairs
#          ahead (the shipped bundles, rebuilt) against their builds
#          before (<bundle>_old), then the same checks and sanitizers; the
#          _old bundles are removed before the sweep.
#   elements (call 3) the element-by-element copies' fused operands read
#          4 elements at a time, against <bundle>_old; checks, sanitizers.
#   sweep  gemm-sweep, seeds SWEEP_SEEDS, each with its cover bundles
#          (device-artifacts/sweep-cover<seed>).
# PARTS picks. Console in $OUT/console.txt, logs in $OUT/session35.tar.gz.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-simt}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh

if wants simt; then
  AB="--alpha 1.5 --beta 0.5"
  ALL="--alpha 1.5 --beta 0.5 --bias --residual"
  LIST=""
  for shape in 4096x4096x4096 8192x8192x8192 4097x4095x4096; do
    LIST+="f32_simt_128x256x8_t8x16_s3:$shape:
epilogue_f32_simt_alpha_beta:$shape:$AB
epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:$shape:$ALL
"
  done
  time_variants "${LIST%$'\n'}" ""
  # Whole tiles (the whole-tile variant), padded pitches, one K tile; then
  # ragged shapes and pitches TMA-free SIMT takes at any value (the
  # any-shape kernel), the residual off C's alignment.
  CASES="4096x4096x4096 128x256x8 2048x8192x1024 512x512x512:--lda:640:--ldb:768:--ldc:520
1x1x1 7x9x3 129x257x65 1000x1300x2000 4097x4095x4093 512x512x512:--ldb:513
512x512x512:--ldc:515 640x384x1000:--residual-offset:3"
  for spec in "epilogue_f32_simt_alpha_beta:$AB" "epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:$ALL"; do
    v=${spec%%:*}
    extra=${spec#*:}
    # shellcheck disable=SC2086
    check_shapes "$v" 5 "$(cases_for "$CASES" $extra)" $extra
    # beta = 0: C is not read (it holds NaN where gemm-run poisons it).
    # shellcheck disable=SC2086
    check_shapes "$v" 6 "1000x1300x2000 4096x4096x512" ${extra/--beta 0.5/--beta 0}
    # shellcheck disable=SC2086
    sanitize_checks "$v" "- --ldc:303" -m 300 -n 264 -k 129 $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "-" -m 256 -n 512 -k 64 $extra
  done
fi

if wants sync; then
  SYNC_ALL="--alpha 1.5 --beta 0.5 --bias --residual"
  LIST=""
  for shape in 4096x4096x4096 8192x8192x4096 4097x4095x4096; do
    LIST+="epilogue_bf16_sync_alpha_beta_row_bias_relu_residual:$shape:$SYNC_ALL
epilogue_bf16_sync_column_bias_gelu:$shape:--bias
"
  done
  time_variants "${LIST%$'\n'}" "" _old
  CASES="4096x4096x4096 2048x8192x1024 512x512x512:--lda:640:--ldb:768:--ldc:520 1x1x1 7x9x3
129x257x65 1000x1300x2000 4097x4095x4093 1024x1024x1024:--ldc:1030 640x384x1000:--residual-offset:3"
  for spec in "epilogue_bf16_sync_alpha_beta_row_bias_relu_residual:$SYNC_ALL" "epilogue_bf16_sync_column_bias_gelu:--bias"; do
    v=${spec%%:*}
    extra=${spec#*:}
    # shellcheck disable=SC2086
    check_shapes "$v" 7 "$(cases_for "$CASES" $extra)" $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "- --ldc:303" -m 300 -n 264 -k 129 $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "-" -m 256 -n 512 -k 64 $extra
  done
  check_shapes epilogue_bf16_sync_alpha_beta_row_bias_relu_residual 8 "1000x1300x2000 4096x4096x512" \
    --alpha 1.5 --beta 0 --bias --residual
fi

if wants elements; then
  # (call 3) The element-by-element copies (C's rows, or a column-major C's
  # columns, take no 16-byte vectors; the SIMT any-shape kernel always)
  # with a step's 4 elements' fused operands read together, against their
  # builds before (<bundle>_old); checks and sanitizers.
  LIST="epilogue_f32_simt_alpha_beta:4097x4095x4096:--alpha 1.5 --beta 0.5
epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:4097x4095x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:4096x4096x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_bias_relu_sm90:4096x4095x4096:--bias
epilogue_bf16_wgmma_bias_relu_sm90:8192x8191x4096:--bias
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:4095x4096x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:8191x8192x4096:--alpha 1.5 --beta 0.5 --bias --residual
epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc:2047x2048x2048x8:--bias --residual"
  time_variants "$LIST" "" _old
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 300x264x64 300x264x64:--ldc:303
4096x4095x512 4095x4096x512 640x384x1000:--residual-offset:3"
  for spec in epilogue_f32_simt_alpha_beta:--alpha:1.5:--beta:0.5 \
    epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:--alpha:1.5:--beta:0.5:--bias:--residual \
    epilogue_bf16_wgmma_bias_relu_sm90:--bias \
    epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc:--alpha:1.5:--beta:0.5:--bias:--residual; do
    read -r v extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    check_shapes "$v" 9 "$(cases_for "$CASES" $extra)" $extra
    # shellcheck disable=SC2086
    sanitize_checks "$v" "--ldc:303" -m 300 -n 264 -k 129 $extra
  done
  check_shapes epilogue_f32_simt_alpha_beta_row_bias_gelu_residual 10 "1000x1300x2000" \
    --alpha 1.5 --beta 0 --bias --residual
  v=epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc
  check_shapes $v 9 "129x257x65x3 1x1x1x2 4097x255x93x2 300x257x129x3:--batch-stride-b:0
257x129x64x4:--ldc:263:--batch-stride-c:70001 640x384x1000x3:--residual-offset:3" --bias --residual
  sanitize_checks $v "--ldc:303:--batch-stride-c:100001" -m 300 -n 264 -k 129 --batch 3 --bias --residual
fi

# The sweep draws its cases from the loaded bundles: only the shipped ones.
rm -rf "$D"/*_old

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-98}
fi

finish_logged_session session35.tar.gz
exit 0
