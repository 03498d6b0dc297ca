# Sourced first by the one-call device scripts that check and time bundles
# under a budget (scripts/candidates-device-run.sh, scripts/sessions/session{7,8,9,10}-
# *-device-run.sh), from the repository root, with NAME set (and
# CHECK_DETAIL, the log lines a verdict quotes, where the default does not
# fit): the GPU and the bundles' commit
# (scripts/lib/device-session.sh), the time budget (START, BUDGET, default
# 540 s), ITER and ROUNDS for timed rows, a work folder W with the check logs
# (CHECK_LOG_DIR) and their verdicts (CHECK_RESULTS), the check helpers
# (scripts/lib/device-check.sh, scripts/lib/budgeted-checks.sh), the tools
# (R: gemm-run, SAN: compute-sanitizer, NCU_BIN: ncu), an empty timing
# table TABLE and the `skipped` counter; and, for the end of a call,
# print_timing_table, print_ncu_summaries and finish_session (below).
source scripts/lib/device-session.sh
START=$SECONDS
BUDGET=${BUDGET:-540}
ITER=${ITER:-40}
ROUNDS=${ROUNDS:-2}
W=$(mktemp -d "${TMPDIR:-/tmp}/$NAME.XXXXXX")
CHECK_LOG_DIR=$W/logs
CHECK_DETAIL=${CHECK_DETAIL:-"vs cuBLAS|vs fp64|^ratio|SUMMARY|error:"}
CHECK_RESULTS=$W/checks.txt
mkdir -p "$CHECK_LOG_DIR" "$OUT"
source scripts/lib/device-check.sh
source scripts/lib/budgeted-checks.sh
NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
TABLE=$W/timing.txt
: >"$TABLE"
skipped=0

# print_timing_table [SORT_KEYS...]: the timing table's header and TABLE's
# rows (sorted by bundle, shape, round unless keys are given).
print_timing_table() {
  echo "TFLOP/s (median), cuBLAS in the same process, ratio, registers, blocks/SM"
  printf '%-52s %-15s %2s %8s %8s %7s %5s %5s %s\n' bundle shape rd TFLOP/s cuBLAS ratio regs b/SM result
  [ $# -gt 0 ] || set -- -k1,1 -k2,2 -k3,3
  sort "$@" "$TABLE"
}

# print_ncu_summaries: one summary per ncu CSV in W (scripts/lib/ncu-summary.py).
print_ncu_summaries() {
  local f
  for f in "$W"/ncu.*.csv; do
    [ -f "$f" ] || continue
    echo "-- $(basename "$f")"
    scripts/lib/ncu-summary.py "$f"
  done
}

# finish_session [MEMBERS...]: once W/summary.txt is written, copies it to
# OUT, packs MEMBERS of W (default all) into OUT/NAME.tar.gz, prints it and
# removes W; the status says whether every check passed (with
# FAIL_ON_SKIPS=1, also none skipped for the budget).
finish_session() {
  cp "$W/summary.txt" "$OUT/summary.txt"
  tar czf "$OUT/$NAME.tar.gz" -C "$W" "${@:-.}"
  cat "$W/summary.txt"
  rm -rf "$W"
  [ "$failures" -eq 0 ] && { [ "${FAIL_ON_SKIPS:-0}" != 1 ] || [ "$skipped" -eq 0 ]; }
}
