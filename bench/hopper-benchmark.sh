#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The Hopper benchmark: every Hopper (wgmma) schedule of a prebuilt artifacts
# folder at each shape of the Hopper issue's list, timed against cuBLAS by
# gemm-run, then tabulated and plotted by bench/hopper_report.py. Runs on the
# GPU machine (no LLVM needed), from the repository root:
#
#   bash bench/hopper-benchmark.sh [ARTIFACTS]     (default: device-artifacts/)
#
# ARTIFACTS holds bin/gemm-run and bundles */kernel.json (see
# scripts/prepare-device-artifacts.sh) and COMMIT. For each shape and each
# bundle whose name matches $BUNDLES (the Hopper schedules) it runs
#   gemm-run BUNDLE -m M -n N -k K --iterations 50 --warmup 5 --json-out FILE
# gemm-run checks the result against cuBLAS and fp64 and times both kernels
# in the same process on the same inputs (median, L2 flushed before each run,
# cuBLAS with a 32 MiB workspace). The shapes are row-major problems: a
# bundle with every operand column-major gets --layout-a/-b/-c row and runs
# them as C^T = B^T*A^T (runtime/TransposedProblem.h).
#
# Bundles are left out (logged, not failures) when their input type is not
# in $DTYPES, when they are not compiled for sm_90*, or when they carry an
# `expected-exit-code` other than 0 (deliberately broken kernels). A shape the
# bundle's block tile does not divide makes gemm-run exit 2 with "ragged
# shapes are not supported yet"; it is recorded as "not divisible (waits for
# the generality issue)", not as a failure. One failure never stops the run.
# The exit status is non-zero only if a run that should have worked failed:
# a numerical FAIL (exit 1), a CUDA/cuBLAS error (3, 4), a timeout, or any
# other refusal (exit 2 for a reason other than a ragged shape).
#
# Environment (all optional):
#   OUT          output folder (default: ./bench-out)
#   SHAPES       "MxNxK ..." (default: the issue's seven shapes, below)
#   BUNDLES      globs on bundle names (default: "wgmma_* gemm_bf16_wgmma*
#                gemm_f16_wgmma*")
#   DTYPES       input element types to run (default: "bf16 f16")
#   ITERATIONS   timed runs per GEMM (default: 50)
#   WARMUP       warm-up runs per GEMM (default: 5)
#   RUN_TIMEOUT  seconds per gemm-run (default: 300)
#   DEADLINE     seconds after which no new run starts; the rest is recorded
#                as "skipped (deadline)" and the report is still written, so
#                a session under a hard wall-clock limit (the device tool's
#                is 600 s a command) keeps its results. A run started before
#                it gets at most DEADLINE + 60 s minus the time spent.
#                (default: 480; 0 = none)
#   REPORT       0 to skip bench/hopper_report.py (default: 1)
#   GEMM_RUN     gemm-run to use (default: ARTIFACTS/bin/gemm-run)
#
# Files in $OUT (few on purpose):
#   hopper-results.json   every run: bundle, dtype, shape, exit code, outcome
#                         and gemm-run's JSON result; plus device, date, commit
#   hopper-benchmark.md   tables (bench/hopper_report.py)
#   hopper-benchmark.png  bar chart (bench/hopper_report.py)
#   hopper-benchmark.log  environment, every command and its full output, the
#                         per-run table
#   hopper-runs.tar.gz    the individual logs and JSON files

set -uo pipefail

SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd) || exit 2
ARTIFACTS=${1:-device-artifacts}
ARTIFACTS=${ARTIFACTS%/}
OUT=${OUT:-$PWD/bench-out}
SHAPES=${SHAPES:-"4096x4096x4096 8192x8192x8192 8192x8192x1024 2048x2048x2048 1024x1024x8192 128x4096x4096 16x4096x4096"}
BUNDLES=${BUNDLES:-"wgmma_* gemm_bf16_wgmma* gemm_f16_wgmma*"}
DTYPES=${DTYPES:-"bf16 f16"}
ITERATIONS=${ITERATIONS:-50}
WARMUP=${WARMUP:-5}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}
DEADLINE=${DEADLINE:-480}
REPORT=${REPORT:-1}
GEMM_RUN=${GEMM_RUN:-$ARTIFACTS/bin/gemm-run}

mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd) || exit 2
RUNS=$(mktemp -d "${TMPDIR:-/tmp}/hopper-benchmark.XXXXXX") || exit 2
mkdir -p "$RUNS/runs"
LOG=$OUT/hopper-benchmark.log
MANIFEST=$RUNS/manifest.tsv # bundle dtype shape exit outcome seconds json note
: >"$LOG"
: >"$MANIFEST"
START=$SECONDS
FAILURES=0
ROWS=()        # one line per run, for the log
FAILED_ROWS=() # "bundle shape: why" per failed run
declare -A COUNT=()

log() { echo "$*" | tee -a "$LOG"; }

run_with_timeout() {
  local seconds=$1
  shift
  if command -v timeout >/dev/null 2>&1; then
    timeout --kill-after=10 "$seconds" "$@"
  else
    "$@"
  fi
}

# bundle_info KERNEL_JSON NAME: "DTYPE CHIP" of the bundle's first kernel;
# DTYPE is the input type (e.g. bf16), with "->C" when the output differs.
# Without python3 the type comes from the name and the chip is "?".
bundle_info() {
  local info=""
  if command -v python3 >/dev/null 2>&1; then
    info=$(python3 - "$1" <<'PY' 2>/dev/null
import json, sys
kernel = json.load(open(sys.argv[1]))["kernels"][0]
types = kernel["types"]
dtype = types["a"] if types["b"] == types["a"] else types["a"] + "x" + types["b"]
if types["c"] != types["a"]:
    dtype += "->" + types["c"]
layouts = kernel.get("layouts", {})
transposed = all(layouts.get(x) == "col" for x in "abc")
print(dtype, kernel.get("chip", "?"), "transposed" if transposed else "as-is")
PY
)
  fi
  if [ -z "$info" ]; then
    case "$2" in
      *bf16*) info="bf16 ? as-is" ;;
      *f16*) info="f16 ? as-is" ;;
      *) info="? ? as-is" ;;
    esac
  fi
  echo "$info"
}

# matches NAME PATTERNS...: whether NAME matches one of the globs.
matches() {
  local name=$1 pattern
  shift
  for pattern in "$@"; do
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    [[ $name == $pattern ]] && return 0
  done
  return 1
}

# record BUNDLE DTYPE SHAPE EXIT OUTCOME SECONDS JSON NOTE [TFLOPS CUBLAS RATIO]
# OUTCOME: pass, not_divisible, skipped (not failures); fail, error, timeout.
record() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" >>"$MANIFEST"
  ROWS+=("$(printf '%-32s %-8s %-16s %-13s %4s %9s %9s %6s %5ss' "$1" "$2" "$3" "$5" "$4" \
    "${9:--}" "${10:--}" "${11:--}" "$6")")
  echo "${ROWS[-1]}" | tee -a "$LOG"
  COUNT[$5]=$((${COUNT[$5]:-0} + 1))
  case "$5" in
    fail | error | timeout)
      FAILURES=$((FAILURES + 1))
      FAILED_ROWS+=("$1 $3: $8")
      ;;
  esac
}

# timing_of JSON: "TFLOPS CUBLAS RATIO" of a gemm-run result ("- - -" if none).
timing_of() {
  if command -v python3 >/dev/null 2>&1 && [ -f "$1" ]; then
    python3 - "$1" <<'PY' 2>/dev/null || echo "- - -"
import json, sys
timing = json.load(open(sys.argv[1])).get("timing") or {}
def get(*keys):
    value = timing
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return "-" if value is None else (f"{value:.3f}" if keys == ("ratio_to_cublas",) else f"{value:.1f}")
print(get("gemm_opt", "tflops"), get("cublas", "tflops"), get("ratio_to_cublas"))
PY
  else
    echo "- - -"
  fi
}

# --- environment ------------------------------------------------------------
DATE=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
COMMIT=$(tr -d '[:space:]' <"$ARTIFACTS/COMMIT" 2>/dev/null)
COMMIT=${COMMIT:-unknown}
GPU_NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
log "== gemm-opt Hopper benchmark, $DATE"
log "artifacts: $ARTIFACTS (commit $COMMIT)"
log "device:    ${GPU_NAME:-unknown (nvidia-smi failed)}"
log "output:    $OUT"
# shellcheck source=scripts/gemm-run-check.sh
source "$SCRIPT_DIR/../scripts/gemm-run-check.sh"
check_gemm_run "$GEMM_RUN" "$LOG"

read -r -a BUNDLE_PATTERNS <<<"$BUNDLES"
read -r -a DTYPE_LIST <<<"$DTYPES"
SELECTED=()        # bundle names to run
SKIPPED_BUNDLES=() # "name<TAB>why" of matching bundles left out (logged only)
declare -A DTYPE_OF=() LAYOUT_FLAGS=()
shopt -s nullglob
for kernel_json in "$ARTIFACTS"/*/kernel.json; do
  name=$(basename "$(dirname "$kernel_json")")
  matches "$name" "${BUNDLE_PATTERNS[@]}" || continue
  read -r dtype chip problem <<<"$(bundle_info "$kernel_json" "$name")"
  DTYPE_OF[$name]=$dtype
  # The issue's shapes are row-major problems: a bundle with every operand
  # column-major runs them as C^T = B^T*A^T (gemm-run's transposed layouts).
  LAYOUT_FLAGS[$name]=""
  [ "$problem" = transposed ] &&
    LAYOUT_FLAGS[$name]="--layout-a row --layout-b row --layout-c row"
  expected=0
  [ -f "$ARTIFACTS/$name/expected-exit-code" ] &&
    expected=$(tr -dc '0-9' <"$ARTIFACTS/$name/expected-exit-code")
  skip=""
  if ! matches "${dtype%%->*}" "${DTYPE_LIST[@]}"; then
    skip="dtype $dtype not in DTYPES"
  elif [ "$chip" != "?" ] && [[ $chip != sm_90* ]]; then
    skip="chip $chip is not Hopper"
  elif [ "${expected:-0}" != 0 ]; then
    skip="expected-exit-code $expected (a deliberately failing bundle)"
  fi
  if [ -n "$skip" ]; then
    SKIPPED_BUNDLES+=("$name"$'\t'"$skip")
    continue
  fi
  SELECTED+=("$name")
done
shopt -u nullglob
if [ ${#SELECTED[@]} -eq 0 ] && [ ${#SKIPPED_BUNDLES[@]} -eq 0 ]; then
  log "FATAL: no bundle of $ARTIFACTS matches BUNDLES=\"$BUNDLES\" and DTYPES=\"$DTYPES\""
  exit 2
fi
log "bundles:   ${SELECTED[*]:-none}"
for entry in "${SKIPPED_BUNDLES[@]}"; do log "           ${entry%%$'\t'*}: ${entry#*$'\t'}"; done
log "shapes:    $SHAPES"
log "runs:      --iterations $ITERATIONS --warmup $WARMUP, timeout ${RUN_TIMEOUT}s each, deadline ${DEADLINE}s"
log ""
printf -v HEADER '%-32s %-8s %-16s %-13s %4s %9s %9s %6s %6s' bundle dtype shape outcome exit \
  "TFLOP/s" "cuBLAS" ratio time
log "$HEADER"

# --- gemm-run at each shape -------------------------------------------------
# Shapes outermost: if the deadline cuts the run short, the shapes done so far
# have every schedule.
for shape in $SHAPES; do
  if ! [[ $shape =~ ^[0-9]+x[0-9]+x[0-9]+$ ]]; then
    log "WARNING: ignoring malformed shape '$shape' (want MxNxK)"
    continue
  fi
  IFS=x read -r m n k <<<"$shape"
  for name in "${SELECTED[@]}"; do
    dtype=${DTYPE_OF[$name]}
    if [ "$DEADLINE" -gt 0 ] && [ $((SECONDS - START)) -ge "$DEADLINE" ]; then
      record "$name" "$dtype" "$shape" - skipped 0 "" "skipped (deadline ${DEADLINE}s reached)"
      continue
    fi
    stem="$RUNS/runs/$name.$shape"
    # shellcheck disable=SC2206 # the flags are words
    cmd=("$GEMM_RUN" "$ARTIFACTS/$name/kernel.json" -m "$m" -n "$n" -k "$k" ${LAYOUT_FLAGS[$name]}
      --iterations "$ITERATIONS" --warmup "$WARMUP" --json-out "$stem.json")
    echo "+ ${cmd[*]}" >"$stem.log"
    limit=$RUN_TIMEOUT
    if [ "$DEADLINE" -gt 0 ] && [ $((DEADLINE + 60 - (SECONDS - START))) -lt "$limit" ]; then
      limit=$((DEADLINE + 60 - (SECONDS - START)))
    fi
    began=$SECONDS
    run_with_timeout "$limit" "${cmd[@]}" >>"$stem.log" 2>&1
    rc=$?
    took=$((SECONDS - began))
    {
      echo "----- $name $shape (exit $rc, ${took}s) -----"
      cat "$stem.log"
      echo
    } >>"$LOG"
    note=""
    case "$rc" in
      0) outcome=pass ;;
      1) outcome=fail note="numerical mismatch (FAIL)" ;;
      2)
        if grep -q "ragged shapes are not supported yet" "$stem.log"; then
          outcome=not_divisible note="not divisible (waits for the generality issue)"
        else
          outcome=error note="refused (exit 2): $(grep -m1 'error:' "$stem.log" | sed 's/^.*error: //')"
        fi
        ;;
      3) outcome=error note="no CUDA driver or device (exit 3)" ;;
      4) outcome=error note="CUDA/cuBLAS failure (exit 4): $(grep -m1 'error:' "$stem.log" | sed 's/^.*error: //')" ;;
      124 | 137) outcome=timeout note="timed out after ${limit}s" ;;
      *) outcome=error note="exit $rc" ;;
    esac
    json=""
    [ -f "$stem.json" ] && json="$stem.json"
    read -r tflops cublas ratio <<<"$(timing_of "$json")"
    record "$name" "$dtype" "$shape" "$rc" "$outcome" "$took" "$json" "$note" "$tflops" "$cublas" "$ratio"
  done
done

# --- results ----------------------------------------------------------------
{
  echo
  echo "== every run (TFLOP/s: median of $ITERATIONS, L2 flushed; ratio = gemm-opt / cuBLAS)"
  echo "$HEADER"
  for row in "${ROWS[@]}"; do echo "$row"; done
  echo
} >>"$LOG"

RESULTS=$OUT/hopper-results.json
if command -v python3 >/dev/null 2>&1; then
  GPU_NAME="$GPU_NAME" DATE="$DATE" COMMIT="$COMMIT" ARTIFACTS="$ARTIFACTS" SHAPES="$SHAPES" \
    ITERATIONS="$ITERATIONS" WARMUP="$WARMUP" \
    python3 - "$MANIFEST" "$RESULTS" <<'PY' || log "WARNING: could not write $RESULTS"
import json, os, sys
runs = []
for line in open(sys.argv[1]):
    bundle, dtype, shape, code, outcome, seconds, path, note = line.rstrip("\n").split("\t")
    m, n, k = (int(x) for x in shape.split("x"))
    result = None
    if path:
        try:
            result = json.load(open(path))
        except Exception as error:
            result = {"status": "unreadable", "error": str(error)}
    runs.append({"bundle": bundle, "dtype": dtype, "shape": shape, "m": m, "n": n, "k": k,
                 "exit_code": None if code == "-" else int(code), "outcome": outcome,
                 "note": note, "seconds": int(seconds), "result": result})
env = os.environ
json.dump({"format": "hopper-benchmark-v1", "device": env["GPU_NAME"] or None,
           "date": env["DATE"], "commit": env["COMMIT"], "artifacts": env["ARTIFACTS"],
           "shapes": env["SHAPES"].split(), "iterations": int(env["ITERATIONS"]),
           "warmup": int(env["WARMUP"]), "runs": runs},
          open(sys.argv[2], "w"), indent=2)
PY
else
  log "WARNING: no python3: no $RESULTS, no report (the raw results are in hopper-runs.tar.gz)"
fi
cp "$MANIFEST" "$RUNS/runs/manifest.tsv"
tar -C "$RUNS" -czf "$OUT/hopper-runs.tar.gz" runs 2>>"$LOG" || true
rm -rf "$RUNS"

if [ "$REPORT" = 1 ] && [ -f "$RESULTS" ]; then
  # Writes the .md and .png and prints the short table (best per dtype and
  # shape) last.
  python3 "$SCRIPT_DIR/hopper_report.py" "$RESULTS" --out "$OUT" --artifacts "$ARTIFACTS" 2>&1 |
    tee -a "$LOG"
else
  # No report: the per-run table is the short table.
  echo "$HEADER"
  for row in "${ROWS[@]}"; do echo "$row"; done
fi
{
  echo
  if [ "$FAILURES" -gt 0 ]; then
    echo "failed runs (full output in hopper-benchmark.log):"
    for row in "${FAILED_ROWS[@]}"; do echo "  $row"; done
  fi
  [ "${COUNT[skipped]:-0}" -gt 0 ] &&
    echo "note: ${COUNT[skipped]} run(s) not started: the ${DEADLINE}s deadline was reached" \
      "(raise DEADLINE, or narrow SHAPES or BUNDLES)"
  for entry in "${SKIPPED_BUNDLES[@]}"; do echo "note: ${entry%%$'\t'*} left out: ${entry#*$'\t'}"; done
  echo "hopper benchmark: ${#ROWS[@]} runs: ${COUNT[pass]:-0} pass, ${COUNT[not_divisible]:-0} not divisible," \
    "${COUNT[skipped]:-0} skipped, $FAILURES failure(s); $((SECONDS - START))s; files in $OUT"
} | tee -a "$LOG"
[ "$FAILURES" = 0 ]
