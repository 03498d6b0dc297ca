#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One device call that runs every GPU check of the project, each part only
# when its carried artifacts are present, each under its own time limit, and
# writes everything under $OUT (one folder per part):
#
#   correctness  scripts/device-session.sh on device-artifacts/ at
#                $CHECK_SHAPES (validation against cuBLAS and fp64, plus
#                memcheck and racecheck at a small shape)
#   benchmark    bench/hopper-benchmark.sh on device-artifacts/ at
#                $BENCH_SHAPES for the bundles in $BENCH_BUNDLES
#   jit          scripts/jit-device-check.sh on jit-device-artifacts/
#   tune         scripts/tune-measure.sh on tune-plan/
#   sweep        scripts/sweep.sh on device-artifacts/ ($SWEEP_SEED,
#                $SWEEP_CASES, $SWEEP_GROUPED_CASES): randomized cases
#                (ordinary, FP8 and grouped) against cuBLAS and fp64
#   transpose    scripts/transpose-session.sh on device-artifacts/
#   epilogue     gemm-run --compare-epilogue at $EPILOGUE_SHAPE for each
#                bundle of $EPILOGUE_BUNDLES (bias + gelu_tanh, bias + relu):
#                the fused kernel against cuBLAS GemmEx + a separate
#                bias/activation kernel and against cuBLASLt's GELU_BIAS /
#                RELU_BIAS, all checked against fp64; then the plain wgmma
#                example at the same shape and memcheck of the fused example
#
# Prepare on the build machine (all optional):
#   scripts/prepare-device-artifacts.sh        -> device-artifacts/
#   scripts/prepare-jit-device-artifacts.sh    -> jit-device-artifacts/
#   build/bin/gemm-tune plan ... -o tune-plan  -> tune-plan/
# and carry those folders (64 MiB in all at most).
#
# Environment: PARTS (default "correctness benchmark jit tune"), and
# CHECK_BUNDLES, CHECK_SHAPES, BENCH_BUNDLES, BENCH_SHAPES, BENCH_DTYPES,
# TUNE_ITERATIONS, EPILOGUE_SHAPE ("M N K"), EPILOGUE_BUNDLES,
# EPILOGUE_ITERATIONS, and *_LIMIT (seconds per part) as below.
set -u
cd "$(dirname "$0")/.."
OUT=${OUT:-./device-all-out}
mkdir -p "$OUT"
PARTS=${PARTS:-"correctness benchmark jit tune sweep transpose epilogue"}
CHECK_BUNDLES=${CHECK_BUNDLES:-"*"}
CHECK_SHAPES=${CHECK_SHAPES:-"4096x4096x4096"}
BENCH_BUNDLES=${BENCH_BUNDLES:-"gemm_bf16_wgmma* gemm_f16_wgmma*"}
BENCH_SHAPES=${BENCH_SHAPES:-"4096x4096x4096 8192x8192x8192"}
BENCH_DTYPES=${BENCH_DTYPES:-"bf16 f16"}
TUNE_ITERATIONS=${TUNE_ITERATIONS:-20}
CORRECTNESS_LIMIT=${CORRECTNESS_LIMIT:-200}
BENCHMARK_LIMIT=${BENCHMARK_LIMIT:-150}
JIT_LIMIT=${JIT_LIMIT:-90}
TUNE_LIMIT=${TUNE_LIMIT:-150}
SWEEP_LIMIT=${SWEEP_LIMIT:-240}

status=0
note() { echo "== $*"; }
wants() { [[ " $PARTS " == *" $1 "* ]]; }

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader

if wants correctness && [ -d device-artifacts ]; then
  note "correctness: $CHECK_BUNDLES at $CHECK_SHAPES"
  OUT=$OUT/correctness BUNDLES="$CHECK_BUNDLES" SHAPES="$CHECK_SHAPES" \
    ITERATIONS=${CHECK_ITERATIONS:-10} \
    timeout "$CORRECTNESS_LIMIT" bash scripts/device-session.sh device-artifacts \
    >/dev/null 2>&1 || status=1
  cat "$OUT/correctness/summary.txt" 2>/dev/null
fi

if wants benchmark && [ -d device-artifacts ]; then
  note "benchmark: $BENCH_BUNDLES at $BENCH_SHAPES"
  mkdir -p "$OUT/benchmark"
  OUT=$OUT/benchmark BUNDLES="$BENCH_BUNDLES" SHAPES="$BENCH_SHAPES" \
    DTYPES="$BENCH_DTYPES" ITERATIONS=${BENCH_ITERATIONS:-30} \
    DEADLINE=$((BENCHMARK_LIMIT - 30)) REPORT=0 \
    timeout "$BENCHMARK_LIMIT" bash bench/hopper-benchmark.sh device-artifacts \
    >"$OUT/benchmark/console.log" 2>&1 || status=1
  grep -E "^(bundle|gemm_|wgmma_|f32_|hopper benchmark)" "$OUT/benchmark/console.log" | sort -u
fi

if wants jit && [ -d jit-device-artifacts ]; then
  note "jit: the statically linked example on every shipped schedule"
  timeout "$JIT_LIMIT" bash scripts/jit-device-check.sh jit-device-artifacts \
    >"$OUT/jit.log" 2>&1 || status=1
  tail -20 "$OUT/jit.log"
fi

if wants tune && [ -d tune-plan ]; then
  note "tune: measuring the gemm-tune plan"
  ITERATIONS=$TUNE_ITERATIONS DEADLINE=$((TUNE_LIMIT - 20)) \
    RESULTS=$OUT/tune-results.json \
    timeout "$TUNE_LIMIT" bash scripts/tune-measure.sh tune-plan \
    >"$OUT/tune.log" 2>&1 || status=1
  tail -5 "$OUT/tune.log"
fi

if wants sweep && [ -x device-artifacts/bin/gemm-sweep ]; then
  note "sweep: seed ${SWEEP_SEED:-1}, ${SWEEP_CASES:-200} cases"
  mkdir -p "$OUT/sweep"
  OUT=$OUT/sweep SEED=${SWEEP_SEED:-1} CASES=${SWEEP_CASES:-200} \
    GROUPED_CASES=${SWEEP_GROUPED_CASES:-} \
    timeout "$SWEEP_LIMIT" bash scripts/sweep.sh device-artifacts \
    >"$OUT/sweep/console.log" 2>&1 || status=1
  grep -E "FAILED|^seed|passed|refused|failed" "$OUT/sweep/console.log" | tail -40
fi

if wants transpose && [ -x device-artifacts/bin/transpose-run ]; then
  note "transpose"
  mkdir -p "$OUT/transpose"
  OUT=$OUT/transpose timeout "${TRANSPOSE_LIMIT:-150}" \
    bash scripts/transpose-session.sh device-artifacts \
    >"$OUT/transpose/console.log" 2>&1 || status=1
  tail -30 "$OUT/transpose/console.log"
fi

if wants epilogue && [ -d device-artifacts/gemm_bf16_wgmma_bias_gelu_sm90 ]; then
  EPILOGUE_SHAPE=${EPILOGUE_SHAPE:-"8192 8192 4096"}
  EPILOGUE_BUNDLES=${EPILOGUE_BUNDLES:-"gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_relu_sm90"}
  read -r em en ek <<<"$EPILOGUE_SHAPE"
  note "epilogue: fused vs cuBLAS + bias/activation kernel vs cuBLASLt at ${em}x${en}x${ek}"
  mkdir -p "$OUT/epilogue"
  run=device-artifacts/bin/gemm-run
  for bundle in $EPILOGUE_BUNDLES; do
    [ -f "device-artifacts/$bundle/kernel.json" ] || { echo "$bundle: missing"; status=1; continue; }
    timeout 240 "$run" "device-artifacts/$bundle/kernel.json" -m "$em" -n "$en" \
      -k "$ek" --bias --compare-epilogue --iterations "${EPILOGUE_ITERATIONS:-30}" \
      --json-out "$OUT/epilogue/$bundle-compare.json" \
      >"$OUT/epilogue/$bundle-compare.log" 2>&1 || status=1
    echo "-- $bundle"
    grep -E "^(epilogue|\||result|gemm-run: error)" "$OUT/epilogue/$bundle-compare.log"
  done
  # The same main loop without the epilogue, for the epilogue's own cost.
  timeout 120 "$run" device-artifacts/gemm_bf16_wgmma_sm90/kernel.json -m "$em" \
    -n "$en" -k "$ek" --iterations "${EPILOGUE_ITERATIONS:-30}" \
    --json-out "$OUT/epilogue/gemm_bf16_wgmma_sm90.json" \
    >"$OUT/epilogue/gemm_bf16_wgmma_sm90.log" 2>&1 || status=1
  echo "-- gemm_bf16_wgmma_sm90 (no epilogue)"
  grep -E "^(gemm-opt|cuBLAS|ratio|result|gemm-run: error)" "$OUT/epilogue/gemm_bf16_wgmma_sm90.log"
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 1 "$run" \
    device-artifacts/gemm_bf16_wgmma_bias_gelu_sm90/kernel.json -m 512 -n 768 \
    -k 256 --bias --no-timing --no-cublas >"$OUT/epilogue/memcheck.log" 2>&1 \
    || status=1
  grep "ERROR SUMMARY" "$OUT/epilogue/memcheck.log"
fi

note "device-all: exit $status"
exit $status
