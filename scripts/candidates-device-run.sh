#!/usr/bin/env bash
# One device call that checks and times candidate kernels next to controls
# (session 10 on; the session scripts set the lists and call this):
#   NEW       bundles to check on EDGE shapes and with a C pitch TMA cannot
#             take (against cuBLAS and fp64) and
#             to sanitize (SANITIZE: the first NEW bundle by default;
#             memcheck, racecheck at 256³ and at 640x768x640);
#   WHOLE     bundles that take whole tiles only (fused epilogues): the
#             edge cases of scripts/lib/budgeted-checks.sh (ragged shapes
#             refused) and WHOLE_SHAPES, with WHOLE_ARGS (e.g. alpha and
#             beta) there;
#   CONTROLS  bundles timed beside them;
#   TIMED     MxNxK shapes timed for NEW and CONTROLS, or for TIMED_BUNDLES
#             where set (ROUNDS interleaved rounds of ITER runs, L2 flushed,
#             cuBLAS in the same process);
#   NCU       bundles profiled at NCU_SHAPE, or at each of NCU_SHAPES (clock
#             control off: duration, SM clock, SM/L2 throughput, DRAM
#             bytes), cuBLAS's kernel with them;
#   NCU_SOURCE bundles whose warp stalls ncu samples per SASS instruction at
#             NCU_SHAPE (ncu-source.<bundle>.csv.gz in the results: the
#             source page with the SASS, and the warp-state section;
#             summarized by scripts/lib/ncu-stalls.py);
#   NAME      the results' name: $OUT/$NAME.tar.gz and $OUT/summary.txt.
# Bundles are prepared here by scripts/prepare-device-artifacts.sh (ONLY).
set -u
cd "$(dirname "$0")/.." || exit 2
NAME=${NAME:-candidates}
EDGE=${EDGE:-"4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 256x4096x512"}
TIMED=${TIMED:-"4096x4096x4096 8192x8192x8192"}
NCU_SHAPE=${NCU_SHAPE:-4096x4096x4096}
read -r -a NEW_LIST <<<"${NEW:-}"
SANITIZE=${SANITIZE-${NEW_LIST[0]:-}}
source scripts/lib/budgeted-session.sh
source scripts/lib/ncu-source.sh
for b in ${NEW:-} ${CONTROLS:-}; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); }
done

echo "== 1. edge shapes"
for b in ${NEW:-}; do
  # shellcheck disable=SC2086
  shape_checks "$b" 10 $EDGE
  # A pitch of C that TMA cannot take (N + 1 elements): the epilogue copies
  # its staging tile to C with the threads.
  [ -f "$D/$b/kernel.json" ] &&
    run_check "$b.ldc-unaligned" 0 10 "$R" "$D/$b/kernel.json" \
      -m 1000 -n 1300 -k 2000 --ldc 1301 --no-timing
done

WHOLE_SHAPES=${WHOLE_SHAPES:-"1024x1280x2048 896x4864x4096 640x768x640"}
for b in ${WHOLE:-}; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); continue; }
  edge_cases "$b" 1 10
  for s in $WHOLE_SHAPES; do
    IFS=x read -r m n k <<<"$s"
    # shellcheck disable=SC2086
    run_check "$b.$s" 0 10 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" \
      ${WHOLE_ARGS:-} --no-timing
  done
done

echo "== 2. timed next to cuBLAS"
for round in $(seq 1 "$ROUNDS"); do
  for s in $TIMED; do
    for b in ${TIMED_BUNDLES:-${NEW:-} ${CONTROLS:-}}; do
      timed_round "$b" "$s" "$round" 40
    done
  done
done

echo "== 3. compute-sanitizer"
for b in $SANITIZE; do
  sanitize "$b" "${b}_kernel" 40
  if fits 40; then
    run_check "$b.racecheck2" 0 40 "$SAN" --tool racecheck --error-exitcode 86 \
      --kernel-name "kns=${b}_kernel" "$R" "$D/$b/kernel.json" \
      -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
  fi
done

echo "== 4. ncu at ${NCU_SHAPES:-$NCU_SHAPE} (clocks not locked)"
METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,launch__grid_size
for s in ${NCU_SHAPES:-$NCU_SHAPE}; do
  IFS=x read -r sm sn sk <<<"$s"
  # One shape keeps the file names of session 10-12's results.
  suffix=${NCU_SHAPES:+.$s}
  for b in ${NCU:-}; do
    fits 60 || { echo "SKIP ncu $b $s"; skipped=$((skipped + 1)); continue; }
    timeout 120 "$NCU_BIN" --clock-control none --metrics "$METRICS" --csv \
      "$R" "$D/$b/kernel.json" -m "$sm" -n "$sn" -k "$sk" --iterations 2 --warmup 1 \
      >"$W/ncu.$b$suffix.csv" 2>"$W/ncu.$b$suffix.err"
    echo "ncu rc=$? $b $s"
  done
done
IFS=x read -r nm nn nk <<<"$NCU_SHAPE"

for b in ${NCU_SOURCE:-}; do
  fits 90 || { echo "SKIP ncu source $b"; skipped=$((skipped + 1)); continue; }
  ncu_source "$W/src.$b" "regex:${b}_kernel" "$W/ncu-source.$b.log" "$W/ncu-source.$b.csv.gz" \
    "$D/$b/kernel.json" -m "$nm" -n "$nn" -k "$nk"
  echo "ncu source rc=$? $b"
  scripts/lib/ncu-stalls.py "$W/ncu-source.$b.csv.gz" >"$W/ncu-stalls.$b.txt" 2>&1
done

{
  echo "== $NAME: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  print_timing_table
  echo "== checks"
  grep -vE "^PASS .*[.]r[0-9]+ :: " "$CHECK_RESULTS"
  echo "== ncu"
  print_ncu_summaries
  for f in "$W"/ncu-stalls.*.txt; do
    [ -f "$f" ] && { echo "-- $(basename "$f")"; head -20 "$f"; }
  done
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt" 2>&1
finish_session
