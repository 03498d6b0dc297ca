#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of kernels that run a row-major problem as its transpose
# C^T = B^T*A^T (every operand column-major; runtime/TransposedProblem.h),
# on prebuilt device-artifacts/ (scripts/prepare-device-artifacts.sh):
#   - the small-M example and the column-major ("ccc") benchmark bundles on
#     row-major 16x4096x4096 (timed next to cuBLAS), ragged, tiny, M = 1 and
#     padded leading dimensions, checked against cuBLAS and fp64;
#   - the same kernels on their own (column-major) layouts;
#   - layouts that are neither the kernel's nor their transpose: exit 2;
#   - memcheck, racecheck (twice) and synccheck on the example and on a
#     split_k bundle.
# Prints one line per run; logs under $OUT/transposed-problem/. Exit status
# is non-zero when any check fails.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/transposed-problem
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="problem|vs fp64|ratio|SUMMARY|error:"
source scripts/lib/device-check.sh
ROW="--layout-a row --layout-b row --layout-c row"

for k in gemm_bf16_wgmma_small_m_sm90 $(ls "$D" | grep -E '_ccc_' | sort); do
  [ -f "$D/$k/kernel.json" ] || continue
  J=$D/$k/kernel.json
  check "$k.16x4096x4096" 0 "$R" "$J" -m 16 -n 4096 -k 4096 $ROW --iterations 30
  check "$k.ragged" 0 "$R" "$J" -m 13 -n 4095 -k 4093 $ROW --no-timing
  check "$k.m1" 0 "$R" "$J" -m 1 -n 3000 -k 777 $ROW --no-timing
  check "$k.one" 0 "$R" "$J" -m 1 -n 1 -k 1 $ROW --no-timing
  check "$k.padded" 0 "$R" "$J" -m 16 -n 4000 -k 2000 --lda 2003 --ldb 4005 \
    --ldc 4011 $ROW --no-timing
  check "$k.own-layouts" 0 "$R" "$J" -m 4096 -n 16 -k 4096 --no-timing
done
J=$D/gemm_bf16_wgmma_small_m_sm90/kernel.json
check small-m.mixed-layouts 2 "$R" "$J" -m 16 -n 4096 -k 4096 \
  --layout-a row --layout-b col --layout-c row --no-timing
for k in gemm_bf16_wgmma_small_m_sm90 wgmma_bf16_ccc_64x16x64_s12_sk2; do
  J=$D/$k/kernel.json
  [ -f "$J" ] || continue
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" "$J" \
    -m 13 -n 1000 -k 520 $ROW --no-timing --no-cublas --iterations 1
  for run in 1 2; do
    check "$k.racecheck$run" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
      "$J" -m 16 -n 512 -k 1024 $ROW --no-timing --no-cublas --iterations 1
  done
  check "$k.synccheck" 0 "$CS" --tool synccheck --error-exitcode 86 "$R" "$J" \
    -m 16 -n 512 -k 1024 $ROW --no-timing --no-cublas --iterations 1
done
echo "transposed-problem: $failures failure(s)"
[ "$failures" -eq 0 ]
