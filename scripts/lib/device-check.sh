# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the device check scripts (layouts-clusters-check.sh,
# split-k-check.sh, tf32-check.sh, batched-check.sh).
#
#   check NAME EXPECTED_EXIT COMMAND...
#
# runs COMMAND under `timeout $CHECK_TIMEOUT` (default 300 s), logs its output
# to $CHECK_LOG_DIR/NAME.log, prints "PASS|FAIL rc=N NAME :: <the lines of the
# log matching $CHECK_DETAIL>" (also appended to $CHECK_RESULTS when set) and
# counts failures in $failures.
failures=0
check() {
  local name=$1 expected=$2
  shift 2
  timeout "${CHECK_TIMEOUT:-300}" "$@" >"$CHECK_LOG_DIR/$name.log" 2>&1
  local rc=$?
  local verdict=PASS
  [ "$rc" -eq "$expected" ] || { verdict=FAIL; failures=$((failures + 1)); }
  local detail
  detail=$(grep -E "${CHECK_DETAIL:-vs fp64|^ratio|SUMMARY|error:}" \
    "$CHECK_LOG_DIR/$name.log" | head -4 | tr -s ' ' | tr '\n' ' ')
  echo "$verdict rc=$rc $name :: ${detail:0:260}"
  if [ -n "${CHECK_RESULTS:-}" ]; then
    echo "$verdict rc=$rc $name :: ${detail:0:260}" >>"$CHECK_RESULTS"
  fi
}
