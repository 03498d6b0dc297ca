# Sourced first by the one-call device scripts that check and time bundles
# under a budget (scripts/candidates-device-run.sh, scripts/session{7,8,9,10}-
# *-device-run.sh), from the repository root, with NAME set (and
# CHECK_DETAIL, the log lines a verdict quotes, where the default does not
# fit): the GPU and the bundles' commit
# (scripts/lib/device-session.sh), the time budget (START, BUDGET, default
# 540 s), ITER and ROUNDS for timed rows, a work folder W with the check logs
# (CHECK_LOG_DIR) and their verdicts (CHECK_RESULTS), the check helpers
# (scripts/lib/device-check.sh, scripts/lib/budgeted-checks.sh), the tools
# (R: gemm-run, SAN: compute-sanitizer, NCU_BIN: ncu), an empty timing
# table TABLE and the `skipped` counter.
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
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
R=$D/bin/gemm-run
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
NCU_BIN=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
TABLE=$W/timing.txt
: >"$TABLE"
skipped=0
