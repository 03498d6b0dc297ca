# Sourced, after scripts/lib/device-session.sh, by the one-call device
# scripts that keep a console and a log per step (scripts/session18-*):
# OUT_ROOT is the caller's $OUT, WORK a scratch folder for the step logs,
# and everything printed from here on is also written to
# $OUT_ROOT/${CONSOLE:-console.txt}. `failures` counts failed steps.
OUT_ROOT=$OUT
WORK=$(mktemp -d)
exec > >(tee "$OUT_ROOT/${CONSOLE:-console.txt}") 2>&1
failures=0

# logged_check NAME CMD...: runs CMD (at most 120 s) with its output in
# $WORK/NAME.log, prints ok or FAIL with the log's result and sanitizer
# summary lines, and counts a failure on a non-zero exit.
logged_check() {
  local name=$1
  shift
  timeout 120 "$@" >"$WORK/$name.log" 2>&1
  local rc=$?
  echo "$([ $rc = 0 ] && echo ok || echo FAIL) $name rc=$rc $(grep -E '^result|ERROR SUMMARY|RACECHECK SUMMARY' "$WORK/$name.log" | tr '\n' ' ')"
  [ $rc = 0 ] || failures=$((failures + 1))
}
