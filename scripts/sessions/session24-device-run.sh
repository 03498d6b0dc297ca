#!/usr/bin/env bash
# Session 24's device calls: ideas for the tf32 example's last half percent
# at 4096³, and wgmma operands in 32- and 64-byte swizzles (bench/NOTES.md,
# "Session 24"). The var_* bundles are hand-built variants (the patches in
# bench/wip/ with their environment variables); the shipped compiler does
# not build them.
#   pitch    the tf32 example (A row, B col) and the column-major-A kernel
#            with packed and padded lda/ldb (PAD elements, default
#            "32 64"); ncu (clock, DRAM) of the example packed and padded
#            at 8192³;
#   skew     var_skew<N> / var_bfskew<N>: the second consumer warpgroup
#            starts N cycles late (consumer-skew.patch);
#   swizzle  the narrow-swizzle schedules (*_sw64, *_sw32_sw64): edge
#            shapes, pitches, memcheck and racecheck, then timed;
#   depth    var_d<D>_*: D wgmma groups in flight (wgmma-group-depth.patch);
#   store    vector against TMA stores on the tuner's 64x16 transposed
#            tiles (var_ccc_tma: the same schedule with store = tma);
#   direct   var_direct_*: C stored straight from registers
#            (direct-register-stores.patch; whole tiles only);
#   tiles    var_t256 / var_b256: 256x128 tiles of the tf32 example and
#            the bf16 s4 r2 schedule;
#   ncu-swizzle  ncu of the tf32 example and its 64-byte-swizzle twin;
#   overwrite  kernels of two-slice warpgroup tiles with the first K step
#            writing the accumulator: checks, sanitizers, timed against
#            old_<name> (the compiler before);
#   sweep    gemm-sweep over every carried bundle and the seed's cover
#            bundles (SWEEP_SEEDS, default 36).
# Each part checks its variants, then times them in ROUNDS interleaved
# rounds next to cuBLAS with the same transposes and pitches. PARTS picks
# (default "swizzle"). Console in $OUT/console.txt, logs in
# $OUT/session24.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-swizzle}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
COLA=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a
BF=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2
SW_TF=wgmma_tf32_128x256x16_s8_persistent_tma_rm16_r4_spares_sw64
SW_BF=wgmma_bf16_128x256x32_s8_persistent_tma_rm4_r2_sw64
SW_MIX=wgmma_bf16_128x256x16_s8_persistent_tma_rm4_r2_sw32_sw64
SQUARES="4096x4096x4096 8192x8192x8192"
EDGES="4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 4096x4096x64 4096x4096x4096"
ROWS=--layout-a:row:--layout-b:row:--layout-c:row
COLS=--layout-a:col:--layout-b:col:--layout-c:col

if wants pitch; then
  echo "== pitch: packed against padded leading dimensions"
  for round in $(seq 1 "$ROUNDS"); do
    for s in $SQUARES; do
      IFS=x read -r m n k _ <<<"$s"
      time_bundle "example.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k"
      for p in ${PAD:-32 64}; do
        time_bundle "example.pad$p.$s.r$round" "$EX" -m "$m" -n "$n" -k "$k" --lda $((k + p)) --ldb $((k + p))
      done
      time_bundle "cola.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" --layout-a col --layout-b col
      time_bundle "cola.pad32.$s.r$round" "$COLA" -m "$m" -n "$n" -k "$k" --layout-a col --layout-b col \
        --lda $((m + 32)) --ldb $((k + 32))
    done
  done
  for spec in "packed" "pad32 --lda 8224 --ldb 8224"; do
    read -r name extra <<<"$spec"
    # shellcheck disable=SC2086
    ncu_report "pitch.$name" SpeedOfLight,MemoryWorkloadAnalysis \
      "Duration|SM Frequency|DRAM Throughput|L2 Hit Rate|Compute \(SM\)|Mem Busy" \
      "$EX" -m 8192 -n 8192 -k 8192 $extra
  done
fi

if wants skew; then
  echo "== skew"
  for v in ${SKEW_VARIANTS:-var_skew1000 var_bfskew1000}; do
    check_shapes "$v" "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096"
  done
  # shellcheck disable=SC2086
  time_interleaved "$SQUARES" "example=$EX" ${SKEW_TF32:-var_skew500 var_skew1000 var_skew2000 var_skew3000} \
    "bf16=$BF" ${SKEW_BF16:-var_bfskew1000 var_bfskew2000}
fi

if wants swizzle; then
  echo "== swizzle"
  for v in $SW_TF $SW_BF $SW_MIX; do
    check_shapes "$v" "$EDGES 896x4864x4096"
    logged_check "$v.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
    logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  done
  check_shapes "$SW_TF" 1000x1300x2001 --lda 2005 --ldb 2003 --ldc 1301
  check_shapes "$SW_BF" 1000x1300x2000 --lda 2008 --ldb 1304 --ldc 1301
  time_interleaved "$SQUARES" "example=$EX" "sw64.tf32=$SW_TF" "bf16=$BF" "sw64.bf16=$SW_BF"
fi

if wants depth; then
  echo "== depth"
  variants=${DEPTH_VARIANTS:-var_d2_tf32 var_d2_tf32sw64 var_d3_tf32sw64 var_d2_bf16 var_d2_bf16sw64 var_d3_bf16sw64}
  for v in $variants; do check_shapes "$v" "$EDGES"; done
  logged_check var_d3_tf32sw64.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" \
    "$D/var_d3_tf32sw64/kernel.json" -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  time_interleaved "$SQUARES" "$EX" var_d2_tf32 "$SW_TF" var_d2_tf32sw64 var_d3_tf32sw64 \
    "$BF" var_d2_bf16 "$SW_BF" var_d2_bf16sw64 var_d3_bf16sw64
fi

if wants store; then
  echo "== store: vector against tma on 64x16 tiles"
  V=wgmma_f16_ccc_64x16x64_s16_persistent
  check_shapes var_ccc_tma "16x4096x4096 1x1x1 17x1000x333 129x257x65" --layout-a row --layout-b row --layout-c row
  time_interleaved "16x4096x4096 64x4096x4096 128x8192x4096 32x16384x8192" \
    "vector.rows=$V:$ROWS" "tma.rows=var_ccc_tma:$ROWS" "vector.ccc=$V:$COLS" "tma.ccc=var_ccc_tma:$COLS"
fi

if wants direct; then
  echo "== direct stores"
  for v in var_direct_tf32 var_direct_bf16; do
    check_shapes "$v" "4096x4096x4096 4096x4096x64 2048x4096x1024 896x4864x4096"
  done
  time_interleaved "$SQUARES" "example=$EX" var_direct_tf32 "bf16=$BF" var_direct_bf16
fi

if wants tiles; then
  echo "== 256x128 tiles"
  for v in ${TILE_VARIANTS:-var_t256 var_b256}; do
    check_shapes "$v" "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096"
  done
  time_interleaved "$SQUARES" "example=$EX" var_t256 "bf16=$BF" var_b256
fi

if wants ncu-swizzle; then
  echo "== ncu: 128- against 64-byte swizzle"
  for v in $EX $SW_TF; do
    ncu_report "$v" SpeedOfLight,MemoryWorkloadAnalysis_Tables,WarpStateStats,ComputeWorkloadAnalysis \
      "Duration|SM Frequency|Compute \(SM\) Throughput|Memory Throughput|Shared|Bank|Stall|Issued Warp|Warp Cycles Per Issued|Executed Ipc|L1/TEX Hit|Max Bandwidth|Mem Busy" \
      "$v" -m 4096 -n 4096 -k 4096
  done
fi

if wants overwrite; then
  # Kernels whose warpgroup tiles have two 64-row slices, compiled with the
  # first K step writing each slice's accumulator (scale-d = 0): checks at
  # edge shapes (K = 1 and a single K step among them), memcheck and
  # racecheck, then timed against the same schedules compiled before
  # (old_<name>, carried when present).
  echo "== first K step overwriting the accumulator (two-slice warpgroup tiles)"
  TWO_SLICE="wgmma_bf16_128x128x64_s3_2cta wgmma_bf16_128x128x64_s4_2cta wgmma_bf16_128x128x64_s4_pingpong
    wgmma_bf16_128x128x64_s4_pingpong_tma wgmma_bf16_256x128x64_s3_persistent_tma wgmma_bf16_256x128x64_s4
    wgmma_bf16_256x128x64_s4_rm8 wgmma_bf16_256x128x64_s4_sk4 wgmma_f16_128x128x64_s3_2cta
    wgmma_f16_128x128x64_s4_pingpong wgmma_f16_128x128x64_s4_pingpong_tt_colc
    wgmma_tf32_128x128x32_s3_2cta wgmma_tf32_128x128x32_s4_pingpong_tma wgmma_tf32_256x128x32_s3_persistent_tma"
  for v in $TWO_SLICE; do
    check_shapes "$v" "4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 4096x4096x64 300x520x16"
  done
  B=wgmma_f16_128x128x64_s4_pingpong_tt_colc_batched
  check_shapes "$B" "129x257x65 1x1x1 1000x1300x200" --batch 3
  for v in wgmma_bf16_128x128x64_s4_pingpong wgmma_tf32_256x128x32_s3_persistent_tma wgmma_bf16_256x128x64_s4_sk4; do
    logged_check "$v.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
    logged_check "$v.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$v/kernel.json" \
      -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  done
  specs=()
  for v in wgmma_bf16_128x128x64_s4_pingpong wgmma_bf16_256x128x64_s4 wgmma_tf32_256x128x32_s3_persistent_tma wgmma_tf32_128x128x32_s4_pingpong_tma; do
    specs+=("$v")
    [ -d "$D/old_$v" ] && specs+=("old_$v")
  done
  time_interleaved "$SQUARES 8192x8192x1024" "${specs[@]}"
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-36}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session24.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
