#!/usr/bin/env bash
# Session 8 (H200): tf32 persistent 128x256 kernels with the TMA store in
# rounds, data-parallel against stream_k = 1 (a tf32 tile takes twice the
# bf16 time, so the same fixup costs half as much of it), at 4096^3 (3.88
# waves) and 8192^3 (31.03), two interleaved rounds, cuBLAS tf32 in the same
# process; checks of the stream-K kernels (ragged, 1x1x1, fewer stream-K
# steps than blocks) and memcheck + racecheck. Bundles:
#   ONLY='^wgmma_tf32_128x256x32_(s4_persistent_tma_r4|s3_persistent_tma_rm4)(_streamk1)?$'
# Logs go to $OUT/session8-tf32-streamk.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
L=$OUT/session8-tf32-streamk
mkdir -p "$L"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
kernels="s4_persistent_tma_r4 s4_persistent_tma_r4_streamk1 s3_persistent_tma_rm4 s3_persistent_tma_rm4_streamk1"
for round in 1 2; do
  for s in 4096x4096x4096 8192x8192x8192; do
    IFS=x read -r m n k <<<"$s"
    for v in $kernels; do
      kern=wgmma_tf32_128x256x32_$v
      [ -d "$D/$kern" ] || { echo "skip $kern"; continue; }
      log=$L/$kern.$s.r$round.log
      timeout 60 "$R" "$D/$kern/kernel.json" -m "$m" -n "$n" -k "$k" \
        --iterations 30 >"$log" 2>&1
      echo "rc=$? r$round $s $kern $(grep -E '^ratio' "$log" | awk '{print $3}')"
    done
  done
done
for v in s4_persistent_tma_r4_streamk1 s3_persistent_tma_rm4_streamk1; do
  kern=wgmma_tf32_128x256x32_$v
  for s in 4097x4095x4093 1x1x1 200x300x5001 896x4864x4096; do
    IFS=x read -r m n k <<<"$s"
    log=$L/$kern.$s.check.log
    timeout 30 "$R" "$D/$kern/kernel.json" -m "$m" -n "$n" -k "$k" \
      --no-timing >"$log" 2>&1
    echo "rc=$? check $s $kern $(grep -E 'vs fp64|error' "$log" | cut -c1-80)"
  done
done
kern=wgmma_tf32_128x256x32_s4_persistent_tma_r4_streamk1
timeout 60 "$CS" --tool memcheck --error-exitcode 86 "$R" "$D/$kern/kernel.json" \
  -m 1000 -n 1300 -k 2000 --no-timing --no-cublas >"$L/memcheck.log" 2>&1
echo "rc=$? memcheck $kern $(tail -1 "$L/memcheck.log")"
timeout 60 "$CS" --tool racecheck --error-exitcode 86 "$R" "$D/$kern/kernel.json" \
  -m 520 -n 600 -k 700 --no-timing --no-cublas >"$L/racecheck.log" 2>&1
echo "rc=$? racecheck $kern $(tail -1 "$L/racecheck.log")"
echo "wall ${SECONDS}s"
tar czf "$OUT/session8-tf32-streamk.tar.gz" -C "$OUT" session8-tf32-streamk && rm -rf "$L"
