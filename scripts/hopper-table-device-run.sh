#!/usr/bin/env bash
# The closing device call of a session (H200): the Hopper benchmark table
# (issue 3) over the best schedules per shape, bf16 and f16, 50 runs each,
# then a second 4096³ round of the 128x256 kernels. Session 9's list:
# persistent 128x256 s4 tma along M by 4 with the TMA store in 2 rounds,
# data-parallel and stream_k = 1; 128x256 s4 tma; the tuner's winners
# 64x128 s8 tma along M by 4, 64x64 s13 tma along M by 4 and the small-M
# kernel that runs the row-major problem transposed (64x16 s16,
# persistent). Prepare with scripts/prepare-device-artifacts.sh (all
# bundles, or ONLY='^wgmma_(bf16|f16)_(128x256x64_s4_persistent_tma_rm4_r2(_streamk1)?|128x256x64_s4_tma|64x128x64_s8_rm4_tma|64x64x64_s13_rm4_tma|ccc_64x16x64_s16_persistent)$').
# SCHEDULES overrides the list (session 8's had the s3 kernels with the
# store in one round). Results in $OUT/hopper-table.tar.gz.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/device-session.sh
SCHEDULES=${SCHEDULES:-"128x256x64_s4_persistent_tma_rm4_r2 128x256x64_s4_persistent_tma_rm4_r2_streamk1 128x256x64_s4_tma 64x128x64_s8_rm4_tma 64x64x64_s13_rm4_tma ccc_64x16x64_s16_persistent"}
B=""
for t in bf16 f16; do
  for s in $SCHEDULES; do
    [ -d $D/wgmma_${t}_$s ] && B="$B wgmma_${t}_$s"
  done
done
echo "== hopper benchmark"
OUT=$OUT/bench ITERATIONS=50 DEADLINE=${DEADLINE:-330} BUNDLES="${BUNDLES:-$B}" \
  timeout 420 bash bench/hopper-benchmark.sh $D 2>&1 | tail -30
echo "== 4096³ second round"
mkdir -p $OUT/round2
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
for k in $B; do
  case $k in *128x256x64_s[34]_persistent*) ;; *) continue ;; esac
  timeout 60 $D/bin/gemm-run $D/$k/kernel.json -m 4096 -n 4096 -k 4096 \
    --iterations 50 >$OUT/round2/$k.log 2>&1
  echo "rc=$? $k $(grep -E '^ratio' $OUT/round2/$k.log | awk '{print $3}')"
done
tar czf $OUT/hopper-table.tar.gz -C $OUT bench round2 2>/dev/null
ls -la $OUT/hopper-table.tar.gz
