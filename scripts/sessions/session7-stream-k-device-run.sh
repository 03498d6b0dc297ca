#!/usr/bin/env bash
# Session 7 (H200): the data-parallel + stream-K hybrid after the rebase onto
# the wgmma-serialization fix. stream_k = 1 shares only the partial last wave
# along K, stream_k = 2 the last whole wave as well; both next to the
# data-parallel persistent 128x256 s3 tma kernels (along M by 8 and by 4) on
# the shapes whose tiles leave a partial wave (4096³: 3.88 waves, 8192³ and
# 8192x8192x1024: 15.5), then correctness (ragged, 1x1x1, few tiles with a
# long K, memcheck, racecheck) on the new kernels. Timing: 40 runs, two rounds at 4096³.
# Prepare with: ONLY='(128x256x64_s3_persistent_tma(_rm4)?|_streamk1?)$' \
#   scripts/prepare-device-artifacts.sh
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
K=""
for t in bf16 f16; do
  for s in 128x256x64_s3_persistent_tma 128x256x64_s3_persistent_tma_rm4 \
    128x256x64_s3_persistent_tma_streamk1 128x256x64_s3_persistent_tma_streamk \
    128x256x64_s3_persistent_tma_rm4_streamk1; do
    [ -d $D/wgmma_${t}_$s ] && K="$K wgmma_${t}_$s"
  done
done
# Round 1 over the three shapes, round 2 at 4096³ only.
for round in 1 2; do
  echo "== round $round"
  shapes="4096x4096x4096 8192x8192x1024 8192x8192x8192"
  [ $round = 2 ] && shapes=4096x4096x4096
  OUT=$OUT/round$round KERNELS="$K" SHAPES="$shapes" \
    ITERATIONS=40 timeout 230 bash scripts/small-mn-bench.sh $D 2>&1 |
    sed -E 's/ :: ratio : / /; s/cuBLAS throughput.*//' | cut -c1-130
done
echo "== checks"
KERNELS="wgmma_bf16_128x256x64_s3_persistent_tma_streamk1 wgmma_bf16_128x128x64_s6_persistent_tma_streamk1 wgmma_bf16_64x128x64_s8_persistent_tma_streamk1" \
  SHAPES="2048x2048x2048 1024x1024x8192" CHECK_TIMEOUT=60 \
  timeout 120 bash scripts/stream-k-check.sh $D 2>&1 | tail -30
tar czf $OUT/session7-stream-k.tar.gz -C $OUT round1 round2 stream-k 2>/dev/null
ls -la $OUT/session7-stream-k.tar.gz
