#!/usr/bin/env bash
# Session 32's device call (bench/NOTES.md, "Session 32"): a residual staged
# by TMA during the main loop (h32.1), on an H200.
#   check     gemm-run's checks of the kernels that stage their residual
#             (epilogue_bf16_wgmma_residual_persistent_tma and the new
#             batched and bias + GELU schedules) at edge shapes, with C's
#             rows taking no TMA store (ldc 136 at N = 129: the residual's
#             map stays), with pitches TMA cannot take at all (both maps
#             left out), with the residual's address unaligned (its map left
#             out, C's kept), batched with B broadcast and odd batch strides;
#             each against cuBLAS and fp64 with the epilogue applied;
#   sanitize  memcheck and racecheck of the same bundles with and without
#             the maps;
#   time      each of them against the same schedule compiled without the
#             staging (<bundle>_unstaged, compiled for the call), interleaved,
#             two rounds, and the plain example at the same shapes;
#   chunks    (call 2, not by default) the staged kernels with the operand's
#             runs read one 8-column group ahead (<bundle>_c2, compiled for
#             the call) against two groups ahead (the commit's), interleaved,
#             two rounds;
#   batchedc  (call 4, not by default) the batched kernels that stage C
#             (alpha_beta) against the same schedules compiled without it
#             (<bundle>_unstaged; the alpha_beta-only probe schedule is in
#             bench/results/2026-11-28-session32/call4-batched-c/),
#             interleaved, two rounds;
#   clock     (call 5, not by default) ncu's cycles, SM clock and DRAM
#             throughput at free clocks (--clock-control none) of the plain
#             example, the staged and the unstaged residual kernel at 4096³
#             and 8192x8192x4096: where the residual's time goes (call 6:
#             also <bundle>_noadd, compiled for the call: the staged load
#             and its wait, without the epilogue's reads and adds; its
#             check fails by design);
#   loadstep  (call 7, not by default) the staged load issued after K step
#             j instead of the first (<bundle>_j<j>, compiled for the call:
#             two K loops around it), interleaved, two rounds;
#   sweep     gemm-sweep, seeds SWEEP_SEEDS (default "90 91"), each with its
#             cover bundles (device-artifacts/sweep-cover<seed>).
# PARTS picks (default all four). Console in $OUT/console.txt, logs and
# the sweeps' folders in $OUT/session32.tar.gz.
set -u
cd "$(dirname "$0")/../.."
PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-check sanitize time sweep}
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
BUNDLES="epilogue_bf16_wgmma_residual_persistent_tma:--residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:--bias:--residual
epilogue_bf16_wgmma_batched_residual_tma:--residual"

if wants check; then
  echo "== staged residual checks"
  # shape [flags]: ragged edges; C's padded rows not a multiple of 16 bytes
  # (C stored by the threads, the residual loaded by TMA); a pitch TMA
  # cannot take (both by the threads); the residual 3 elements off (its map
  # left out, C's kept).
  CASES="4097x255x93 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096
257x129x64:--ldc:136 257x129x64:--ldc:263 640x384x1000:--residual-offset:3"
  BATCHED="129x257x65x3 1x1x1x2 3x5x7x4 1000x1300x2000x2 640x384x1000x5
4097x255x93x2 300x257x129x3:--batch-stride-b:0 257x129x64x4:--ldc:263:--batch-stride-c:70001
256x512x128x3:--batch-stride-c:139264 640x384x1000x3:--residual-offset:5"
  for spec in $BUNDLES; do
    read -r bundle extra <<<"${spec//:/ }"
    cases=$CASES
    [[ $bundle == *batched* ]] && cases=$BATCHED
    # shellcheck disable=SC2086
    check_shapes "$bundle" 7 "$cases" $extra
  done
fi

if wants sanitize; then
  for spec in $BUNDLES; do
    read -r bundle extra <<<"${spec//:/ }"
    batch=""
    [[ $bundle == *batched* ]] && batch="--batch 3"
    for tool in memcheck racecheck; do
      # Maps there (aligned pitches), then both left out (ldc 303).
      for pitch in "" "--ldc 303"; do
        # shellcheck disable=SC2086
        logged_check "$bundle.$tool${pitch:+.ldc303}" "$SAN" --tool $tool --error-exitcode 86 "$R" \
          "$D/$bundle/kernel.json" -m 300 -n 264 -k 129 $batch $pitch $extra \
          --no-timing --iterations 1 --no-cublas
      done
    done
  done
fi

if wants time; then
  # h32.1: staged against unstaged, interleaved, two rounds; the plain
  # example (no epilogue) beside them.
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:2048x2048x2048:--residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:8192x8192x4096:--bias --residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:4096x4096x4096:--bias --residual
epilogue_bf16_wgmma_batched_residual_tma:2048x2048x2048x8:--residual"
  LIST+="
gemm_bf16_wgmma_sm90:4096x4096x4096:
gemm_bf16_wgmma_sm90:8192x8192x4096:
gemm_bf16_wgmma_sm90:2048x2048x2048:
gemm_bf16_wgmma_batched_sm90:2048x2048x2048x8:"
  time_variants "$LIST" "" _unstaged
fi

if wants chunks; then
  # Call 2: the staged operand's chunk of runs (EpilogueOperandChunks) at 2
  # registers (one group; 0 bytes of spills in every staged kernel) against
  # 8 (the batched and bias + GELU kernels spill 24 bytes), and the unstaged
  # kernels again.
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:8192x8192x4096:--bias --residual
epilogue_bf16_wgmma_column_bias_gelu_residual_tma:4096x4096x4096:--bias --residual
epilogue_bf16_wgmma_batched_residual_tma:2048x2048x2048x8:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5"
  time_variants "$LIST" "" _c2 _unstaged
  for spec in $BUNDLES "epilogue_bf16_wgmma_alpha_beta_persistent_tma:--alpha:1.5:--beta:0.5"; do
    read -r bundle extra <<<"${spec//:/ }"
    v=${bundle}_c2
    batch=""
    [[ $bundle == *batched* ]] && batch="--batch 3"
    cases="4097x255x93 129x257x65 257x129x64:--ldc:136 257x129x64:--ldc:263"
    [[ $bundle == *alpha_beta* ]] || cases+=" 640x384x1000:--residual-offset:3"
    # shellcheck disable=SC2086
    check_shapes "$v" 9 "$cases" $batch $extra
    # shellcheck disable=SC2086
    logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" \
      "$D/$v/kernel.json" -m 300 -n 264 -k 129 $batch $extra --no-timing --iterations 1 --no-cublas
  done
fi

if wants batchedc; then
  LIST="epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma:2048x2048x2048x8:--bias --residual --alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma:4096x4096x2048x4:--bias --residual --alpha 1.5 --beta 0.5
probe_bf16_wgmma_batched_alpha_beta_tma:2048x2048x2048x8:--alpha 1.5 --beta 0.5
probe_bf16_wgmma_batched_alpha_beta_tma:4096x4096x2048x4:--alpha 1.5 --beta 0.5"
  time_variants "$LIST" "" _unstaged
  for v in probe_bf16_wgmma_batched_alpha_beta_tma probe_bf16_wgmma_batched_alpha_beta_tma_unstaged \
    epilogue_bf16_wgmma_batched_alpha_beta_row_bias_gelu_residual_tma_unstaged; do
    extra="--alpha 1.5 --beta 0.5"
    [[ $v == epilogue* ]] && extra="--bias --residual $extra"
    # shellcheck disable=SC2086
    check_shapes "$v" 11 "129x257x65x3 257x129x64x4:--ldc:263:--batch-stride-c:70001" $extra
  done
fi

if wants clock; then
  for shape in 4096x4096x4096 8192x8192x4096; do
    IFS=x read -r m n k <<<"$shape"
    for v in gemm_bf16_wgmma_sm90 epilogue_bf16_wgmma_residual_persistent_tma \
      epilogue_bf16_wgmma_residual_persistent_tma_unstaged \
      epilogue_bf16_wgmma_residual_persistent_tma_noadd; do
      [ -d "$D/$v" ] || continue
      extra=""
      [[ $v == *residual* ]] && extra="--residual"
      # shellcheck disable=SC2086
      NCU_FLAGS="--clock-control none" ncu_report "$v.$shape" SpeedOfLight \
        "Elapsed Cycles|SM Frequency|DRAM Frequency|Duration|DRAM Throughput|Memory Throughput" \
        "$v" -m "$m" -n "$n" -k "$k" $extra
    done
  done
fi

if wants loadstep; then
  LIST="epilogue_bf16_wgmma_residual_persistent_tma:4096x4096x4096:--residual
epilogue_bf16_wgmma_residual_persistent_tma:8192x8192x4096:--residual
epilogue_bf16_wgmma_alpha_beta_persistent_tma:4096x4096x4096:--alpha 1.5 --beta 0.5
epilogue_bf16_wgmma_alpha_beta_persistent_tma:8192x8192x4096:--alpha 1.5 --beta 0.5
gemm_bf16_wgmma_sm90:4096x4096x4096:"
  time_variants "$LIST" "" _j2 _j4 _j8
  for v in epilogue_bf16_wgmma_residual_persistent_tma_j4 epilogue_bf16_wgmma_alpha_beta_persistent_tma_j4; do
    extra="--residual"
    [[ $v == *alpha_beta* ]] && extra="--alpha 1.5 --beta 0.5"
    # shellcheck disable=SC2086
    check_shapes "$v" 13 "4097x255x93 129x257x65 1x1x1 257x129x64:--ldc:136" $extra
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-90 91}
fi

finish_logged_session session32.tar.gz
exit 0
