#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The device session: runs prebuilt gemm-opt kernels on a GPU machine that has
# no LLVM/MLIR and no network, with the repository copied to the current
# directory and $OUT an output folder.
#
#   scripts/device-session.sh [ARTIFACTS]     (default: device-artifacts/)
#
# ARTIFACTS holds bin/gemm-run (built elsewhere, see
# scripts/prepare-device-artifacts.sh) and bundles */kernel.json with their
# cubin/PTX. For every bundle it runs
#   - gemm-run at each shape of $SHAPES (checked against cuBLAS and fp64,
#     timed against cuBLAS),
#   - each compute-sanitizer tool of $SANITIZER_TOOLS, $SANITIZER_REPEAT
#     times, at $SANITIZER_SHAPE (--no-timing --iterations 1 --no-cublas:
#     checked against fp64 only),
# writes logs and JSON results to $OUT and prints a table last. One failure
# never stops the session; the exit status is non-zero if anything failed.
# A bundle directory may hold a file `expected-exit-code` (e.g. 1 for a
# deliberately broken kernel); its runs then pass when gemm-run exits so.
#
# Environment (all optional):
#   OUT              output folder (default: ./device-session-out)
#   BUNDLES          globs on bundle names, to run only those (default: "*";
#                    e.g. "gemm_*wgmma* wgmma_*" for the Hopper schedules)
#   SHAPES           "MxNxK ..." (default: "4096x4096x4096 2048x8192x1024")
#   SANITIZER_SHAPE  MxNxK for compute-sanitizer (default: 512x512x512)
#   SANITIZE         0 to skip compute-sanitizer (default: 1)
#   SANITIZER_TOOLS  compute-sanitizer tools (default: "memcheck racecheck";
#                    also synccheck, initcheck)
#   SANITIZER_REPEAT runs of each tool per bundle (default: 1; 2 or more
#                    for races that show up in some runs only)
#   ITERATIONS       timed runs per GEMM (default: 50)
#   WARMUP           warm-up runs per GEMM (default: 5)
#   RUN_TIMEOUT      seconds per gemm-run (default: 300)
#   SANITIZER_TIMEOUT seconds per compute-sanitizer run (default: 900)
#   GEMM_RUN         gemm-run to use (default: ARTIFACTS/bin/gemm-run)
#
# Files in $OUT (few on purpose: some transports return only a handful):
#   summary.txt      the table printed at the end
#   results.json     every gemm-run JSON result, in one array
#   session.log      environment, every command and its full output
#   runs.tar.gz      the individual logs and JSON files

set -uo pipefail

cd "$(dirname "$0")/.." || exit 2
ARTIFACTS=${1:-device-artifacts}
OUT=${OUT:-$PWD/device-session-out}
SHAPES=${SHAPES:-"4096x4096x4096 2048x8192x1024"}
SANITIZER_SHAPE=${SANITIZER_SHAPE:-512x512x512}
SANITIZE=${SANITIZE:-1}
SANITIZER_TOOLS=${SANITIZER_TOOLS:-"memcheck racecheck"}
SANITIZER_REPEAT=${SANITIZER_REPEAT:-1}
BUNDLES=${BUNDLES:-"*"}
ITERATIONS=${ITERATIONS:-50}
WARMUP=${WARMUP:-5}
RUN_TIMEOUT=${RUN_TIMEOUT:-300}
SANITIZER_TIMEOUT=${SANITIZER_TIMEOUT:-900}
GEMM_RUN=${GEMM_RUN:-$ARTIFACTS/bin/gemm-run}

mkdir -p "$OUT" || exit 2
RUNS=$(mktemp -d "${TMPDIR:-/tmp}/device-session.XXXXXX") || exit 2
mkdir -p "$RUNS/runs"
SESSION_LOG=$OUT/session.log
SUMMARY=$OUT/summary.txt
: >"$SESSION_LOG"
ROWS=()      # table rows
FAILURES=0

log() { echo "$*" | tee -a "$SESSION_LOG"; }

# Appends a file to the session log under a header.
append_log() {
  {
    echo "----- $1 -----"
    cat "$2" 2>/dev/null
    echo
  } >>"$SESSION_LOG"
}

# json_get FILE EXPR: a value from a gemm-run JSON result ("-" if absent).
json_get() {
  if command -v python3 >/dev/null 2>&1; then
    python3 - "$1" "$2" <<'PY' 2>/dev/null || echo "-"
import json, sys
try:
    value = json.load(open(sys.argv[1]))
    for key in sys.argv[2].split("."):
        value = value[key]
except Exception:
    print("-")
    sys.exit(0)
if isinstance(value, bool):
    print("yes" if value else "no")
elif isinstance(value, float):
    print(f"{value:.3g}" if abs(value) < 0.01 else f"{value:.3f}".rstrip("0").rstrip("."))
elif value is None:
    print("-")
else:
    print(value)
PY
  else
    echo "-"
  fi
}

# Kernel names of a bundle, for compute-sanitizer's kernel filter.
bundle_kernels() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; print(" ".join(k["name"] for k in json.load(open(sys.argv[1]))["kernels"]))' \
      "$1" 2>/dev/null
  fi
}

run_with_timeout() {
  local seconds=$1
  shift
  if command -v timeout >/dev/null 2>&1; then
    timeout --kill-after=30 "$seconds" "$@"
  else
    "$@"
  fi
}

# --- environment ------------------------------------------------------------
log "== gemm-opt device session, $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
log "artifacts: $ARTIFACTS ($(cat "$ARTIFACTS/COMMIT" 2>/dev/null || echo 'no COMMIT file'))"
log "output:    $OUT"
# shellcheck source=scripts/gemm-run-check.sh
source scripts/gemm-run-check.sh
check_gemm_run "$GEMM_RUN" "$SESSION_LOG"

# Bundles whose names match one of the globs of $BUNDLES.
read -r -a BUNDLE_PATTERNS <<<"$BUNDLES"
BUNDLE_FILES=()
shopt -s nullglob
for bundle in "$ARTIFACTS"/*/kernel.json; do
  name=$(basename "$(dirname "$bundle")")
  # Transpose bundles are for transpose-run (scripts/transpose-session.sh).
  grep -q '"kind": "transpose"' "$bundle" && continue
  # Grouped GEMM bundles: gemm-run does not run them yet (it refuses them).
  grep -q '"grouped":' "$bundle" && continue
  for pattern in "${BUNDLE_PATTERNS[@]}"; do
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    if [[ $name == $pattern ]]; then
      BUNDLE_FILES+=("$bundle")
      break
    fi
  done
done
shopt -u nullglob
if [ ${#BUNDLE_FILES[@]} -eq 0 ]; then
  log "FATAL: no bundles ($ARTIFACTS/*/kernel.json with a name matching BUNDLES=\"$BUNDLES\")"
  exit 2
fi
if ! [[ $SANITIZER_REPEAT =~ ^[1-9][0-9]*$ ]]; then
  log "FATAL: SANITIZER_REPEAT=$SANITIZER_REPEAT is not a positive integer"
  exit 2
fi
log "bundles:   ${#BUNDLE_FILES[@]} (BUNDLES=\"$BUNDLES\"); shapes: $SHAPES"
[ "$SANITIZE" = 1 ] &&
  log "sanitizer: $SANITIZER_TOOLS, ${SANITIZER_REPEAT}x each, at $SANITIZER_SHAPE"

SANITIZER=""
if [ "$SANITIZE" = 1 ]; then
  SANITIZER=$(command -v compute-sanitizer || true)
  [ -z "$SANITIZER" ] && [ -x /usr/local/cuda/bin/compute-sanitizer ] &&
    SANITIZER=/usr/local/cuda/bin/compute-sanitizer
  [ -z "$SANITIZER" ] && log "WARNING: compute-sanitizer not found; sanitizer runs are recorded as MISSING"
fi

# --- gemm-run at each shape -------------------------------------------------
for bundle in "${BUNDLE_FILES[@]}"; do
  dir=$(dirname "$bundle")
  name=$(basename "$dir")
  expected=0
  [ -f "$dir/expected-exit-code" ] && expected=$(tr -dc '0-9' <"$dir/expected-exit-code")
  for shape in $SHAPES; do
    IFS=x read -r m n k <<<"$shape"
    stem="$RUNS/runs/$name.$shape"
    cmd=("$GEMM_RUN" "$bundle" -m "$m" -n "$n" -k "$k" --iterations "$ITERATIONS"
      --warmup "$WARMUP" --json-out "$stem.json")
    echo "+ ${cmd[*]}" >"$stem.log"
    run_with_timeout "$RUN_TIMEOUT" "${cmd[@]}" >>"$stem.log" 2>&1
    rc=$?
    append_log "$name $shape (exit $rc)" "$stem.log"
    if [ "$rc" = "$expected" ]; then
      verdict=PASS
      [ "$expected" != 0 ] && verdict="PASS(expected $expected)"
    else
      verdict=FAIL
      FAILURES=$((FAILURES + 1))
    fi
    [ "$rc" = 124 ] && verdict="FAIL(timeout)"
    if [ -f "$stem.json" ]; then
      ROWS+=("$(printf '%-28s %-16s %-18s %4s %9s %9s %6s %10s %10s' "$name" "$shape" "$verdict" "$rc" \
        "$(json_get "$stem.json" timing.gemm_opt.tflops)" \
        "$(json_get "$stem.json" timing.cublas.tflops)" \
        "$(json_get "$stem.json" timing.ratio_to_cublas)" \
        "$(json_get "$stem.json" validation.vs_cublas.relative_frobenius)" \
        "$(json_get "$stem.json" validation.vs_fp64.relative_frobenius)")")
    else
      ROWS+=("$(printf '%-28s %-16s %-18s %4s  (no JSON; see session.log)' "$name" "$shape" "$verdict" "$rc")")
    fi
    echo "${ROWS[-1]}"
  done
done

# --- compute-sanitizer ------------------------------------------------------
SAN_ROWS=()
declare -A SAN_PASS=() SAN_RUNS=()
# tally TOOL VERDICT: counts a sanitizer run; anything but PASS is a failure.
tally() {
  SAN_RUNS[$1]=$((${SAN_RUNS[$1]:-0} + 1))
  if [ "$2" = PASS ]; then
    SAN_PASS[$1]=$((${SAN_PASS[$1]:-0} + 1))
  else
    FAILURES=$((FAILURES + 1))
  fi
}
if [ "$SANITIZE" = 1 ]; then
  IFS=x read -r m n k <<<"$SANITIZER_SHAPE"
  # Unknown tools are reported once (a failure) instead of per bundle.
  TOOLS=()
  for tool in $SANITIZER_TOOLS; do
    case "$tool" in
      memcheck | racecheck | synccheck | initcheck) TOOLS+=("$tool") ;;
      *)
        SAN_ROWS+=("$(printf '%-28s %-10s %-5s %-14s %s' "(all)" "$tool" "-" "$SANITIZER_SHAPE" \
          "FAIL  unknown tool (memcheck, racecheck, synccheck, initcheck)")")
        echo "${SAN_ROWS[-1]}"
        tally "$tool" FAIL
        ;;
    esac
  done
  for bundle in "${BUNDLE_FILES[@]}"; do
    dir=$(dirname "$bundle")
    name=$(basename "$dir")
    expected=0
    [ -f "$dir/expected-exit-code" ] && expected=$(tr -dc '0-9' <"$dir/expected-exit-code")
    filter=()
    for kernel in $(bundle_kernels "$bundle"); do
      filter+=(--kernel-name "kns=$kernel")
      break # compute-sanitizer takes one filter; bundles hold one kernel
    done
    for tool in "${TOOLS[@]}"; do
      for ((run = 1; run <= SANITIZER_REPEAT; run++)); do
        stem="$RUNS/runs/$name.$tool.run$run"
        runlabel="$run/$SANITIZER_REPEAT"
        if [ -z "$SANITIZER" ]; then
          SAN_ROWS+=("$(printf '%-28s %-10s %-5s %-14s %s' "$name" "$tool" "$runlabel" "$SANITIZER_SHAPE" "MISSING")")
          tally "$tool" MISSING
          continue
        fi
        # --no-cublas: the check is against fp64 only, since racecheck fails
        # with an internal error on cuBLAS's Hopper kernels; the filter keeps
        # the sanitizer on the bundle's kernel.
        cmd=("$SANITIZER" --tool "$tool" --error-exitcode 86 "${filter[@]}"
          "$GEMM_RUN" "$bundle" -m "$m" -n "$n" -k "$k" --no-timing --iterations 1
          --no-cublas)
        echo "+ ${cmd[*]}" >"$stem.log"
        run_with_timeout "$SANITIZER_TIMEOUT" "${cmd[@]}" >>"$stem.log" 2>&1
        rc=$?
        append_log "$name $tool run $runlabel (exit $rc)" "$stem.log"
        summary=$(grep -E "(ERROR|RACECHECK) SUMMARY" "$stem.log" | tail -1 | sed 's/^=* *//')
        [ "$rc" = 124 ] && summary="timed out after ${SANITIZER_TIMEOUT}s"
        # gemm-run's own verdict (e.g. 1 for a deliberately broken kernel) is
        # accepted; sanitizer findings (86) or errors in the summary are not.
        if [ "$rc" = 86 ] || [ "$rc" = 124 ] ||
          echo "$summary" | grep -qE "SUMMARY: [1-9]|\([1-9][0-9]* error"; then
          verdict=FAIL
        elif [ "$rc" = 0 ] || [ "$rc" = "$expected" ]; then
          verdict=PASS
        else
          verdict=FAIL
        fi
        tally "$tool" "$verdict"
        SAN_ROWS+=("$(printf '%-28s %-10s %-5s %-14s %-5s exit %-3s %s' "$name" "$tool" "$runlabel" "$SANITIZER_SHAPE" "$verdict" "$rc" "$summary")")
        echo "${SAN_ROWS[-1]}"
      done
    done
  done
fi

# --- results ----------------------------------------------------------------
if command -v python3 >/dev/null 2>&1; then
  python3 - "$RUNS/runs" "$OUT/results.json" <<'PY' || true
import glob, json, os, sys
results = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    try:
        result = json.load(open(path))
    except Exception as error:
        result = {"status": "unreadable", "error": str(error)}
    result["file"] = os.path.basename(path)
    results.append(result)
json.dump(results, open(sys.argv[2], "w"), indent=2)
PY
else
  { echo "["; first=1; for f in "$RUNS"/runs/*.json; do
      [ $first = 1 ] || echo ","; first=0; cat "$f"; done; echo "]"; } >"$OUT/results.json"
fi
tar -C "$RUNS" -czf "$OUT/runs.tar.gz" runs 2>>"$SESSION_LOG" || true
rm -rf "$RUNS"

{
  echo
  echo "== gemm-run ($ITERATIONS timed runs, L2 flushed; errors are relative Frobenius)"
  printf '%-28s %-16s %-18s %4s %9s %9s %6s %10s %10s\n' bundle shape verdict exit \
    "TFLOP/s" "cuBLAS" ratio "vs cuBLAS" "vs fp64"
  for row in "${ROWS[@]}"; do echo "$row"; done
  if [ ${#SAN_ROWS[@]} -gt 0 ]; then
    echo
    echo "== compute-sanitizer ($SANITIZER_TOOLS; ${SANITIZER_REPEAT}x each; at $SANITIZER_SHAPE)"
    printf '%-28s %-10s %-5s %-14s %-5s %-8s %s\n' bundle tool run shape verdict exit summary
    for row in "${SAN_ROWS[@]}"; do echo "$row"; done
    for tool in $SANITIZER_TOOLS; do
      [ -n "${SAN_RUNS[$tool]:-}" ] &&
        printf '  %-10s %d/%d runs passed\n' "$tool" "${SAN_PASS[$tool]:-0}" "${SAN_RUNS[$tool]}"
    done
  fi
  echo
  if [ "$FAILURES" = 0 ]; then
    echo "device session: all passed"
  else
    echo "device session: $FAILURES failure(s); details in $SESSION_LOG"
  fi
} >"$SUMMARY"
cat "$SUMMARY" | tee -a "$SESSION_LOG"
[ "$FAILURES" = 0 ]
