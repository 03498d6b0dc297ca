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
#            and that activation), compiled by scripts/session27-prepare.sh,
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
# PARTS picks (default "ceiling power"). Console in $OUT/console.txt, logs
# in $OUT/session27.tar.gz.
set -u
cd "$(dirname "$0")/.."
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
