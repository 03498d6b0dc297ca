#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On the GPU machine (CUDA 13, no LLVM/MLIR): runs the statically linked JIT
# example from a directory of carried artifacts (see
# scripts/prepare-jit-device-artifacts.sh) on every shipped schedule at two
# shapes: a compile with the cache off, then with a cold and a warm disk
# cache, each checked against cuBLAS; and each carried split_k schedule
# launched three times in a row (the workspace is reused) at a small-MN and
# a ragged shape. Then the JIT chooses the schedule from the carried tuning
# database (--database) for each of its element types at the 7 Hopper
# benchmark shapes (16x4096x4096's entry runs transposed) and at one shape
# it lacks (the nearest entry); an f32 problem, which it has no entry for,
# falls back to the f32 SIMT schedule, and is refused (exit 2) with the
# bf16 default to fall back to. Prints a table last; exits 1 if any run
# failed, 3 if there is no CUDA driver/GPU.
#
#   scripts/jit-device-check.sh jit-device-artifacts
set -uo pipefail
artifacts=${1:?usage: jit-device-check.sh ARTIFACT_DIR}
program="$artifacts/gemm-jit-example"
export PATH=/usr/local/cuda/bin:$PATH
export XDG_CACHE_HOME=$(mktemp -d)
trap 'rm -rf "$XDG_CACHE_HOME"' EXIT

echo "commit: $(cat "$artifacts/COMMIT" 2>/dev/null || echo unknown)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
command -v ptxas >/dev/null || { echo "ptxas not found on PATH" >&2; exit 3; }
ldd "$program" | grep -E 'not found|libLLVM|libMLIR' && {
  echo "missing or unexpected shared libraries" >&2; exit 2; }

failures=0
table=()
run() { # label, env, args...
  local label=$1 env=$2; shift 2
  local output status
  output=$(env $env "$program" "$@" 2>&1); status=$?
  echo "$output"
  local verdict=$(echo "$output" | grep -E '^(PASS|FAIL)' | head -1)
  local compile=$(echo "$output" | grep -o 'in [0-9.]* s.*' | head -1)
  local chosen=$(echo "$output" | grep -E '^(chosen|fallback|runs transposed): ' | tr '\n' ' ')
  table+=("| $label | ${*#$artifacts/} | exit $status (expected ${expected:-0}) | ${verdict:-$(echo "$output" | tail -1)} | $compile | $chosen |")
  if [ $status -eq 3 ]; then
    echo "no CUDA driver/GPU here: nothing to check" >&2
    exit 3
  fi
  [ $status -eq "${expected:-0}" ] || failures=$((failures + 1))
}
for schedule in "$artifacts"/schedules/gemm_*.mlir; do
  name=$(basename "$schedule" .mlir)
  # The example passes row-major operands, no epilogue inputs and no
  # scales: a fused bias, layouts that are neither row-major nor their
  # transpose (the layouts and tf32 examples), or an FP8 schedule (B
  # column-major, scales; launched by gemm-opt-launch-gputests'
  # GpuFp8LaunchTest) must be refused with exit 2, not launched.
  case $name in
    *bias_gelu* | *layouts* | *tf32* | *fp8*) expected=2 ;;
    *) expected=0 ;;
  esac
  run "$name, cache off" GEMM_OPT_CACHE=0 "$schedule" 2048 2048 2048
  run "$name, cold cache" "" "$schedule" 4096 4096 4096
  run "$name, warm cache" "" "$schedule" 4096 4096 4096
done
expected=0
run "embedded wgmma bf16" "" 1024 2048 512
# A schedule with every operand column-major runs the caller's row-major
# problem as C^T = B^T*A^T (A and B exchanged by the JIT).
small_m="$artifacts/schedules/gemm_bf16_wgmma_small_m_sm90.mlir"
if [ -f "$small_m" ]; then
  run "small-M example, transposed" "" "$small_m" 16 4096 4096
  run "small-M example, transposed, ragged" "" "$small_m" 13 4095 4093
fi
# split_k: one workspace per shape, reused by every launch (C poisoned before
# each; the last checked), at a small-MN shape and a ragged 16-row one.
for schedule in "$artifacts"/schedules/wgmma_*_sk*.mlir; do
  [ -f "$schedule" ] || continue
  name=$(basename "$schedule" .mlir)
  run "$name, 3 launches" "" --launches 3 "$schedule" 1024 1024 8192
  run "$name, 3 launches, ragged" "" --launches 3 "$schedule" 16 4096 4096
done
# The tuning database: the JIT chooses the schedule by shape (compileFor
# through TuningDatabaseChooser); every chosen kernel checked against
# cuBLAS, one launch each.
database="$artifacts/tuning-database.json"
if [ -f "$database" ]; then
  expected=0
  dtypes=$(grep -oE '"a": *"(bf16|f16|f32)"' "$database" | sed 's/.*"\([a-z0-9]*\)"$/\1/' | sort -u)
  for dtype in $dtypes; do
    for shape in "4096 4096 4096" "8192 8192 8192" "8192 8192 1024" \
                 "2048 2048 2048" "1024 1024 8192" "128 4096 4096" \
                 "16 4096 4096" "1000 1300 2000"; do
      run "database, $dtype" "" --database "$database" --dtype "$dtype" $shape
    done
  done
  # No f32 entries: the given f32 schedule is compiled instead ...
  f32_simt="$artifacts/schedules/gemm_f32_simt_sm90.mlir"
  [ -f "$f32_simt" ] &&
    run "database, f32: fallback" "" --database "$database" --dtype f32 \
      "$f32_simt" 1024 1024 1024
  # ... and the embedded bf16 one is refused for an f32 problem.
  expected=2
  run "database, f32: bf16 fallback refused" "" --database "$database" \
    --dtype f32 1024 1024 1024
  expected=0
else
  echo "no $database: the --database runs are skipped" >&2
  failures=$((failures + 1))
fi
echo
echo "| run | arguments | status | result | compile | database choice |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${table[@]}"
echo "$failures failed; ${SECONDS} s in all"
exit $((failures > 0))
