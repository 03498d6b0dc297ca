#!/usr/bin/env bash
# Session 7's closing device call (H200): the Hopper benchmark table (issue 3)
# over the best schedules per shape — persistent 128x256 s3 tma (row-major
# and along-M-by-4 rasters, each also with stream_k = 1), 128x256 s4 tma,
# 128x64 s8 tma along N by 8, 64x64 s12 tma, and the small-M kernel that runs
# the row-major problem transposed; bf16 and f16, 50 runs each — then a
# second 4096³ round of the 128x256 kernels, and the correctness sweep.
# Prepare with scripts/prepare-device-artifacts.sh (ONLY below keeps it
# small); results in $OUT/session7-final.tar.gz.
#   ONLY='^(gemm_bf16_wgmma_small_m_sm90|wgmma_(bf16|f16)_(128x256x64_s3_persistent_tma(_rm4)?(_streamk1)?|128x256x64_s4_tma|128x64x64_s8_rn8_tma|64x64x64_s12_tma|ccc_64x16x64_s12_sk1))$'
set -u
cd "$(dirname "$0")/.."
source scripts/lib/device-session.sh
B="gemm_bf16_wgmma_small_m_sm90"
for t in bf16 f16; do
  for s in 128x256x64_s3_persistent_tma 128x256x64_s3_persistent_tma_rm4 \
    128x256x64_s3_persistent_tma_streamk1 128x256x64_s3_persistent_tma_rm4_streamk1 \
    128x256x64_s4_tma 128x64x64_s8_rn8_tma 64x64x64_s12_tma ccc_64x16x64_s12_sk1; do
    [ -d $D/wgmma_${t}_$s ] && B="$B wgmma_${t}_$s"
  done
done
echo "== hopper benchmark"
OUT=$OUT/bench ITERATIONS=50 DEADLINE=330 BUNDLES="${BUNDLES:-$B}" \
  timeout 420 bash bench/hopper-benchmark.sh $D 2>&1 | tail -30
echo "== 4096³ second round"
mkdir -p $OUT/round2
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
for k in $B; do
  case $k in *128x256x64_s3*) ;; *) continue ;; esac
  timeout 60 $D/bin/gemm-run $D/$k/kernel.json -m 4096 -n 4096 -k 4096 \
    --iterations 50 >$OUT/round2/$k.log 2>&1
  echo "rc=$? $k $(grep -E '^ratio' $OUT/round2/$k.log | awk '{print $3}')"
done
tar czf $OUT/session7-final.tar.gz -C $OUT bench round2 2>/dev/null
ls -la $OUT/session7-final.tar.gz
