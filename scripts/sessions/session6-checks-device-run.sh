#!/usr/bin/env bash
# Session 6, second device call (H200): the transposed-problem checks
# (row-major small-M problems on column-major kernels, ragged and padded
# shapes, sanitizers), 1024x1024x8192 candidates (rasters, 9 stages,
# 256x128 split-K 4, persistent) next to cuBLAS, and the randomized sweep
# (seed $SWEEP_SEED) as a regression check of every bundle. Results bundled
# into $OUT/session6-checks.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
R=$OUT/results
mkdir -p $R
echo "== transposed problem"
OUT=$R timeout 240 bash scripts/transposed-problem-check.sh $D 2>&1 | cut -c1-220
echo "== 1024x1024x8192 candidates"
K="wgmma_bf16_128x64x64_s8_tma wgmma_bf16_128x64x64_s8_rn8_tma wgmma_bf16_128x64x64_s8_r1_tma
  wgmma_bf16_128x64x64_s9_tma wgmma_bf16_128x64x64_s8_persistent_tma wgmma_bf16_256x128x64_s4_sk4"
OUT=$R KERNELS="$K" SHAPES="1024x1024x8192" ITERATIONS=50 timeout 120 bash scripts/small-mn-bench.sh $D 2>&1 | cut -c1-150
for f in $R/small-mn/*.log; do
  printf '%s: ' "$(basename $f .log)"; grep -E "^(gemm-opt|cuBLAS) " $f | tr -s ' ' | tr '\n' ' '; echo
done
echo "== sweep"
OUT=$R/sweep SEED=${SWEEP_SEED:-13} CASES=${SWEEP_CASES:-200} timeout 150 bash scripts/sweep.sh $D 2>&1 | tail -6
tar czf $OUT/session6-checks.tar.gz -C $R .
ls -la $OUT/session6-checks.tar.gz
