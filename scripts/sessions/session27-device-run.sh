#!/usr/bin/env bash
# Session 27's device call (bench/NOTES.md, "Session 27"): how fast can any
# kernel do the two unmet targets' math on this GPU?
#   ceiling  ROUNDS rounds of: bench/power/tensor-ceiling.cu (wgmma from
#            shared memory and nothing else, L2 flushed before each run,
#            median of 40) at the bias + GELU shape (bf16 8192x8192x4096)
#            and at tf32 4096³, each with cuBLAS on the shape in the same
#            loop; the bias + GELU example against cuBLAS + a kernel and
#            cuBLASLt (gemm-run --compare-epilogue); the tf32 example at
#            4096³ against cuBLAS;
#   power    the ceiling kernel and cuBLAS, each back to back for
#            SUSTAINED_MS ms (default 3000) at both shapes, with power, SM
#            clock and the power-cap flag sampled by nvidia-smi
#            (scripts/lib/power-log.sh, split by scripts/lib/power-phases.py).
#   mufu     bench/power/mufu-throughput.cu: tanh (f32, f16x2, bf16x2) and
#            ex2 elements per SM per clock;
#   epi      the bias + GELU example's schedule with other epilogues
#            (v_none: no bias, no activation; v_bias; v_relu; v_silu: bias
#            and that activation), compiled by scripts/sessions/session27-prepare.sh,
#            against the example at 8192x8192x4096 in ROUNDS rounds.
#   sass     cuobjdump -sass of the example and the v_ bundles (in the
#            tarball) with their register use and instruction counts.
#   ncu      one launch each of the example, v_none and v_bias at
#            8192x8192x4096 under ncu (its base clock): cycles, issue
#            activity and the consumers' stall reasons.
#   bound    ROUNDS rounds of: the bias + GELU example against cuBLAS + a
#            kernel and cuBLASLt, v_none (the same kernel without bias or
#            activation) at the same shape, and the bf16 ceiling: how far
#            the unfused pipeline is from the kernel with no epilogue work.
#   rchecks  the tma-store kernels whose C pitch or address rules out TMA
#            (the threads' element copy, commit after d5717c9): edge shapes
#            with odd and padded pitches for the examples and the stream-K,
#            spares (sums in C), column-major C, batched and fused bench
#            schedules, memcheck and racecheck;
#   ragged   old_<bundle> (the compiler of d5717c9, carried) against
#            <bundle> in ROUNDS rounds at 4097x4095x4096 and 8191³ (bf16,
#            f16, tf32 examples), and the bf16 example with C's pitch
#            aligned (--ldc 4096) and nothing staged for reference;
#   schecks  the same for the staged (store = vector) wgmma epilogues, row-
#            and column-major C, fused (commit b0f1ba5);
#   sragged  old_<bundle> against <bundle> for those at 4097x4095x4096;
#   aligned  old_<bundle> against <bundle> where C takes TMA stores (the
#            element copy only adds a branch): tf32 and bf16 examples at
#            4096³ and 8192³, bias + GELU against cuBLAS + a kernel, in
#            ROUNDS rounds;
#   sweep    gemm-sweep, seeds SWEEP_SEEDS (default "42 43").
# PARTS picks (default "ceiling power"). Console in $OUT/console.txt, logs
# in $OUT/session27.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-ceiling power}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
GELU=gemm_bf16_wgmma_bias_gelu_sm90
CEILING=$WORK/tensor-ceiling

nvidia-smi -q -d POWER,CLOCK | grep -E "Current Power Limit|Default Power Limit|Max Power Limit|^ +SM +:" | head -8
nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -o "$CEILING" \
  bench/power/tensor-ceiling.cu -lcublas || { echo "FAIL: tensor-ceiling does not build"; exit 1; }

# ceiling NAME ARGS...: one tensor-ceiling run, log in $WORK/NAME.log.
ceiling() {
  local name=$1
  shift
  timeout 200 "$CEILING" "$@" >"$WORK/$name.log" 2>&1 || failures=$((failures + 1))
  echo "-- $name"
  grep -E "^(shape|ceiling|cublas|sustained)" "$WORK/$name.log"
}

if wants ceiling; then
  for round in $(seq 1 "$ROUNDS"); do
    echo "== ceiling round $round"
    ceiling "bf16.r$round" --type bf16 --m 8192 --n 8192 --k 4096 --cublas
    ROUNDS=1 compare_epilogue_rounds $GELU
    ceiling "tf32.r$round" --type tf32 --m 4096 --n 4096 --k 4096 --cublas
    time_bundle "tf32ex.4096.r$round" $EX -m 4096 -n 4096 -k 4096
  done
fi

if wants bound; then
  for round in $(seq 1 "$ROUNDS"); do
    echo "== bound round $round"
    ROUNDS=1 compare_epilogue_rounds $GELU
    time_bundle "v_none.r$round" v_none -m 8192 -n 8192 -k 4096
    ceiling "bf16.bound.r$round" --type bf16 --m 8192 --n 8192 --k 4096
  done
fi

if wants rchecks; then
  echo "== rchecks"
  RAGGED="4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 300x520x129"
  for bundle in gemm_bf16_wgmma_sm90 gemm_tf32_wgmma_sm90 gemm_f16_wgmma_sm90 \
    gemm_bf16_wgmma_persistent_cluster_sm90 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_spares \
    wgmma_bf16_128x256x64_s3_persistent_tma_streamk1 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_colc; do
    check_shapes $bundle "$RAGGED"
    check_shapes $bundle "1000x1300x2000 300x520x129" --ldc 1301
  done
  check_shapes $GELU "4097x4095x4093 1000x1300x2000" --bias
  check_shapes $GELU 1000x1300x2000 --bias --ldc 1301
  A=epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares
  check_shapes $A "4097x4095x4093 1000x1300x2000 640x768x640" --bias --alpha 1.5 --beta 0.5
  check_shapes $A "1000x1300x2000 640x768x641" --bias --alpha 1.5 --beta 0.5 --ldc 1303
  check_shapes ${A}_colc "1000x1300x2000 640x768x640" --bias --alpha 1.5 --beta 0.5
  B=gemm_bf16_wgmma_batched_sm90
  check_shapes $B "129x257x65 1000x1000x1000" --batch 3
  check_shapes $B 129x264x65 --batch 3 --batch-stride-c $((129 * 264 + 3))
  for tool in memcheck racecheck; do
    logged_check "bf16.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/gemm_bf16_wgmma_sm90/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
    logged_check "tf32.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/gemm_tf32_wgmma_sm90/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
  done
fi

if wants schecks; then
  echo "== schecks"
  RAGGED="4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 300x520x129"
  for bundle in gemm_bf16_wgmma_layouts_sm90 wgmma_bf16_128x256x64_s3_persistent \
    wgmma_f16_128x128x64_s4_pingpong_tt_colc; do
    check_shapes $bundle "$RAGGED"
    check_shapes $bundle "1000x1300x2000 300x520x129" --ldc 1301
  done
  check_shapes gemm_bf16_wgmma_small_m_sm90 "16x4095x4096 1x1x1 129x257x65 64x1300x2000"
  check_shapes gemm_bf16_wgmma_small_m_sm90 "16x4095x4096 64x1300x2000" --ldc 4099
  R2=epilogue_bf16_wgmma_bias_relu_sm90
  check_shapes $R2 "4097x4095x4093 1000x1300x2000" --bias
  check_shapes $R2 "1000x1300x2000 300x520x129" --bias --ldc 1301
  for tool in memcheck racecheck; do
    logged_check "layouts.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/gemm_bf16_wgmma_layouts_sm90/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
    logged_check "relu.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/$R2/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --bias --no-timing --iterations 1 --no-cublas
  done
fi

if wants sragged; then
  echo "== sragged"
  time_interleaved "4097x4095x4096" old_gemm_bf16_wgmma_layouts_sm90 gemm_bf16_wgmma_layouts_sm90 \
    old_wgmma_bf16_128x256x64_s3_persistent wgmma_bf16_128x256x64_s3_persistent \
    old_wgmma_f16_128x128x64_s4_pingpong_tt_colc wgmma_f16_128x128x64_s4_pingpong_tt_colc
  time_interleaved "16x4095x4096" old_gemm_bf16_wgmma_small_m_sm90 gemm_bf16_wgmma_small_m_sm90
fi

if wants aligned; then
  echo "== aligned"
  time_interleaved "4096x4096x4096 8192x8192x8192" old_gemm_tf32_wgmma_sm90 gemm_tf32_wgmma_sm90 \
    old_gemm_bf16_wgmma_sm90 gemm_bf16_wgmma_sm90
  compare_epilogue_rounds old_gemm_bf16_wgmma_bias_gelu_sm90 $GELU
fi

if wants ragged; then
  echo "== ragged"
  time_interleaved "4097x4095x4096 8191x8191x8191" old_gemm_bf16_wgmma_sm90 gemm_bf16_wgmma_sm90 \
    old_gemm_f16_wgmma_sm90 gemm_f16_wgmma_sm90 old_gemm_tf32_wgmma_sm90 gemm_tf32_wgmma_sm90
  ROUNDS=1 time_interleaved "4097x4095x4096" "aligned=gemm_bf16_wgmma_sm90:--ldb:4096:--ldc:4096" \
    "cpitch=gemm_bf16_wgmma_sm90:--ldc:4096"
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-42 43}
fi

if wants mufu; then
  echo "== mufu"
  nvcc -O3 -std=c++17 -gencode arch=compute_90a,code=sm_90a -o "$WORK/mufu-throughput" \
    bench/power/mufu-throughput.cu && "$WORK/mufu-throughput" || failures=$((failures + 1))
fi

if wants epi; then
  echo "== epi"
  time_interleaved "8192x8192x4096" "gelu=$GELU:--bias" v_none "v_bias:--bias" "v_relu:--bias" \
    "v_silu:--bias"
fi

if wants sass; then
  echo "== sass"
  for v in $GELU v_none v_bias v_relu v_silu; do
    cubin=$(ls "$D/$v"/*.cubin)
    cuobjdump -sass "$cubin" >"$WORK/$v.sass"
    cuobjdump -res-usage "$cubin" | grep -o "REG:[0-9]* STACK:[0-9]* SHARED:[0-9]* LOCAL:[0-9]*" | head -1 |
      sed "s/^/$v /"
    printf '%s: %s instructions, HGMMA %s, LDG %s, LDS %s, STL %s, LDL %s, MUFU %s\n' "$v" \
      "$(grep -cE '^ +/\*[0-9a-f]{4}\*/' "$WORK/$v.sass")" "$(grep -c HGMMA "$WORK/$v.sass")" \
      "$(grep -c 'LDG' "$WORK/$v.sass")" "$(grep -c 'LDS' "$WORK/$v.sass")" \
      "$(grep -c 'STL' "$WORK/$v.sass")" "$(grep -c 'LDL' "$WORK/$v.sass")" "$(grep -c 'MUFU' "$WORK/$v.sass")"
  done
fi

if wants ncu; then
  echo "== ncu"
  for spec in "$GELU:--bias" v_none "v_bias:--bias" "v_relu:--bias"; do
    read -r bundle extra <<<"${spec//:/ }"
    # shellcheck disable=SC2086
    ncu_report "$bundle" SpeedOfLight,WarpStateStats,InstructionStats \
      "Elapsed Cycles|Duration|SM Frequency|Executed Instructions  |Issue Slots Busy|Stall|Warp Cycles Per Issued" \
      "$bundle" -m 8192 -n 8192 -k 4096 $extra
  done
fi

if wants power; then
  echo "== power"
  bash scripts/lib/power-log.sh "$WORK/power.csv" &
  logger=$!
  sleep 1
  for type in bf16 tf32; do
    if [ $type = bf16 ]; then shape=(--m 8192 --n 8192 --k 4096); else shape=(--m 4096 --n 4096 --k 4096); fi
    echo "== power $type"
    ceiling "sustained.$type" --type $type "${shape[@]}" --cublas --runs 5 --sustained-ms "${SUSTAINED_MS:-3000}"
    sleep 1
  done
  kill $logger
  wait $logger 2>/dev/null
  head -3 "$WORK/power.csv"
  python3 scripts/lib/power-phases.py "$WORK/power.csv" "$OUT_ROOT/console.txt"
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session27.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
