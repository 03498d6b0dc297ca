#!/usr/bin/env bash
# Session 18: alpha_beta's C loaded into the staging tile by TMA during the
# main loop (tma_* bundles; VARIANTS names the prefixes, the last one is
# checked) against the chunked global reads (now_*) and the kernels before
# this session (old_*), via
# scripts/sessions/session18-epilogue-reads-device-run.sh (timings, edge shapes with
# and without C's tensor map, beta = 0, memcheck); racecheck on the staged
# kernel; the sweep (seed $SWEEP_SEED, default 23; "none": no sweep), whose JIT-described
# cover kernels are persistent tma-store kernels too.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
OUT_ROOT=$OUT
mkdir -p "$OUT_ROOT/reads"
VARIANTS=${VARIANTS:-"old_ now_ tma_"}
last=${VARIANTS##* }
OUT=$OUT_ROOT/reads VARIANTS="$VARIANTS" ROUNDS=2 \
  timeout 300 bash scripts/sessions/session18-epilogue-reads-device-run.sh >/dev/null 2>&1
grep -E "^[a-z0-9]+_?[a-z]" "$OUT_ROOT/reads/console.txt" | grep -E "ms" | awk '{print $1, $4, $8}'
grep -E "^(check|memcheck)" "$OUT_ROOT/reads/console.txt" | grep -v " PASS" || true
echo "checks passed: $(grep -cE '^check.* PASS' "$OUT_ROOT/reads/console.txt")"
for b in ${last}xread_ab ${last}epilogue_bf16_wgmma_alpha_beta_residual_tma; do
  extra=()
  [ "$b" = ${last}xread_ab ] || extra=(--residual)
  timeout 120 "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 640 -n 768 -k 640 --alpha 1.5 --beta 1 "${extra[@]}" --no-timing --iterations 1 \
    --no-cublas >"$OUT_ROOT/racecheck.$b.log" 2>&1
  echo "racecheck $b rc=$? $(grep 'RACECHECK SUMMARY' "$OUT_ROOT/racecheck.$b.log")"
  # 300x384x200: a ragged tile row, C's pitch a multiple of 16 bytes (its
  # tensor map exists: the staged path).
  timeout 120 "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 384 -k 200 --alpha 1.5 --beta 1 "${extra[@]}" --no-timing --iterations 1 \
    --no-cublas >"$OUT_ROOT/memcheck.$b.log" 2>&1
  echo "memcheck $b rc=$? $(grep 'ERROR SUMMARY' "$OUT_ROOT/memcheck.$b.log")"
done
seed=${SWEEP_SEED:-23}
[ "$seed" = none ] && exit 0
echo "== sweep seed $seed"
OUT=$OUT_ROOT/sweep$seed SEED=$seed CASES=200 timeout 300 bash scripts/sweep.sh "$D" 2>&1 | tail -n 6
