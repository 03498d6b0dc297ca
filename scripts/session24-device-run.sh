#!/usr/bin/env bash
# Session 24's device call: does the K-major tf32 example lose to the
# column-major-A kernel (and to its own cycles) through the DRAM pattern of
# power-of-two pitches? Parts of session 23's script stay available.
#   pitch   the tf32 example (A row, B col) at 4096³ and 8192³ with packed
#           and padded lda/ldb (PAD, default "32 64" elements), and the
#           column-major-A kernel packed and padded, ROUNDS interleaved
#           rounds next to cuBLAS with the same pitches; ncu (clock, DRAM)
#           of the example packed and padded at 8192³;
#   skew    hand-built variants whose second consumer warpgroup starts
#           late (SKEW_*), checked and timed against the shipped ones;
#   swizzle wgmma operands in 64- and 32-byte swizzle rows: checks and
#           timing against the 128-byte schedules;
#   depth   hand-built variants that keep 2 or 3 wgmma groups in flight,
#           checked and timed against the shipped schedules;
#   store   vector against tma stores on the tuner's 64x16 transposed
#           tiles (var_ccc_tma hand-built), small-M problems;
#   direct  hand-built variants storing C straight from registers,
#           checked at whole-tile shapes and timed;
#   tiles   hand-built 256x128-tile variants, checked and timed;
#   ncu-swizzle  ncu of the tf32 example and its 64-byte-swizzle twin;
#   checks, time, exchange, buffers, epilogue, ncu, sweep: as in
#           scripts/session23-device-run.sh.
# PARTS picks (default "pitch"). Console in $OUT/console.txt, logs in
# $OUT/session24.tar.gz.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-pitch}
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

if wants pitch; then
  echo "== pitch: packed against padded leading dimensions"
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      for p in ${PAD:-32 64}; do
        time_bundle "example.pad$p.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k" \
          --lda $((k + p)) --ldb $((k + p))
      done
      time_bundle "cola.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" --layout-a col --layout-b col
      time_bundle "cola.pad32.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" --layout-a col --layout-b col \
        --lda $((m + 32)) --ldb $((k + 32))
    done
  done
  NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  for spec in "packed" "pad32 --lda 8224 --ldb 8224"; do
    read -r name extra <<<"$spec"
    # shellcheck disable=SC2086
    timeout 300 "$NCU_BIN" --section SpeedOfLight --section MemoryWorkloadAnalysis \
      "$R" "$D/$EX/kernel.json" -m 8192 -n 8192 -k 8192 $extra --iterations 1 --warmup 0 --no-cublas \
      >"$WORK/ncu.pitch.$name.log" 2>&1 || failures=$((failures + 1))
    echo "-- example $name"
    grep -E "Duration|SM Frequency|DRAM Throughput|L2 Hit Rate|Compute \(SM\)|Mem Busy" "$WORK/ncu.pitch.$name.log" | head -8
  done
fi

if wants skew; then
  # Hand-built variants (GEMM_OPT_SKEW_CYCLES, session 24): the second
  # consumer warpgroup starts its first tile N cycles after the first, so
  # that one's main loop runs while the other stores its tile. Checks,
  # then ROUNDS interleaved rounds against the schedules as shipped.
  echo "== skew"
  for v in ${SKEW_VARIANTS:-var_skew1000 var_bfskew1000}; do
    for s in 4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
  done
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      for v in ${SKEW_TF32:-var_skew500 var_skew1000 var_skew2000 var_skew3000}; do
        time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"
      done
      time_bundle "bf16.$s.r$round" "$BF" -m "$m" -n "$n" -k "$k"
      for v in ${SKEW_BF16:-var_bfskew1000 var_bfskew2000}; do
        time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"
      done
    done
  done
fi

if wants swizzle; then
  # wgmma operands swizzled in 64- and 32-byte rows (#tile.swizzle<64>,
  # <32>): the tf32 example with BK = 16 in 8 stages, bf16 with BK = 32 in
  # 8 stages, and bf16 with a 32-byte A and 64-byte B; checks at edge
  # shapes and pitches, memcheck and racecheck, then ROUNDS interleaved
  # timing rounds against the 128-byte schedules.
  echo "== swizzle"
  SW_TF=wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64
  SW_BF=wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64
  SW_MIX=wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64
  for v in $SW_TF $SW_BF $SW_MIX; do
    for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 896x4864x4096 4096x4096x64 4096x4096x4096; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
    logged_check "$v.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
    logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  done
  logged_check "$SW_TF.ld" "$R" "$D/$SW_TF/kernel.json" -m 1000 -n 1300 -k 2001 --lda 2005 --ldb 2003 --ldc 1301 --no-timing
  logged_check "$SW_BF.ld" "$R" "$D/$SW_BF/kernel.json" -m 1000 -n 1300 -k 2000 --lda 2008 --ldb 1304 --ldc 1301 --no-timing
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      time_bundle "sw64.tf32.$s.r$round" "$SW_TF" -m "$m" -n "$n" -k "$k"
      time_bundle "bf16.$s.r$round" "$BF" -m "$m" -n "$n" -k "$k"
      time_bundle "sw64.bf16.$s.r$round" "$SW_BF" -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants depth; then
  # Hand-built variants (GEMM_OPT_WGMMA_DEPTH=d, session 24): consumers
  # keep d wgmma groups in flight (wait_group d) and release a stage d
  # steps after its wgmmas, against the shipped schedules.
  echo "== depth"
  for v in ${DEPTH_VARIANTS:-var_d2_tf32 var_d2_tf32sw64 var_d3_tf32sw64 var_d2_bf16 var_d2_bf16sw64 var_d3_bf16sw64}; do
    for s in 4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 4096x4096x64 4096x4096x4096; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
  done
  logged_check var_d3_tf32sw64.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/var_d3_tf32sw64/kernel.json" \
    -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  SW_TF=wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64
  SW_BF=wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      for v in $EX var_d2_tf32 $SW_TF var_d2_tf32sw64 var_d3_tf32sw64 $BF var_d2_bf16 $SW_BF var_d2_bf16sw64 var_d3_bf16sw64; do
        time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"
      done
    done
  done
fi

if wants store; then
  # The tuner's tie between vector and tma stores on small transposed
  # tiles: the f16 ccc 64x16x64 s16 persistent schedule as shipped (vector)
  # against var_ccc_tma (the same with store = tma, hand-built), on small-M
  # problems in the row-major layouts (run as C^T = B^T*A^T) and as ccc.
  echo "== store: vector against tma on 64x16 tiles"
  V=wgmma_f16_ccc_64x16x64_s16_persistent
  for s in 16x4096x4096 1x1x1 17x1000x333 129x257x65; do
    dims "$s"
    logged_check "var_ccc_tma.$s" "$R" "$D/var_ccc_tma/kernel.json" -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}" --no-timing
  done
  for round in $(seq 1 "$ROUNDS"); do
    for s in 16x4096x4096 64x4096x4096 128x8192x4096 32x16384x8192; do
      dims "$s"
      time_bundle "vector.rows.$s.r$round" "$V" -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}"
      time_bundle "tma.rows.$s.r$round" var_ccc_tma -m "$m" -n "$n" -k "$k" "${ALL_ROW[@]}"
      time_bundle "vector.ccc.$s.r$round" "$V" -m "$m" -n "$n" -k "$k" "${ALL_COL[@]}"
      time_bundle "tma.ccc.$s.r$round" var_ccc_tma -m "$m" -n "$n" -k "$k" "${ALL_COL[@]}"
    done
  done
fi

if wants direct; then
  # Hand-built variants (GEMM_OPT_DIRECT_STORE, session 24): the consumers
  # store their accumulator straight from registers to a row-major C (8
  # bytes per thread per f32 pair), no staging, barriers or TMA stores;
  # whole tiles only. Checks, then ROUNDS interleaved rounds.
  echo "== direct stores"
  for v in var_direct_tf32 var_direct_bf16; do
    for s in 4096x4096x4096 4096x4096x64 2048x4096x1024 896x4864x4096; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
  done
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      time_bundle "var_direct_tf32.$s.r$round" var_direct_tf32 -m "$m" -n "$n" -k "$k"
      time_bundle "bf16.$s.r$round" "$BF" -m "$m" -n "$n" -k "$k"
      time_bundle "var_direct_bf16.$s.r$round" var_direct_bf16 -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants tiles; then
  # Hand-built variants (session 24): 256x128 tiles (two 128x128 consumer
  # warpgroups, as cuBLAS's bf16 kernel) of the tf32 example and the bf16
  # s4 r2 schedule (TILE_VARIANTS), checked, then timed against them.
  echo "== 256x128 tiles"
  for v in ${TILE_VARIANTS:-var_t256 var_b256}; do
    for s in 4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096; do
      dims "$s"
      logged_check "$v.$s" "$R" "$D/$v/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
  done
  for round in $(seq 1 "$ROUNDS"); do
    for s in 4096x4096x4096 8192x8192x8192; do
      dims "$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      for v in ${TILE_TF32:-var_t256}; do time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"; done
      time_bundle "bf16.$s.r$round" "$BF" -m "$m" -n "$n" -k "$k"
      for v in ${TILE_BF16:-var_b256}; do time_bundle "$v.$s.r$round" "$v" -m "$m" -n "$n" -k "$k"; done
    done
  done
fi

if wants ncu-swizzle; then
  # Why the 64-byte-swizzle kernels run at ~2/3 of the 128-byte ones: ncu
  # (one launch each at 4096³) of the tf32 example and its BK = 16 sw64
  # twin: throughput, shared-memory and warp-state sections.
  echo "== ncu: 128- against 64-byte swizzle"
  NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  for v in $EX wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64; do
    timeout 300 "$NCU_BIN" --section SpeedOfLight --section MemoryWorkloadAnalysis_Tables \
      --section WarpStateStats --section ComputeWorkloadAnalysis \
      "$R" "$D/$v/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 1 --warmup 0 --no-cublas \
      >"$WORK/ncu.$v.log" 2>&1 || failures=$((failures + 1))
    echo "-- $v"
    grep -E "Duration|SM Frequency|Compute \(SM\) Throughput|Memory Throughput|Shared|Bank|Stall|Issued Warp|Warp Cycles Per Issued|Executed Ipc|L1/TEX Hit|Max Bandwidth|Mem Busy" "$WORK/ncu.$v.log" | head -40
  done
fi

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
tar czf "$OUT_ROOT/session24.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
