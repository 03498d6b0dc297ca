# Sourced, after scripts/lib/device-session.sh, by the one-call device
# scripts that keep a console and a log per step (scripts/sessions/session18-*):
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

# time_bundle NAME BUNDLE ARGS...: one timed gemm-run (40 iterations, 5
# warm-up) of $D/BUNDLE with ARGS, log in $WORK/NAME.log; prints its times,
# ratio, result and, for a bundle with a whole-tile variant, which kernel
# ran. A non-zero exit counts a failure.
time_bundle() {
  local name=$1 bundle=$2
  shift 2
  timeout 120 "$R" "$D/$bundle/kernel.json" "$@" --iterations 40 --warmup 5 \
    >"$WORK/$name.log" 2>&1 || failures=$((failures + 1))
  printf '%-58s %s %s\n' "$name" "$(grep -E '^(gemm-opt|cuBLAS   |ratio|result)' "$WORK/$name.log" |
    sed -E 's/ +\(median.*//; s/ cuBLAS throughput.*//; s/^[a-zA-Z-]+ *: //' | tr '\n' ' ')" \
    "$(grep -m1 -o 'ran [a-z -]*' "$WORK/$name.log")"
}

# sweep_seeds SEEDS...: for each seed, scripts/sweep.sh (200 cases) over
# device-artifacts with the cover bundles planned for it
# (device-artifacts/sweep-cover<seed>, else sweep-cover), results in
# $OUT_ROOT/sweep<seed>, log in $WORK/sweep<seed>.log; prints its summary
# lines and counts a failure on a non-zero exit.
sweep_seeds() {
  local seed cover
  for seed in "$@"; do
    echo "== sweep seed $seed"
    cover=sweep-cover$seed
    [ -d "$D/$cover" ] || cover=sweep-cover
    COVER=$cover OUT=$OUT_ROOT/sweep$seed SEED=$seed CASES=200 bash scripts/sweep.sh device-artifacts \
      >"$WORK/sweep$seed.log" 2>&1 || failures=$((failures + 1))
    grep -E "cancel|^passed|^refused|FAILED|gemm-sweep:" "$WORK/sweep$seed.log" | tail -15
  done
}

# compare_epilogue_rounds BUNDLE...: ROUNDS rounds; in each, every BUNDLE's
# fused bias + GELU at 8192x8192x4096 against cuBLAS + a separate kernel
# and cuBLASLt (gemm-run --compare-epilogue, 30 iterations), log in
# $WORK/BUNDLE.compare.rN.log; prints each pipeline's median ms.
compare_epilogue_rounds() {
  local round v
  for round in $(seq 1 "${ROUNDS:-2}"); do
    for v in "$@"; do
      timeout 200 "$R" "$D/$v/kernel.json" -m 8192 -n 8192 -k 4096 --bias --compare-epilogue \
        --iterations 30 >"$WORK/$v.compare.r$round.log" 2>&1 || failures=$((failures + 1))
      echo "-- $v r$round"
      grep -E "^\| (fused|unfused|cublaslt|cublas_gemm) " "$WORK/$v.compare.r$round.log" |
        awk -F'|' '{print $2, $4, $NF}'
    done
  done
}

# fused_args BUNDLE: the gemm-run flags a fused-epilogue bundle's name asks
# for (alpha/beta with bias and residual, or a bias).
fused_args() {
  case $1 in
    *alpha_beta*) echo "--bias --residual --alpha 1.5 --beta 0.5" ;;
    *bias*) echo "--bias" ;;
  esac
}

# random_problem: sets m, n, k (1 .. 3000) and lda, ldb, ldc (the packed
# pitch, a third of the time padded by 0 .. 16 elements) from $RANDOM.
random_problem() {
  m=$((1 + RANDOM % 3000)); n=$((1 + RANDOM % 3000)); k=$((1 + RANDOM % 3000))
  lda=$((k + (RANDOM % 3 == 0 ? RANDOM % 17 : 0)))
  ldb=$((n + (RANDOM % 3 == 0 ? RANDOM % 17 : 0)))
  ldc=$((n + (RANDOM % 3 == 0 ? RANDOM % 17 : 0)))
}

# time_interleaved SHAPES SPEC...: ROUNDS rounds; in each, every shape,
# and at it every SPEC ("bundle" or "bundle:extra args:..." with colons
# for spaces; "NAME=bundle..." labels the line NAME) timed by time_bundle.
time_interleaved() {
  local shapes=$1 round s m n k spec name bundle extra
  shift
  for round in $(seq 1 "${ROUNDS:-2}"); do
    for s in $shapes; do
      IFS=x read -r m n k _ <<<"$s"
      for spec in "$@"; do
        name=${spec%%=*}
        [ "$name" = "$spec" ] && name=${spec%%:*}
        spec=${spec#*=}
        read -r bundle extra <<<"${spec//:/ }"
        # shellcheck disable=SC2086
        time_bundle "$name.$s.r$round" "$bundle" -m "$m" -n "$n" -k "$k" $extra
      done
    done
  done
}

NCU_BIN=${NCU_BIN:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}

# ncu_report NAME SECTIONS LINES BUNDLE ARGS...: one launch of BUNDLE under
# ncu with the comma-separated SECTIONS (and NCU_FLAGS, e.g.
# "--clock-control none"); prints the lines matching LINES (and the
# profiled kernel's name). With NCU_KERNEL (a regex, e.g. 'xmma|nvjet') it
# profiles the first kernel of that name instead: gemm-run checks BUNDLE
# against cuBLAS once, so that is cuBLAS's kernel for the same problem.
ncu_report() {
  local name=$1 sections=$2 lines=$3 bundle=$4 section
  shift 4
  local flags=()
  for section in ${sections//,/ }; do flags+=(--section "$section"); done
  local run=(--iterations 1 --warmup 0 --no-cublas)
  [ -n "${NCU_KERNEL:-}" ] && flags+=(-k "regex:$NCU_KERNEL" -c 1) && run=(--iterations 1 --warmup 0 --no-timing)
  # shellcheck disable=SC2086
  timeout 300 "$NCU_BIN" ${NCU_FLAGS:-} "${flags[@]}" "$R" "$D/$bundle/kernel.json" "$@" \
    "${run[@]}" >"$WORK/ncu.$name.log" 2>&1 || failures=$((failures + 1))
  echo "-- $name"
  grep -E "^  [A-Za-z_0-9]+.*\(.*\)x\(|$lines" "$WORK/ncu.$name.log" | head -60
}

# check_shapes BUNDLE [SEED] CASES ARGS...: one untimed gemm-run check of
# $D/BUNDLE (logged_check) per word of CASES, SHAPE[:FLAG:VALUE...] with
# SHAPE MxNxK or MxNxKxBATCH, each with ARGS (and --seed SEED where given:
# a number, where CASES always has an x).
check_shapes() {
  local bundle=$1 seed="" cases c shape more m n k b
  shift
  if [[ $1 =~ ^[0-9]+$ ]]; then
    seed=$1
    shift
  fi
  cases=$1
  shift
  for c in $cases; do
    read -r shape more <<<"${c//:/ }"
    IFS=x read -r m n k b <<<"$shape"
    # shellcheck disable=SC2086
    logged_check "$bundle.$shape${more:+.$(echo $more | tr -d ' -')}" "$R" "$D/$bundle/kernel.json" \
      -m "$m" -n "$n" -k "$k" ${b:+--batch $b} $more "$@" ${seed:+--seed $seed} --no-timing
  done
}

# cases_for CASES ARGS...: CASES (check_shapes cases, the residual-offset
# one last) less that last case where ARGS ask for no residual (gemm-run
# refuses the flag for such a kernel).
cases_for() {
  local cases=$1
  shift
  [[ " $* " == *" --residual "* ]] && echo "$cases" || echo "${cases% *}"
}

# sanitize_checks BUNDLE VARIANTS ARGS...: memcheck and racecheck of one
# untimed gemm-run of $D/BUNDLE with ARGS, for each word of VARIANTS: extra
# arguments with colons for spaces ("--ldc:303"), "-" for none.
sanitize_checks() {
  local bundle=$1 variants=$2 tool variant more
  shift 2
  for tool in memcheck racecheck; do
    for variant in $variants; do
      more=${variant//:/ }
      [ "$variant" = - ] && more=""
      # shellcheck disable=SC2086
      logged_check "$bundle.$tool${more:+.$(echo $more | tr -d ' -')}" "$SAN" --tool $tool \
        --error-exitcode 86 "$R" "$D/$bundle/kernel.json" $more "$@" \
        --no-timing --iterations 1 --no-cublas
    done
  done
}

# time_variants LIST SUFFIX...: two interleaved rounds; in each, every line
# BUNDLE:SHAPE:ARGS of LIST (SHAPE MxNxK or MxNxKxBATCH) timed with
# time_bundle for BUNDLE and for each BUNDLE<SUFFIX> that was compiled for
# the call (an empty SUFFIX is BUNDLE itself).
time_variants() {
  local list=$1 round bundle shape extra m n k bt suffix
  shift
  for round in 1 2; do
    while IFS=: read -r bundle shape extra; do
      IFS=x read -r m n k bt <<<"$shape"
      for suffix in "$@"; do
        [ -d "$D/$bundle$suffix" ] || continue
        # shellcheck disable=SC2086
        time_bundle "$bundle$suffix.$shape.r$round" "$bundle$suffix" -m "$m" -n "$n" -k "$k" \
          ${bt:+--batch $bt} $extra
      done
    done <<<"$list"
  done
}

# wants PART: whether PART is one of the words of $PARTS (the parts of a
# session script the caller asked for).
wants() { [[ " ${PARTS:-} " == *" $1 "* ]]; }

# finish_logged_session ARCHIVE: prints the failure count, moves the
# sweeps' folders (sweep_seeds) beside the step logs and packs them all
# into $OUT_ROOT/ARCHIVE (the device tool returns few files).
finish_logged_session() {
  echo "failures: $failures"
  mv "$OUT_ROOT"/sweep* "$WORK"/ 2>/dev/null
  tar czf "$OUT_ROOT/$1" -C "$WORK" . 2>/dev/null
}
