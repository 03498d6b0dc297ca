#!/usr/bin/env bash
# Session 6, first device call (H200): the split-K schedules re-timed after
# the C7520 fix (they were all serialized when last measured), the
# transposed-problem (all column-major, "ccc") small-N' schedules for
# 16x4096x4096 run as 4096x16x4096, and ncu profiles (with stall sources)
# of 128x64 s8 with and without the 1x2 cluster at 1024x1024x8192.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
R=$OUT/results
mkdir -p $R
echo "== split-K after the fix, small-MN shapes"
SK=""
for t in bf16 f16; do
  for s in 64x64x64_s12_tma 64x64x64_s12_sk2 64x128x64_s4_sk4 64x128x64_s8_sk2 64x256x64_s4_sk8 128x128x64_s6_sk2 128x128x64_s4_sk4 128x256x64_s4_sk4 128x256x64_s4_sk8 128x64x64_s8_tma; do
    [ -d $D/wgmma_${t}_$s ] && SK="$SK wgmma_${t}_$s"
  done
done
OUT=$R KERNELS="$SK" SHAPES="16x4096x4096 1024x1024x8192" ITERATIONS=40 timeout 240 bash scripts/small-mn-bench.sh $D  2>&1 | cut -c1-150
echo "== transposed problem (ccc) at 4096x16x4096"
OUT=$R/ccc KERNELS="$(ls $D | grep _ccc_)" SHAPES="4096x16x4096" ITERATIONS=40 timeout 120 bash scripts/small-mn-bench.sh $D  2>&1 | cut -c1-150
echo "== ncu"
OUT=$R NCU_EXTRA="--section SourceCounters" PROFILES="wgmma_bf16_128x64x64_s8_tma:1024x1024x8192 wgmma_bf16_128x64x64_s8_c1x2_tma:1024x1024x8192" \
  timeout 200 bash scripts/profile-kernels.sh $D
tar czf $OUT/session6-small-mn.tar.gz -C $R .
ls -la $OUT/session6-small-mn.tar.gz
