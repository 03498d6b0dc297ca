#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the split_k kernels on prebuilt device-artifacts/: each
# bundle on the small-MN benchmark shapes (timed next to cuBLAS), ragged
# shapes, K so short that some splits get no K tile, repeated runs (the
# workspace must come back to zero), memcheck and racecheck.
# Prints one line per run; logs under $OUT/split-k/.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/split-k
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs fp64|^ratio|SUMMARY|error:"
source scripts/lib/device-check.sh

for k in $(ls "$D" | grep -E "_sk[0-9]+$"); do
  for s in 1024x1024x8192 128x4096x4096 16x4096x4096; do
    IFS=x read -r m n kk <<<"$s"
    check "$k.$s" 0 "$R" "$D/$k/kernel.json" -m "$m" -n "$n" -k "$kk" --iterations 20
  done
  check "$k.ragged" 0 "$R" "$D/$k/kernel.json" -m 1000 -n 1000 -k 1000 --no-timing
  check "$k.shortk" 0 "$R" "$D/$k/kernel.json" -m 300 -n 520 -k 70 --no-timing
  check "$k.one" 0 "$R" "$D/$k/kernel.json" -m 1 -n 1 -k 1 --no-timing
done
for k in wgmma_bf16_128x256x64_s4_sk4 wgmma_f16_64x256x64_s4_sk8; do
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 384 -n 512 -k 1000 --no-timing --no-cublas --iterations 3
  for run in 1 2; do
    check "$k.racecheck$run" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
      "$D/$k/kernel.json" -m 384 -n 512 -k 1000 --no-timing --no-cublas --iterations 1
  done
done
echo "split-k: $failures failure(s)"
[ "$failures" -eq 0 ]
