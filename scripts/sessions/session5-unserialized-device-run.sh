#!/usr/bin/env bash
# Session 5's third device call (H200), after the consumers' role branch was
# made provably warp-uniform (ptxas no longer serializes the wgmmas of the
# one-warpgroup, ping-pong and split-K kernels, C7520): the small-MN
# candidates and the ping-pong schedules next to cuBLAS, then sanitizers on
# the changed kernels. One tarball under $OUT.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
echo "== small-MN candidates"
KERNELS=${SMALL_KERNELS:-"wgmma_bf16_64x64x64_s12_tma wgmma_bf16_64x64x64_s13_c2x1_tma wgmma_bf16_64x64x64_s12_c2x1_tma wgmma_bf16_64x64x64_s12_persistent_tma wgmma_bf16_64x64x64_s12_sk2 wgmma_bf16_64x128x64_s8_sk2 wgmma_bf16_64x128x64_s4_sk4 wgmma_bf16_128x128x64_s6_sk2 wgmma_bf16_128x128x64_s4_sk4 wgmma_bf16_64x256x64_s4_sk8"} \
  SHAPES="128x4096x4096 16x4096x4096 1024x1024x8192" OUT=$OUT timeout 200 bash scripts/small-mn-bench.sh $D 2>&1 | tail -31
echo "== ping-pong and one-tile-per-block schedules"
KERNELS=${LARGE_KERNELS:-"wgmma_bf16_128x128x64_s4_pingpong_tma wgmma_bf16_64x256x64_s4_pingpong_tma wgmma_bf16_128x256x64_s4_tma wgmma_bf16_128x256x64_s3_persistent_tma"} \
  SHAPES="4096x4096x4096 8192x8192x8192 2048x2048x2048" OUT=$OUT/large timeout 150 bash scripts/small-mn-bench.sh $D 2>&1 | tail -13
echo "== sanitizers"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
mkdir -p $OUT/sanitize
CHECK_LOG_DIR=$OUT/sanitize
CHECK_DETAIL="vs fp64|SUMMARY|error:"
source scripts/lib/device-check.sh
for k in wgmma_bf16_64x64x64_s12_tma wgmma_bf16_128x128x64_s4_pingpong_tma wgmma_bf16_64x64x64_s12_sk2 wgmma_bf16_128x256x64_s3_persistent_tma; do
  check "$k.ragged" 0 $R $D/$k/kernel.json -m 4097 -n 4095 -k 4093 --no-timing
  check "$k.memcheck" 0 $CS --tool memcheck --error-exitcode 86 $R $D/$k/kernel.json -m 1000 -n 1300 -k 2000 --no-timing --no-cublas --iterations 2
  check "$k.racecheck1" 0 $CS --tool racecheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
  check "$k.racecheck2" 0 $CS --tool racecheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
  check "$k.synccheck" 0 $CS --tool synccheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
done
echo "sanitizers: $failures failure(s)"
tar czf $OUT/session5-unserialized.tar.gz -C $OUT small-mn large sanitize 2>/dev/null
ls -la $OUT/session5-unserialized.tar.gz
