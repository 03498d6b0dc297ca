#!/usr/bin/env bash
# Session 10's second device call (issue 4: tf32 4096³): cuBLAS's tf32
# kernel at 4096³ is a 128x256x32 persistent kernel in 1x2 clusters that runs
# at 1.66 GHz against our 1.61 GHz and reads 294 MB from DRAM against our
# 373 MB (session10-facts). Do clusters with multicast (column-major B now
# splits along N) buy our kernels that clock? Bundles:
#   ONLY='^wgmma_(tf32_128x256x32_s4_(c[12]x[12]_)?persistent_tma_r4|bf16_128x256x64_s4_(c[12]x[12]_)?persistent_tma_rm4_r2)$' \
#     scripts/prepare-device-artifacts.sh
# Steps under BUDGET seconds: edge shapes against cuBLAS and fp64; 4096³ and
# 8192³ timed next to cuBLAS (ROUNDS interleaved rounds of ITER runs);
# memcheck and racecheck on the tf32 2x1 kernel; ncu at 4096³ (clock, DRAM).
# Results: $OUT/session10-clusters.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/.." || exit 2
source scripts/lib/device-session.sh
START=$SECONDS
BUDGET=${BUDGET:-540}
ITER=${ITER:-40}
ROUNDS=${ROUNDS:-2}
W=$(mktemp -d "${TMPDIR:-/tmp}/session10-clusters.XXXXXX")
CHECK_LOG_DIR=$W/logs
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|SUMMARY|error:"
mkdir -p "$CHECK_LOG_DIR" "$OUT"
source scripts/lib/device-check.sh
source scripts/lib/budgeted-checks.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
R=$D/bin/gemm-run
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
TABLE=$W/timing.txt
: >"$TABLE"
skipped=0
TF=wgmma_tf32_128x256x32_s4
BF=wgmma_bf16_128x256x64_s4
NEW="${TF}_c2x1_persistent_tma_r4 ${TF}_c1x2_persistent_tma_r4 ${BF}_c2x1_persistent_tma_rm4_r2 ${BF}_c1x2_persistent_tma_rm4_r2"
ALL="${TF}_persistent_tma_r4 ${TF}_c2x1_persistent_tma_r4 ${TF}_c1x2_persistent_tma_r4 ${BF}_persistent_tma_rm4_r2 ${BF}_c2x1_persistent_tma_rm4_r2 ${BF}_c1x2_persistent_tma_rm4_r2"
for b in $ALL; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); }
done

echo "== 1. edge shapes"
for b in $NEW; do
  shape_checks "$b" 10 4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 256x4096x512
done

echo "== 2. timed next to cuBLAS"
for round in $(seq 1 "$ROUNDS"); do
  for b in $ALL; do
    timed_round "$b" 4096x4096x4096 "$round" 25
  done
  for b in $ALL; do
    timed_round "$b" 8192x8192x8192 "$round" 40
  done
done

echo "== 3. compute-sanitizer"
sanitize ${TF}_c2x1_persistent_tma_r4 ${TF}_c2x1_persistent_tma_r4_kernel 40
if fits 40; then
  run_check "${TF}_c2x1_persistent_tma_r4.racecheck2" 0 40 \
    "$SAN" --tool racecheck --error-exitcode 86 \
    --kernel-name kns=${TF}_c2x1_persistent_tma_r4_kernel \
    "$R" "$D/${TF}_c2x1_persistent_tma_r4/kernel.json" \
    -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
fi

echo "== 4. ncu at 4096³ (clocks not locked)"
METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,launch__grid_size
for b in ${TF}_c2x1_persistent_tma_r4 ${TF}_c1x2_persistent_tma_r4 ${BF}_c2x1_persistent_tma_rm4_r2; do
  fits 60 || { echo "SKIP ncu $b"; skipped=$((skipped + 1)); continue; }
  timeout 120 "$NCU" --clock-control none --metrics "$METRICS" --csv \
    "$R" "$D/$b/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 2 --warmup 1 \
    >"$W/ncu.$b.csv" 2>"$W/ncu.$b.err"
  echo "ncu rc=$? $b"
done

{
  echo "== session 10 clusters: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "TFLOP/s (median), cuBLAS in the same process, ratio, registers, blocks/SM"
  printf '%-52s %-15s %2s %8s %8s %7s %5s %5s %s\n' bundle shape rd TFLOP/s cuBLAS ratio regs b/SM result
  sort -k1,1 -k2,2 -k3,3 "$TABLE"
  echo "== ncu"
  for f in "$W"/ncu.*.csv; do
    [ -f "$f" ] || continue
    echo "-- $(basename "$f")"
    scripts/lib/ncu-summary.py "$f"
  done
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt" 2>&1
cp "$W/summary.txt" "$OUT/summary.txt"
tar czf "$OUT/session10-clusters.tar.gz" -C "$W" .
cat "$W/summary.txt"
rm -rf "$W"
[ "$failures" -eq 0 ]
