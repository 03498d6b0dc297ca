#!/usr/bin/env bash
# Session 6 (H200): 4096^3 only, the persistent 128x256 s3 kernels under each
# raster, with a 2x1 cluster, and 256x128 — two rounds of 50 timed runs each
# next to cuBLAS, to tell a raster's effect from run-to-run noise.
set -u
cd "$(dirname "$0")/../.."
for pack in device-pack/*.tar.xz; do tar xJf "$pack"; done
source scripts/lib/device-session.sh
K=""
for t in bf16 f16; do
  for s in 128x256x64_s3_persistent_tma 128x256x64_s3_persistent_tma_rm4 \
    128x256x64_s3_persistent_tma_rm16 128x256x64_s3_persistent_tma_rn4 \
    128x256x64_s3_persistent_tma_rn8 128x256x64_s3_c2x1_persistent_tma \
    256x128x64_s3_persistent_tma; do
    [ -d $D/wgmma_${t}_$s ] && K="$K wgmma_${t}_$s"
  done
done
for round in 1 2; do
  echo "== round $round"
  OUT=$OUT/round$round KERNELS="$K" SHAPES=4096x4096x4096 ITERATIONS=50 \
    timeout 250 bash scripts/small-mn-bench.sh $D 2>&1 | sed -E 's/ :: ratio : / /; s/cuBLAS throughput.*//' | cut -c1-120
done
tar czf $OUT/session6-square.tar.gz -C $OUT round1 round2
