#!/usr/bin/env bash
# Session 31's device call (bench/NOTES.md, "Session 31"): a fused residual
# per batch entry (h31.1), on an H200.
#   batched   gemm-run's checks of the batched residual bundles
#             (bench/schedules/epilogue_*_batched_*residual*.mlir) at edge
#             shapes, batch counts and strides (C's batch stride unpacked and
#             not a multiple of 16 bytes, A or B broadcast), each against
#             cublasGemmStridedBatchedEx and fp64 with the epilogue applied;
#   sanitize  memcheck and racecheck of the same bundles at an odd shape;
#   probe     (call 3, not by default) the batched residual bundle timed
#             against its unbatched twin and the plain batched example;
#   prefetch  (call 4, not by default) the residual kernels with and
#             without an L2 prefetch of the tile's residual (h31.2);
#   rule      (call 5, not by default) the same with one tile per block
#             and with a persistent vector store;
#   tf32layouts (call 7, not by default) tf32 in every layout against
#             cuBLAS in the same layout;
#   sweep     gemm-sweep, seeds SWEEP_SEEDS (default "80 81 82 83 84"), each
#             with its cover bundles (device-artifacts/sweep-cover<seed>).
# PARTS picks (default all three). Console in $OUT/console.txt, logs and
# the sweeps' folders in $OUT/session31.tar.gz.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-batched sanitize sweep}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
BUNDLES="epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma:--bias:--residual:--alpha:1.5:--beta:0.5
epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc:--bias:--residual
epilogue_tf32_wgmma_batched_residual_tma:--residual"

if wants batched; then
  echo "== batched residual checks"
  # shape x batch [strides a b c]: packed; broadcast B; C's entries apart
  # by an odd count (the residual's too); one entry; ragged edges.
  CASES="129x257x65x3 1x1x1x2 3x5x7x4 1000x1300x2000x2 640x384x1000x5
4097x255x93x2 300x257x129x3:--batch-stride-b:0 257x129x64x4:--ldc:263:--batch-stride-c:70001"
  for spec in $BUNDLES; do
    read -r bundle extra <<<"${spec//:/ }"
    for c in $CASES; do
      read -r shape more <<<"${c//:/ }"
      IFS=x read -r m n k b <<<"$shape"
      # shellcheck disable=SC2086
      logged_check "$bundle.$shape${more:+.strided}" "$R" "$D/$bundle/kernel.json" \
        -m "$m" -n "$n" -k "$k" --batch "$b" $more $extra --seed 3 --no-timing
    done
  done
  # Timed once: a batched GEMM with its residual next to cuBLAS's strided
  # batch with beta = 1 over C holding the residual.
  for spec in $BUNDLES; do
    read -r bundle extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    time_bundle "$bundle.2048x2048x2048x8" "$bundle" -m 2048 -n 2048 -k 2048 --batch 8 $extra
  done
fi

if wants sanitize; then
  for spec in $BUNDLES; do
    read -r bundle extra <<<"${spec//:/ }"
    for tool in memcheck racecheck; do
      # shellcheck disable=SC2086
      logged_check "$bundle.$tool" "$SAN" --tool $tool --error-exitcode 86 "$R" \
        "$D/$bundle/kernel.json" -m 300 -n 257 -k 129 --batch 3 --ldc 303 \
        --batch-stride-c 100001 $extra --no-timing --iterations 1 --no-cublas
    done
  done
fi

if wants probe; then
  # What batching and the epilogue cost (call 3): the batched residual
  # bundle against its unbatched twin (bench/results/2026-11-28-session31/
  # call3-probe-sweeps/, compiled into device-artifacts for the call) and the
  # plain batched example, two rounds.
  P=probe_bf16_alpha_beta_row_bias_gelu_residual_tma
  BT=epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma
  ARGS="--bias --residual --alpha 1.5 --beta 0.5"
  for round in 1 2; do
    # shellcheck disable=SC2086
    {
      time_bundle "$P.2048x2048x2048.r$round" $P -m 2048 -n 2048 -k 2048 $ARGS
      time_bundle "$BT.2048x2048x2048x1.r$round" $BT -m 2048 -n 2048 -k 2048 --batch 1 $ARGS
      time_bundle "$BT.2048x2048x2048x8.r$round" $BT -m 2048 -n 2048 -k 2048 --batch 8 $ARGS
      time_bundle "gemm_bf16_wgmma_batched_sm90.2048x2048x2048x8.r$round" \
        gemm_bf16_wgmma_batched_sm90 -m 2048 -n 2048 -k 2048 --batch 8
      time_bundle "$P.8192x8192x4096.r$round" $P -m 8192 -n 8192 -k 4096 $ARGS
      time_bundle "$BT.8192x8192x4096x1.r$round" $BT -m 8192 -n 8192 -k 4096 --batch 1 $ARGS
    }
  done
fi

if wants prefetch; then
  # h31.2 (call 4): each residual kernel compiled with the residual's L2
  # prefetch at the tile's start (device-artifacts/<bundle>_prefetch,
  # compiled for the call) against the same schedule compiled before it,
  # interleaved, two rounds; then the prefetching bundles' edge shapes.
  ABAB="--bias --residual --alpha 1.5 --beta 0.5"
  AB="--residual --alpha 1.5 --beta 0.5"
  LIST="probe_bf16_alpha_beta_row_bias_gelu_residual_tma:2048x2048x2048:$ABAB
probe_bf16_alpha_beta_row_bias_gelu_residual_tma:8192x8192x4096:$ABAB
epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma:2048x2048x2048x8:$ABAB
epilogue_bf16_wgmma_alpha_beta_residual_tma:4096x4096x4096:$AB
epilogue_bf16_wgmma_alpha_beta_residual_tma:8192x8192x4096:$AB
epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_tf32_wgmma_batched_residual_tma:2048x2048x2048x8:--residual
epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc:2048x2048x2048x8:--bias --residual"
  time_variants "$LIST" "" _prefetch
  checked=" "
  while IFS=: read -r bundle shape extra; do
    v=${bundle}_prefetch
    [[ $checked == *" $v "* ]] && continue
    checked+="$v "
    batched=""
    [[ $shape == *x*x*x* ]] && batched="--batch 3"
    for s in 4097x255x93 1x1x1 129x257x65; do
      IFS=x read -r m n k <<<"$s"
      # shellcheck disable=SC2086
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" $batched $extra --seed 5 --no-timing
    done
  done <<<"$LIST"
  for v in probe_bf16_alpha_beta_row_bias_gelu_residual_tma_prefetch \
    epilogue_bf16_wgmma_batched_column_bias_silu_residual_vector_colc_prefetch; do
    extra="--bias --residual"
    [[ $v == probe* ]] && extra="$ABAB"
    batched=""
    [[ $v == *batched* ]] && batched="--batch 3"
    # shellcheck disable=SC2086
    logged_check "$v.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
      "$D/$v/kernel.json" -m 300 -n 257 -k 129 $batched --ldc 303 $extra \
      --no-timing --iterations 1 --no-cublas
  done
fi

if wants rule; then
  # h31.2 (call 5): which kernels the prefetch helps. One tile per block
  # with the TMA store and with the vector store
  # (bench/results/2026-11-28-session31/call5-prefetch-rule/), and a
  # persistent vector-store kernel, each with and without the prefetch.
  ABAB="--bias --residual --alpha 1.5 --beta 0.5"
  for round in 1 2; do
    for bundle in probe_bf16_alpha_beta_row_bias_gelu_residual_tma_one_tile \
      probe_bf16_alpha_beta_row_bias_gelu_residual_vector_one_tile \
      epilogue_bf16_wgmma_alpha_beta_row_bias_gelu_residual_vector_colc; do
      for shape in 4096x4096x4096 8192x8192x4096; do
        IFS=x read -r m n k <<<"$shape"
        for v in "$bundle" "${bundle}_prefetch"; do
          # shellcheck disable=SC2086
          time_bundle "$v.$shape.r$round" "$v" -m "$m" -n "$n" -k "$k" $ABAB
        done
      done
    done
  done
  for v in probe_bf16_alpha_beta_row_bias_gelu_residual_tma_one_tile_prefetch \
    probe_bf16_alpha_beta_row_bias_gelu_residual_vector_one_tile_prefetch; do
    for s in 4097x255x93 1x1x1 129x257x65; do
      IFS=x read -r m n k <<<"$s"
      # shellcheck disable=SC2086
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" $ABAB --seed 5 --no-timing
    done
  done
fi

if wants tf32layouts; then
  # Call 7: tf32 at 4096³ and 8192³ in each layout its kernels take, each
  # against cuBLAS tf32 in the same layout (gemm-run's default layouts are
  # the bundle's: NN for the exchanged kernel), interleaved, two rounds.
  for round in 1 2; do
    for bundle in gemm_tf32_wgmma_sm90 \
      wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn \
      wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc \
      wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a; do
      for shape in 4096x4096x4096 8192x8192x8192; do
        IFS=x read -r m n k <<<"$shape"
        time_bundle "$bundle.$shape.r$round" "$bundle" -m "$m" -n "$n" -k "$k"
      done
    done
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-80 81 82 83 84}
fi

finish_logged_session session31.tar.gz
exit 0
