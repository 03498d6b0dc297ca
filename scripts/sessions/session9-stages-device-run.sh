#!/usr/bin/env bash
# Session 9's first device call (issue 3, 4096³ at parity): does a fourth
# pipeline stage help the persistent 128x256 kernel? It did not fit next to
# the 64 KiB bf16 staging tile of the TMA store (4 x 48 KiB + 64 KiB > 227
# KiB); with the store in rounds (store_rounds = 2: a 32 KiB staging half) it
# does. Also: where the 4096³ kernel's time goes (ncu, clocks not locked).
# Run from the repository root on the GPU machine with bundles prepared by
#
#   ONLY='^wgmma_(bf16|f16)_128x256x64_s[34]_persistent_tma_rm4(_r[24])?(_streamk1)?$' \
#     scripts/prepare-device-artifacts.sh
#
# Steps, each under the time budget BUDGET (default 420 s):
#   1. the new kernels checked against cuBLAS and fp64 (no timing): ragged
#      4097x4095x4093, 1x1x1, 1000x1300x2000, 896x4864x4096 (stream-K with
#      fewer stream-K steps than blocks);
#   2. 4096³ and 8192³ timed next to cuBLAS, ROUNDS interleaved rounds of
#      ITER runs (median, L2 flushed), the s3 kernels as the controls;
#   3. compute-sanitizer memcheck + racecheck on the bf16 s4 r2 kernel;
#   4. ncu (clock control off) on the bf16 s3 and s4 r2 kernels and cuBLAS at
#      4096³: duration, SM clock, tensor pipe, L2 and DRAM throughput.
# Results: $OUT/session9-stages.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session9-stages
BUDGET=${BUDGET:-420}
source scripts/lib/budgeted-session.sh

NEW=""
CONTROLS=""
for t in bf16 f16; do
  NEW="$NEW wgmma_${t}_128x256x64_s4_persistent_tma_rm4_r2 wgmma_${t}_128x256x64_s4_persistent_tma_rm4_r4 wgmma_${t}_128x256x64_s4_persistent_tma_rm4_r2_streamk1"
  CONTROLS="$CONTROLS wgmma_${t}_128x256x64_s3_persistent_tma_rm4 wgmma_${t}_128x256x64_s3_persistent_tma_rm4_streamk1"
done
for b in $NEW $CONTROLS; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); }
done

echo "== 1. edge cases"
for b in $NEW; do
  shape_checks "$b" 8 4097x4095x4093 1x1x1 1000x1300x2000 896x4864x4096
done

echo "== 2. timed next to cuBLAS"
for round in $(seq 1 "$ROUNDS"); do
  for t in bf16 f16; do
    for v in s3_persistent_tma_rm4 s4_persistent_tma_rm4_r2 s4_persistent_tma_rm4_r4; do
      b=wgmma_${t}_128x256x64_$v
      [ -f "$D/$b/kernel.json" ] && timed_round "$b" 4096x4096x4096 "$round" 25
    done
    for v in s3_persistent_tma_rm4_streamk1 s4_persistent_tma_rm4_r2_streamk1 s4_persistent_tma_rm4_r2; do
      b=wgmma_${t}_128x256x64_$v
      [ -f "$D/$b/kernel.json" ] && timed_round "$b" 8192x8192x8192 "$round" 25
    done
  done
done

echo "== 3. compute-sanitizer"
sanitize wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2 \
  wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_kernel 40
if fits 40; then
  run_check "wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2.racecheck2" 0 40 \
    "$SAN" --tool racecheck --error-exitcode 86 \
    --kernel-name kns=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2_kernel \
    "$R" "$D/wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2/kernel.json" \
    -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
fi

echo "== 4. ncu at 4096³ (clocks not locked)"
METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size
for b in wgmma_bf16_128x256x64_s3_persistent_tma_rm4 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2; do
  fits 60 || { echo "SKIP ncu $b"; skipped=$((skipped + 1)); continue; }
  timeout 120 "$NCU_BIN" --clock-control none --metrics "$METRICS" --csv \
    "$R" "$D/$b/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 3 --warmup 1 \
    >"$W/ncu.$b.csv" 2>"$W/ncu.$b.err"
  echo "ncu rc=$? $b"
done

{
  echo "== session 9 stages: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  print_timing_table
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
finish_session
