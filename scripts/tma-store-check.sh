#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the tma epilogue store kernels (bundles named *_tma*) on
# prebuilt device-artifacts/: each on 4096^3 (timed next to cuBLAS), ragged
# shapes (TMA clips the stores at C's edges), 1x1x1, a C whose pitch TMA
# cannot take (the runtime passes a null map and the kernel copies C with
# its threads), then memcheck, racecheck (twice) and synccheck on the
# persistent, cluster and ping-pong kernels, and finally the TMA-store
# kernels timed against their vector-store twins on the Hopper benchmark
# shapes ($BENCH_SHAPES). Prints one line per run; logs under $OUT/tma-store/.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/tma-store
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs fp64|^ratio|SUMMARY|error:"
source scripts/lib/device-check.sh

for k in $(ls "$D" | grep -E "_tma"); do
  check "$k.4096" 0 "$R" "$D/$k/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 10
  check "$k.ragged" 0 "$R" "$D/$k/kernel.json" -m 4097 -n 4095 -k 4093 --no-timing
  check "$k.small" 0 "$R" "$D/$k/kernel.json" -m 129 -n 257 -k 65 --no-timing
  check "$k.one" 0 "$R" "$D/$k/kernel.json" -m 1 -n 1 -k 1 --no-timing
  check "$k.ldc" 0 "$R" "$D/$k/kernel.json" -m 1000 -n 1000 -k 512 --ldc 1003 --no-timing
done
for k in wgmma_bf16_128x256x64_s3_persistent_tma wgmma_bf16_128x128x64_s4_pingpong_tma \
         wgmma_bf16_128x256x64_s3_c2x1_persistent_tma wgmma_bf16_128x256x64_s4_tma; do
  [ -d "$D/$k" ] || continue
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 1000 -n 1300 -k 700 --no-timing --no-cublas --iterations 3
  check "$k.memcheck-ldc" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 1000 -n 1300 -k 700 --ldc 1301 --no-timing --no-cublas --iterations 2
  for run in 1 2; do
    check "$k.racecheck$run" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
      "$D/$k/kernel.json" -m 1000 -n 1300 -k 700 --no-timing --no-cublas --iterations 2
  done
  check "$k.synccheck" 0 "$CS" --tool synccheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 1000 -n 1300 -k 700 --no-timing --no-cublas --iterations 2
done
echo "tma-store checks: $failures failure(s)"

# Timing: TMA-store kernels next to their vector-store twins, same process
# as cuBLAS (gemm-run interleaves), on the benchmark shapes.
BENCH_SHAPES=${BENCH_SHAPES:-"4096x4096x4096 8192x8192x8192 8192x8192x1024 2048x2048x2048"}
BENCH_KERNELS=${BENCH_KERNELS:-"wgmma_bf16_128x256x64_s3_persistent wgmma_bf16_128x256x64_s3_persistent_tma wgmma_bf16_256x128x64_s3_persistent_tma wgmma_bf16_128x256x64_s3_c2x1_persistent_tma wgmma_bf16_128x128x64_s4_pingpong_tma wgmma_bf16_64x256x64_s4_pingpong_tma wgmma_bf16_128x256x64_s4 wgmma_bf16_128x256x64_s4_tma wgmma_f16_128x256x64_s3_persistent wgmma_f16_128x256x64_s3_persistent_tma"}
for s in $BENCH_SHAPES; do
  IFS=x read -r m n kk <<<"$s"
  for k in $BENCH_KERNELS; do
    [ -d "$D/$k" ] || continue
    CHECK_DETAIL="^ratio" check "bench.$k.$s" 0 "$R" "$D/$k/kernel.json" \
      -m "$m" -n "$n" -k "$kk" --iterations "${BENCH_ITERATIONS:-30}"
  done
done
echo "tma-store: $failures failure(s)"
[ "$failures" -eq 0 ]
