#!/usr/bin/env bash
# Session 5's closing device call (H200): the Hopper benchmark table (issue 3)
# over the best schedules per shape after the C7520 fix (persistent 128x256
# s3, one-tile 128x256 s4, 64x64 s12 and 128x64 s8 with and without a 1x2
# cluster, 128x128 s6 split-K 2; bf16 and f16), and the randomized sweep
# (seed $SWEEP_SEED) as a regression check of every bundle. Results under
# $OUT, bundled into session5-results.tar.gz (the device tool returns few
# files).
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
echo "== hopper benchmark"
B=""
for t in bf16 f16; do
  for s in 128x256x64_s3_persistent_tma 128x256x64_s4_tma 64x64x64_s12_tma 128x64x64_s8_c1x2_tma 128x64x64_s8_tma 128x128x64_s6_sk2; do
    B="$B wgmma_${t}_$s"
  done
done
OUT=$OUT/bench ITERATIONS=30 DEADLINE=330 BUNDLES="${BUNDLES:-$B}" timeout 400 bash bench/hopper-benchmark.sh $D 2>&1 | tail -20
echo "== sweep"
OUT=$OUT/sweep SEED=${SWEEP_SEED:-12} CASES=${SWEEP_CASES:-200} timeout 150 bash scripts/sweep.sh $D 2>&1 | tail -8
tar czf $OUT/session5-results.tar.gz -C $OUT bench sweep 2>/dev/null
ls -la $OUT/session5-results.tar.gz
