# Sourced by the one-call device scripts that check and time bundles under a
# wall-time budget (scripts/sessions/session{7,8}-simt*-device-run.sh, session9-*,
# scripts/sessions/session8-tf32-device-run.sh), after scripts/lib/device-check.sh.
# Expects START and BUDGET (seconds), D (the artifacts), R (gemm-run),
# CHECK_LOG_DIR and a `skipped` counter.

# fits SECONDS: whether a step of about that long fits in what is left.
fits() { [ $((SECONDS - START + $1)) -le "$BUDGET" ]; }

# run_check NAME EXPECTED SECONDS CMD...: `check` when it fits, else SKIP.
run_check() {
  local name=$1 expected=$2 seconds=$3
  shift 3
  if fits "$seconds"; then
    # A hung kernel may take 4x the step's time, never the rest of the budget.
    local left=$((BUDGET - SECONDS + START))
    CHECK_TIMEOUT=$((4 * seconds < left ? 4 * seconds : left)) \
      check "$name" "$expected" "$@"
  else
    echo "SKIP $name (budget)"
    skipped=$((skipped + 1))
  fi
}

# tile BUNDLE: "M N K" of the bundle's requires_divisible (its block tile).
tile() {
  python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["kernels"][0]["requires_divisible"]; print(t["m"], t["n"], t["k"])' \
    "$D/$1/kernel.json" 2>/dev/null ||
    grep -A3 '"requires_divisible"' "$D/$1/kernel.json" | tr -dc '0-9\n' | sed '/^$/d' |
    awk 'NR==1{k=$1} NR==2{m=$1} NR==3{n=$1} END{print m, n, k}'
}

# edge_cases BUNDLE [REFUSALS] [SECONDS]: one K tile, two, 37, padded
# leading dimensions (SECONDS each, default 5); REFUSALS=1 adds the ragged
# and 1x1x1 problems, which whole-tile kernels must refuse with exit code 2.
edge_cases() {
  local b=$1 refusals=${2:-0} seconds=${3:-5} bm bn bk
  read -r bm bn bk <<<"$(tile "$b")"
  local j=$D/$b/kernel.json
  run_check "$b.one-tile" 0 "$seconds" "$R" "$j" -m "$bm" -n "$bn" -k "$bk" --no-timing
  run_check "$b.two-k-tiles" 0 "$seconds" "$R" "$j" -m $((2 * bm)) -n "$bn" -k $((2 * bk)) --no-timing
  run_check "$b.37-k-tiles" 0 "$seconds" "$R" "$j" -m $((3 * bm)) -n $((5 * bn)) -k $((37 * bk)) --no-timing
  run_check "$b.padded" 0 "$seconds" "$R" "$j" -m $((2 * bm)) -n $((2 * bn)) -k $((4 * bk)) \
    --lda $((4 * bk + 4)) --ldb $((2 * bn + 8)) --ldc $((2 * bn + 4)) --no-timing
  if [ "$refusals" = 1 ]; then
    run_check "$b.ragged" 2 "$seconds" "$R" "$j" -m 4097 -n 4095 -k 4093 --no-timing
    run_check "$b.1x1x1" 2 "$seconds" "$R" "$j" -m 1 -n 1 -k 1 --no-timing
  fi
}

# timing_fields LOG: a timed gemm-run log's TFLOP/s, cuBLAS TFLOP/s, ratio,
# registers, blocks per SM and PASS/FAIL, space-separated ("-" where the log
# has none, so the columns stay put when the caller word-splits them).
timing_fields() {
  local log=$1 field
  for field in "$(awk '/^gemm-opt :/{print $5}' "$log")" \
    "$(awk '/^cuBLAS   :/{print $5}' "$log")" \
    "$(awk '/^ratio    :/{print $3}' "$log" | tr -d x)" \
    "$(sed -n 's/^launch .* \([0-9]*\) regs.*/\1/p' "$log")" \
    "$(sed -n 's/^launch .* \([0-9]*\) block(s)\/SM.*/\1/p' "$log")" \
    "$(grep -q '^result   : PASS' "$log" && echo PASS || echo FAIL)"; do
    printf '%s ' "${field:--}"
  done
}

# sanitize BUNDLE KERNEL SECONDS: compute-sanitizer memcheck at 512^3 and
# racecheck at 256^3 on the bundle's kernel KERNEL (SAN: compute-sanitizer);
# a missing bundle counts as a failure.
sanitize() {
  local b=$1 kernel=$2 seconds=$3
  if [ ! -d "$D/$b" ]; then
    echo "FAIL no bundle $b"
    failures=$((failures + 1))
    return
  fi
  local filter=(--kernel-name "kns=$kernel")
  run_check "$b.memcheck" 0 "$seconds" "$SAN" --tool memcheck --error-exitcode 86 \
    "${filter[@]}" "$R" "$D/$b/kernel.json" -m 512 -n 512 -k 512 \
    --no-timing --iterations 1 --no-cublas
  run_check "$b.racecheck" 0 "$seconds" "$SAN" --tool racecheck --error-exitcode 86 \
    "${filter[@]}" "$R" "$D/$b/kernel.json" -m 256 -n 256 -k 256 \
    --no-timing --iterations 1 --no-cublas
}

# timed_round BUNDLE SHAPE ROUND SECONDS: one timed gemm-run of BUNDLE at
# SHAPE (MxNxK; ITER runs after 5 warm-up runs) and its row in $TABLE:
# bundle, shape, round, then timing_fields.
timed_round() {
  local b=$1 s=$2 round=$3 seconds=$4 m n k
  IFS=x read -r m n k <<<"$s"
  run_check "$b.$s.r$round" 0 "$seconds" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
    --iterations "$ITER" --warmup 5
  local log=$CHECK_LOG_DIR/$b.$s.r$round.log
  [ -f "$log" ] || return
  # shellcheck disable=SC2046
  printf '%-52s %-15s r%s %8s %8s %7s %5s %5s %s\n' "$b" "$s" "$round" \
    $(timing_fields "$log") >>"$TABLE"
}

# shape_checks BUNDLE SECONDS SHAPE...: BUNDLE at each MxNxK SHAPE checked
# against cuBLAS and fp64, no timing (SECONDS each); a missing bundle is
# skipped (the caller reports it).
shape_checks() {
  local b=$1 seconds=$2 s m n k
  shift 2
  [ -f "$D/$b/kernel.json" ] || return
  for s in "$@"; do
    IFS=x read -r m n k <<<"$s"
    run_check "$b.$s" 0 "$seconds" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
  done
}
