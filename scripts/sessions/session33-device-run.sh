#!/usr/bin/env bash
# Session 33's device call (bench/NOTES.md, "Session 33"), on an H200.
#   stall   (call 1) where the staged load's cost comes from (h33.1): the
#           staged kernels without the issuing thread's wait for the
#           previous tile's stores (<bundle>_nowait: a race, timing only),
#           the staged load and its wait without the epilogue's reads and
#           adds (<bundle>_noadd, session 32), and the plain example with
#           that wait after its first K step (<bundle>_waitfirst: no load),
#           interleaved with the shipped bundles, two rounds.
#   producer (call 2) the staged operand loaded by the producer warp, a
#           panel per K step from step S on (<bundle>_prod), all panels at
#           step S (_prodburst), all at step 1 (_prod1), a panel every 4
#           steps (_prodg4), interleaved with the shipped bundles (the
#           consumer's load after the first K step), two rounds; checks,
#           memcheck and racecheck of _prod.
#   why     (call 3) the residual kernel lost with the producer's loads while
#           alpha_beta gained: SASS of both builds of both kernels into
#           $OUT/sass/, and ncu's warp states, scheduler and source
#           counters at 4096³.
#   maps    (call 4) is it the residual's tensor map? The producer's loads
#           with the maps passed by value (<bundle>_prodv; control: the
#           shipped load, by value, <bundle>_v) and with the staged map
#           prefetched at the start (<bundle>_prodpf), two rounds.
#   source  (call 5) ncu's sampled warp stalls per SASS instruction at 4096³
#           of the residual and alpha_beta kernels, shipped and _prod
#           ($OUT/source/*.csv.gz).
#   carried (call 6) the consumers' stage and parity carried from K step to K
#           step instead of a 64-bit division per step (<bundle>_c, and
#           with the producer's loads <bundle>_prodc), two rounds; checks
#           and racecheck of the new builds.
#   sweep   gemm-sweep, seeds SWEEP_SEEDS (default 94), each with its cover
#           bundles (device-artifacts/sweep-cover<seed>).
# PARTS picks. Console in $OUT/console.txt, logs in $OUT/session33.tar.gz.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-stall}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh

if wants stall; then
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5
gemm_bf16_wgmma_sm90:4096x4096x4096:
gemm_bf16_wgmma_sm90:8192x8192x4096:"
  time_variants "$LIST" "" _nowait _noadd _waitfirst
fi

if wants producer; then
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:2048x2048x2048:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:8192x8192x4096:--bias --residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:4096x4096x4096:--bias --residual
gemm_bf16_wgmma_sm90:4096x4096x4096:
gemm_bf16_wgmma_sm90:8192x8192x4096:"
  time_variants "$LIST" "" _prod _prodburst _prod1 _prodg4
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096 300x264x64
257x129x64:--ldc:136 257x129x64:--ldc:263 640x384x1000:--residual-offset:3"
  for spec in epilogue_bf16_wgmma_residual_persistent_tma:--residual \
    epilogue_bf16_wgmma_column_bias_gelu_residual_tma:--bias:--residual \
    epilogue_bf16_wgmma_alpha_beta_persistent_tma:--alpha:1.5:--beta:0.5; do
    read -r bundle extra <<<"${spec//:/ }"
    v=${bundle}_prod
    cases=$CASES
    [[ $bundle == *alpha_beta* ]] && cases=${CASES% *}
    # shellcheck disable=SC2086
    check_shapes "$v" 2 "$cases" $extra
    for tool in memcheck racecheck; do
      for pitch in "" "--ldc 303"; do
        # shellcheck disable=SC2086
        logged_check "$v.$tool${pitch:+.ldc303}" "$SAN" --tool $tool --error-exitcode 86 "$R" \
          "$D/$v/kernel.json" -m 300 -n 264 -k 129 $pitch $extra \
          --no-timing --iterations 1 --no-cublas
      done
    done
  done
fi

if wants why; then
  mkdir -p "$OUT/sass"
  for v in epilogue_bf16_wgmma_residual_persistent_tma epilogue_bf16_wgmma_alpha_beta_persistent_tma; do
    for s in "" _prod; do
      cuobjdump -sass "$D/$v$s"/*kernel.cubin >"$OUT/sass/$v$s.sass" 2>&1
    done
  done
  for v in epilogue_bf16_wgmma_residual_persistent_tma epilogue_bf16_wgmma_residual_persistent_tma_prod \
    epilogue_bf16_wgmma_alpha_beta_persistent_tma epilogue_bf16_wgmma_alpha_beta_persistent_tma_prod; do
    extra="--residual"
    [[ $v == *alpha_beta* ]] && extra="--alpha 1.5 --beta 0.5"
    # shellcheck disable=SC2086
    NCU_FLAGS="--clock-control none" ncu_report "$v.4096" SpeedOfLight,WarpStateStats,SchedulerStats,MemoryWorkloadAnalysis \
      "Elapsed Cycles|SM Frequency|Stall|Warp Cycles|Issued Warp|DRAM Throughput|L2 Hit|Mem Busy|Max Bandwidth" \
      "$v" -m 4096 -n 4096 -k 4096 $extra
  done
fi

if wants maps; then
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5"
  time_variants "$LIST" "" _prod _v _prodv _prodpf
fi

if wants source; then
  mkdir -p "$OUT/source"
  for v in epilogue_bf16_wgmma_residual_persistent_tma epilogue_bf16_wgmma_residual_persistent_tma_prod \
    epilogue_bf16_wgmma_alpha_beta_persistent_tma epilogue_bf16_wgmma_alpha_beta_persistent_tma_prod; do
    extra="--residual"
    [[ $v == *alpha_beta* ]] && extra="--alpha 1.5 --beta 0.5"
    # shellcheck disable=SC2086
    timeout 300 "$NCU_BIN" --clock-control none --section WarpStateStats --section SourceCounters \
      -o "$WORK/$v" "$R" "$D/$v/kernel.json" -m 4096 -n 4096 -k 4096 $extra \
      --iterations 1 --warmup 0 --no-cublas >"$WORK/ncusrc.$v.log" 2>&1 || failures=$((failures + 1))
    "$NCU_BIN" -i "$WORK/$v.ncu-rep" --page source --csv --print-source sass 2>&1 | gzip >"$OUT/source/$v.csv.gz"
    ls -la "$OUT/source/$v.csv.gz"
  done
fi

if wants carried; then
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:4096x4096x4096:--bias --residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:8192x8192x4096:--bias --residual
gemm_bf16_wgmma_sm90:4096x4096x4096:
gemm_bf16_wgmma_sm90:8192x8192x4096:
gemm_bf16_wgmma_sm90:4097x4095x4096:
gemm_tf32_wgmma_sm90:4096x4096x4096:
gemm_tf32_wgmma_sm90:8192x8192x8192:
gemm_bf16_wgmma_bias_gelu_sm90:8192x8192x4096:--bias"
  time_variants "$LIST" "" _prod _prodc _c
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 300x264x64 257x129x64:--ldc:136 257x129x64:--ldc:263"
  for spec in epilogue_bf16_wgmma_residual_persistent_tma_prodc:--residual \
    epilogue_bf16_wgmma_column_bias_gelu_residual_tma_prodc:--bias:--residual \
    epilogue_bf16_wgmma_alpha_beta_persistent_tma_prodc:--alpha:1.5:--beta:0.5 \
    gemm_bf16_wgmma_sm90_c gemm_tf32_wgmma_sm90_c gemm_bf16_wgmma_bias_gelu_sm90_c:--bias; do
    read -r v extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    check_shapes "$v" 6 "$CASES 4097x4095x4093" $extra
    # shellcheck disable=SC2086
    logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" \
      "$D/$v/kernel.json" -m 300 -n 264 -k 129 $extra --no-timing --iterations 1 --no-cublas
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-94}
fi

finish_logged_session session33.tar.gz
exit 0
