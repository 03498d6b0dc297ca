#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Validates, times and sanitizes every transpose bundle of device-artifacts/
# on a GPU machine (the GEMM bundles are scripts/device-session.sh's):
#
#   scripts/transpose-session.sh [ARTIFACTS]     (default: device-artifacts/)
#
# For each bundle with a "kind": "transpose" kernel: transpose-run at
# each shape of $SHAPES (bit-exact check, timing against a device-to-device
# copy), then compute-sanitizer memcheck and racecheck at $SANITIZER_SHAPES
# (--no-timing). A batched bundle (grid z over "batch") also runs the
# MxNxB shapes of $BATCHED_SHAPES and $BATCHED_SANITIZER_SHAPES (B packed
# matrices). Logs go to $OUT (default ./transpose-session-out); the exit
# status is non-zero if any run failed.
#
# Environment: SHAPES ("MxN ...", default "8192x8192 4097x1023 1x1 33x4097"),
# SANITIZER_SHAPES (default "4097x1023 256x256"), BATCHED_SHAPES ("MxNxB
# ...", default "1024x1024x32 4097x1023x3 1x1x2 33x65x7"),
# BATCHED_SANITIZER_SHAPES (default "257x129x3"), SANITIZE (default 1),
# ITERATIONS (default 100).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
ARTIFACTS=${1:-device-artifacts}
OUT=${OUT:-$PWD/transpose-session-out}
SHAPES=${SHAPES:-"8192x8192 4097x1023 1x1 33x4097"}
SANITIZER_SHAPES=${SANITIZER_SHAPES:-"4097x1023 256x256"}
BATCHED_SHAPES=${BATCHED_SHAPES:-"1024x1024x32 4097x1023x3 1x1x2 33x65x7"}
BATCHED_SANITIZER_SHAPES=${BATCHED_SANITIZER_SHAPES:-"257x129x3"}
SANITIZE=${SANITIZE:-1}
ITERATIONS=${ITERATIONS:-100}
RUN=$ARTIFACTS/bin/transpose-run
SANITIZER=${SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
mkdir -p "$OUT" || exit 2
failures=0
summary=()
run() { # name, log, command...
  local name=$1 log=$2
  shift 2
  "$@" >"$log" 2>&1
  local rc=$?
  summary+=("$(printf '%-40s rc=%d  %s' "$name" "$rc" "$(grep -E 'transpose / copy|check:' "$log" | tr -s ' ' | tr '\n' ' ')")")
  [ "$rc" -eq 0 ] || failures=$((failures + 1))
  cat "$log"
}
shapeArgs() { # MxN or MxNxB -> transpose-run arguments
  local m n b
  IFS=x read -r m n b <<<"$1"
  echo "-m $m -n $n${b:+ --batch $b}"
}
for bundle in "$ARTIFACTS"/*/kernel.json; do
  # A transpose kernel of the bundle's own, at the kernels' depth of the
  # writer's 2-space indentation: a GEMM kernel's staging transposes
  # (runtime/OperandStaging.h) sit deeper and are not transpose-run's.
  grep -qE '^      "kind": "transpose"' "$bundle" || continue
  name=$(basename "$(dirname "$bundle")")
  shapes=$SHAPES sanitizerShapes=$SANITIZER_SHAPES
  if grep -q '"extent": "batch"' "$bundle"; then
    shapes="$shapes $BATCHED_SHAPES"
    sanitizerShapes="$sanitizerShapes $BATCHED_SANITIZER_SHAPES"
  fi
  for shape in $shapes; do
    # shellcheck disable=SC2046
    run "$name $shape" "$OUT/$name-$shape.log" \
      "$RUN" "$bundle" $(shapeArgs "$shape") --iterations "$ITERATIONS"
  done
  if [ "$SANITIZE" = 1 ]; then
    for shape in $sanitizerShapes; do
      for tool in memcheck racecheck; do
        # shellcheck disable=SC2046
        run "$name $shape $tool" "$OUT/$name-$shape-$tool.log" \
          "$SANITIZER" --tool "$tool" --error-exitcode 1 \
          "$RUN" "$bundle" $(shapeArgs "$shape") --no-timing
      done
    done
  fi
done
printf '%s\n' "${summary[@]}" | tee "$OUT/summary.txt"
[ "$failures" -eq 0 ]
