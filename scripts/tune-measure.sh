#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Measures a gemm-tune plan on the GPU machine (no LLVM/MLIR needed):
#
#   scripts/tune-measure.sh PLAN_DIR
#
# PLAN_DIR comes from `gemm-tune plan -o PLAN_DIR` on the build machine and
# holds bin/gemm-run, bundles/*/kernel.json and runs.tsv (one line per
# problem and candidate: name, dtype, M, N, K, bundle and, in plans since
# the transposed candidates, the problem's layouts "A,B,C", e.g.
# "row,row,row"). For each line it runs
#   gemm-run BUNDLE -m M -n N -k K [--layout-a A --layout-b B --layout-c C]
#            --iterations $ITERATIONS --warmup $WARMUP --json-out FILE
# (a kernel with every operand column-major runs the row-major problem as
# its transpose C^T = B^T*A^T; without the layouts gemm-run would give it
# column-major operands)
# (gemm-run checks against cuBLAS and fp64 and times kernel and cuBLAS
# interleaved in the same process) and writes PLAN_DIR/results.json:
#   {"format": "gemm-tune-results-1", "runs": [{"candidate": ..., "dtype": ...,
#    "m": ..., "n": ..., "k": ..., "exit_code": ..., "result": <gemm-run JSON>
#    or null}]}
# which `gemm-tune ingest PLAN_DIR PLAN_DIR/results.json` reads back here.
#
# Environment (optional): ITERATIONS (default 30), WARMUP (5), RUN_TIMEOUT
# seconds per run (120), DEADLINE seconds after which no new run starts (0 =
# none; the device tool allows 600 s per command), ONLY (an extended regular
# expression; only runs.tsv lines matching it run, e.g. ONLY=$'\tbf16\t' to
# split a long plan over two sessions), GEMM_RUN (default
# PLAN_DIR/bin/gemm-run), RESULTS (default PLAN_DIR/results.json).
# Exit status: 0 if every run passed, 1 if some failed or were skipped,
# 2 bad input.
set -uo pipefail

PLAN=${1:?usage: tune-measure.sh PLAN_DIR}
PLAN=${PLAN%/}
ITERATIONS=${ITERATIONS:-30}
WARMUP=${WARMUP:-5}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
DEADLINE=${DEADLINE:-0}
GEMM_RUN=${GEMM_RUN:-$PLAN/bin/gemm-run}
RESULTS=${RESULTS:-$PLAN/results.json}
ONLY=${ONLY:-}

[[ -f $PLAN/runs.tsv ]] || { echo "tune-measure: $PLAN/runs.tsv not found (run gemm-tune plan -o $PLAN)" >&2; exit 2; }
[[ -x $GEMM_RUN ]] || { echo "tune-measure: $GEMM_RUN is not executable" >&2; exit 2; }
# gemm-run links cuBLAS dynamically.
export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}/usr/local/cuda/lib64

mkdir -p "$PLAN/runs"
RUNLIST=$(mktemp) || exit 2
trap 'rm -f "$RUNLIST"' EXIT
if [[ -n $ONLY ]]; then
  grep -E -- "$ONLY" "$PLAN/runs.tsv" >"$RUNLIST"
else
  cp "$PLAN/runs.tsv" "$RUNLIST"
fi
total=$(wc -l <"$RUNLIST")
((total > 0)) || { echo "tune-measure: no runs to do (ONLY='$ONLY')" >&2; exit 2; }
index=0
failures=0
start=$SECONDS
{
  printf '{"format": "gemm-tune-results-1", "runs": [\n'
  while IFS=$'\t' read -r name dtype m n k bundle layouts; do
    index=$((index + 1))
    out=$PLAN/runs/$dtype-${m}x${n}x${k}-$name.json
    log=$PLAN/runs/$dtype-${m}x${n}x${k}-$name.log
    if ((DEADLINE > 0 && SECONDS - start > DEADLINE)); then
      code=124
      echo "skipped (deadline)" >"$log"
    else
      rm -f "$out"
      layout_args=()
      if [[ -n ${layouts:-} ]]; then
        IFS=, read -r layout_a layout_b layout_c <<<"$layouts"
        layout_args=(--layout-a "$layout_a" --layout-b "$layout_b" --layout-c "$layout_c")
      fi
      timeout "$RUN_TIMEOUT" "$GEMM_RUN" "$PLAN/$bundle" -m "$m" -n "$n" -k "$k" \
        "${layout_args[@]}" --iterations "$ITERATIONS" --warmup "$WARMUP" \
        --json-out "$out" >"$log" 2>&1 </dev/null
      code=$?
    fi
    ((code == 0)) || failures=$((failures + 1))
    ratio=$(grep -o '^ratio *: [0-9.]*' "$log" | grep -o '[0-9.]*$')
    printf '[%d/%d] %s %sx%sx%s exit %d %s\n' "$index" "$total" "$dtype" "$m" "$n" "$k" \
      "$code" "${ratio:+ratio $ratio }$name" >&2
    ((index > 1)) && printf ',\n'
    printf '{"candidate": "%s", "dtype": "%s", "m": %s, "n": %s, "k": %s, "exit_code": %d, "result": ' \
      "$name" "$dtype" "$m" "$n" "$k" "$code"
    if [[ -s $out ]]; then cat "$out"; else printf 'null'; fi
    printf '}'
  done <"$RUNLIST"
  printf '\n]}\n'
} >"$RESULTS"
echo "tune-measure: $index runs, $failures failed or skipped; results in $RESULTS" >&2
((failures == 0)) || exit 1
