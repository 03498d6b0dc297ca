#!/usr/bin/env bash
# Session 23's device call: TMA stores into a column-major C
# (passes/TmaStoreEpilogue.h), which lets the tf32 row-major problem (the
# SGEMM layout, A, B and C row-major) run on an all-column-major kernel as
# C^T = B^T·A^T (runtime/TransposedProblem.h) instead of staging B.
#   checks  the all-column-major tf32 kernel at edge shapes, padded and
#           unaligned leading dimensions (C without a tensor map: the
#           threads' copy), both as itself (col, col, col) and as the
#           transposed row-major problem; the bf16 column-major-C kernel
#           and two fused epilogues into a column-major C; memcheck and
#           racecheck;
#   time    at 4096³ and 8192³, ROUNDS interleaved rounds next to cuBLAS
#           with the same transposes: the row-major tf32 problem on the
#           all-column-major kernel and on the staged-B kernel, the tf32
#           example (A row, B col), the column-major-A kernel, and bf16
#           with a row- and a column-major C; TIME_VARIANTS adds bundles
#           timed on the example's layouts.
#   exchange the row-major tf32 GEMM compiled as C^T = B^T·A^T (its own
#           bundle, default layouts) at edge shapes, padded and odd
#           pitches, memcheck; the tuner's small-M transposed candidate
#           with TMA stores, checked and timed;
#   buffers the example's epilogue with two alternating staging parts
#           (*_r8_b2_spares.mlir): checks, then timed against the example;
#   epilogue  the example against EPILOGUE_VARIANT (default var_noepi, no
#           epilogue; var_nostore, staging written but no TMA stores;
#           timing only, hand-built);
#   ncu     speed of light and memory sections of the example and the
#           column-major-A kernel at 8192³ (NCU_VARIANTS adds name:bundle);
#   sweep   gemm-sweep over every carried bundle and the seed's cover
#           bundles (SWEEP_SEEDS, default 34).
# PARTS picks (default "checks time"). Console in $OUT/console.txt, logs in
# $OUT/session23.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-checks time}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
COLA=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a
CCC=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_ccc
NN=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn
# The same schedule from the compiler before tile-exchange-operands (a
# staged copy of B), carried as old_<name> where present.
ROWB=old_wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_staged_row_b
TUNE=wgmma_f16_ccc_64x16x64_w64x16_s16_r40_232_rm4_tma
BF=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2
BFC=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc
EPB=epilogue_bf16_wgmma_alpha_beta_row_bias_silu_tma_colc
EPT=epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares_colc
ALL_COL=(--layout-a col --layout-b col --layout-c col)
ALL_ROW=(--layout-a row --layout-b row --layout-c row)
dims() { IFS=x read -r m n k b <<<"$1"; }

if wants checks; then
  echo "== checks"
  SHAPES="4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 896x4864x4096 256x4096x512 4096x4096x64 4096x4096x4096"
  for s in $SHAPES; do
    dims "$s"
    logged_check "ccc.$s" "$R" "$D/$CCC/kernel.json" -m "$m" -n "$n" -k "$k" "${ALL_COL[@]}" --no-timing
    logged_check "nn.$s" "$R" "$D/$CCC/kernel.json" -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}" --no-timing
    logged_check "bfc.$s" "$R" "$D/$BFC/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    logged_check "epb.$s" "$R" "$D/$EPB/kernel.json" -m "$m" -n "$n" -k "$k" --alpha 1.5 --beta 0.5 --bias --no-timing
    logged_check "ept.$s" "$R" "$D/$EPT/kernel.json" -m "$m" -n "$n" -k "$k" --alpha 1.5 --beta 0.5 --bias --no-timing
  done
  # Padded pitches; an odd ldc leaves C without a tensor map (the threads
  # copy the staging part down C's columns).
  logged_check ccc.ld "$R" "$D/$CCC/kernel.json" -m 1000 -n 1300 -k 2001 "${ALL_COL[@]}" \
    --lda 1003 --ldb 2005 --ldc 1004 --no-timing
  logged_check ccc.ldc-odd "$R" "$D/$CCC/kernel.json" -m 1000 -n 1300 -k 2001 "${ALL_COL[@]}" \
    --ldc 1001 --no-timing
  logged_check nn.ld "$R" "$D/$CCC/kernel.json" -m 1000 -n 1300 -k 2001 "${ALL_ROW[@]}" \
    --lda 2005 --ldb 1303 --ldc 1301 --no-timing
  logged_check bfc.ldc-odd "$R" "$D/$BFC/kernel.json" -m 1000 -n 1300 -k 2000 --ldc 1001 --no-timing
  logged_check epb.ldc-odd "$R" "$D/$EPB/kernel.json" -m 1000 -n 1300 -k 2000 --ldc 1001 \
    --alpha 1.5 --beta 0.5 --bias --no-timing
  logged_check ept.ldc-odd "$R" "$D/$EPT/kernel.json" -m 4000 -n 4100 -k 1000 --ldc 4001 \
    --alpha 1.5 --beta 0.5 --bias --no-timing
  logged_check ccc.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$CCC/kernel.json" \
    -m 300 -n 260 -k 129 "${ALL_COL[@]}" --no-timing --iterations 1 --no-cublas
  logged_check ccc.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$CCC/kernel.json" \
    -m 300 -n 520 -k 200 "${ALL_COL[@]}" --no-timing --iterations 1 --no-cublas
  logged_check epb.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$EPB/kernel.json" \
    -m 300 -n 260 -k 129 --alpha 1.5 --beta 0.5 --bias --no-timing --iterations 1 --no-cublas
  logged_check bfc.ldc-odd.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$BFC/kernel.json" \
    -m 300 -n 260 -k 129 --ldc 301 --no-timing --iterations 1 --no-cublas
fi

if wants exchange; then
  # The row-major tf32 GEMM compiled as C^T = B^T·A^T (its bundle's
  # default layouts are the source's, row-major), and the tuner's
  # transposed small-M candidate with TMA stores into its column-major C.
  echo "== exchange"
  for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 896x4864x4096 4096x4096x64 4096x4096x4096; do
    dims "$s"
    logged_check "nn.$s" "$R" "$D/$NN/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
  done
  logged_check nn.ld "$R" "$D/$NN/kernel.json" -m 1000 -n 1300 -k 2001 --lda 2005 --ldb 1303 --ldc 1301 --no-timing
  logged_check nn.ldc-odd "$R" "$D/$NN/kernel.json" -m 1000 -n 1300 -k 2001 --ldc 1301 --no-timing
  logged_check nn.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$NN/kernel.json" \
    -m 300 -n 260 -k 129 --no-timing --iterations 1 --no-cublas
  # A bias on the exchanged GEMM: the kernel's per column of C^T.
  EPNN=epilogue_tf32_wgmma_alpha_beta_row_bias_gelu_nn_tma
  if [ -d "$D/$EPNN" ]; then
    for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 4096x4096x4096; do
      dims "$s"
      logged_check "epnn.$s" "$R" "$D/$EPNN/kernel.json" -m "$m" -n "$n" -k "$k" \
        --alpha 1.5 --beta 0.5 --bias --no-timing
    done
    logged_check epnn.ld "$R" "$D/$EPNN/kernel.json" -m 1000 -n 1300 -k 2001 --lda 2005 --ldb 1303 \
      --ldc 1301 --alpha 1.5 --beta 0.5 --bias --no-timing
  fi
  if [ -d "$D/$TUNE" ]; then
    for s in 16x4096x4096 1x1x1 17x1000x333 64x4097x512 129x257x65; do
      dims "$s"
      logged_check "tune.$s" "$R" "$D/$TUNE/kernel.json" -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}" --no-timing
    done
    logged_check tune.ldc-odd "$R" "$D/$TUNE/kernel.json" -m 16 -n 1001 -k 512 "${ALL_ROW[@]}" --ldc 1001 --no-timing
    time_bundle "tune.16x4096x4096" "$TUNE" -m 16 -n 4096 -k 4096 "${ALL_ROW[@]}"
    time_bundle "small_m.16x4096x4096" gemm_bf16_wgmma_small_m_sm90 -m 16 -n 4096 -k 4096 "${ALL_ROW[@]}"
  fi
fi

if wants time; then
  echo "== time: ratio to cuBLAS (same transposes)"
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "nn.$s.r$round" "$NN" -m "$m" -n "$n" -k "$k"
      time_bundle "nn.ccc.$s.r$round" "$CCC" -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}"
      [ -d "$D/$ROWB" ] &&
        time_bundle "nn.staged.$s.r$round" "$ROWB" -m "$m" -n "$n" -k "$k" --layout-a row --layout-b row
      time_bundle "ccc.$s.r$round" "$CCC" -m "$m" -n "$n" -k "$k" "${ALL_COL[@]}"
      time_bundle "cola.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" --layout-a col --layout-b col
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      for v in ${TIME_VARIANTS:-}; do
        time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"
      done
    done
    for s in 8192x8192x8192; do
      dims "$s"
      time_bundle "bf16.$s.r$round" "$BF" -m "$m" -n "$n" -k "$k"
      time_bundle "bf16.colc.$s.r$round" "$BFC" -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants buffers; then
  # The example's epilogue in 8 rounds alternating between two staging
  # parts (staging_buffers = 2) against the example: checks, then ROUNDS
  # interleaved timing rounds.
  DB=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r8_b2_spares
  echo "== staging buffers"
  for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 896x4864x4096 4096x4096x4096; do
    dims "$s"
    logged_check "db.$s" "$R" "$D/$DB/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
  done
  logged_check db.ldc-odd "$R" "$D/$DB/kernel.json" -m 1000 -n 1300 -k 2001 --ldc 1301 --no-timing
  logged_check db.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$DB/kernel.json" \
    -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
  logged_check db.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$DB/kernel.json" \
    -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      time_bundle "db.$s.r$round" "$DB" -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants epilogue; then
  # What the tf32 example's epilogue costs: var_noepi, the example compiled
  # without its TMA-store epilogue (wrong results by design; hand-built,
  # bench/NOTES.md, session 23), against the example, interleaved.
  echo "== epilogue cost"
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      v=${EPILOGUE_VARIANT:-var_noepi}
      time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants ncu; then
  # Why the column-major-A kernel beats the K-major example at 8192³:
  # ncu's speed-of-light and memory sections of both (one launch each).
  echo "== ncu at 8192³"
  NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  for spec in "example $EX" "cola $COLA --layout-a col --layout-b col" ${NCU_VARIANTS:-}; do
    read -r name bundle extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    timeout 300 "$NCU_BIN" --section SpeedOfLight --section MemoryWorkloadAnalysis \
      --section LaunchStats --section Occupancy \
      "$R" "$D/$bundle/kernel.json" -m 8192 -n 8192 -k 8192 $extra --iterations 1 --warmup 0 --no-cublas \
      >"$WORK/ncu.$name.log" 2>&1 || failures=$((failures + 1))
    echo "-- $name"
    grep -E "Duration|SM Frequency|DRAM Throughput|Memory Throughput|L2 Hit Rate|L1/TEX Hit|Compute \(SM\)|Mem Busy|Max Bandwidth|DRAM Frequency" "$WORK/ncu.$name.log" | head -14
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-34}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session23.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
