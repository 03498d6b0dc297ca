#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the column-major layouts and the cluster/multicast kernels,
# on prebuilt device-artifacts/ (scripts/prepare-device-artifacts.sh):
#   - every layout bundle at 4096^3 (timed next to cuBLAS), ragged, tiny and
#     padded/unaligned leading dimensions (checked against cuBLAS and fp64);
#   - a layout the kernel was not compiled for is refused (exit 2);
#   - memcheck on a layout kernel, memcheck + racecheck (twice) on each
#     cluster kernel, synccheck on one.
# Prints one line per run; logs under $OUT/layouts-clusters/. Exit status is
# non-zero when any check fails.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/layouts-clusters
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs fp64|ratio|SUMMARY|error:"
source scripts/lib/device-check.sh

layouts="wgmma_bf16_128x256x64_s4_nt wgmma_bf16_128x256x64_s4_tn
  wgmma_bf16_128x256x64_s4_tt wgmma_bf16_128x256x64_s4_nn_colc
  wgmma_f16_128x128x64_s4_pingpong_tt_colc gemm_bf16_wgmma_layouts_sm90"
for k in $layouts; do
  [ -f "$D/$k/kernel.json" ] || continue
  check "$k.4096" 0 "$R" "$D/$k/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 10
  check "$k.ragged" 0 "$R" "$D/$k/kernel.json" -m 4097 -n 4095 -k 4093 --no-timing
  check "$k.one" 0 "$R" "$D/$k/kernel.json" -m 1 -n 1 -k 1 --no-timing
  check "$k.small" 0 "$R" "$D/$k/kernel.json" -m 129 -n 257 -k 65 --no-timing
done
check tn.lda-unaligned 0 "$R" "$D/wgmma_bf16_128x256x64_s4_tn/kernel.json" \
  -m 4000 -n 3000 -k 2000 --lda 4103 --no-timing
check tt.padded 0 "$R" "$D/wgmma_bf16_128x256x64_s4_tt/kernel.json" \
  -m 4000 -n 3000 -k 2000 --lda 4008 --ldb 2003 --no-timing
check colc.ldc-unaligned 0 "$R" "$D/wgmma_bf16_128x256x64_s4_nn_colc/kernel.json" \
  -m 4000 -n 3000 -k 2000 --ldc 4003 --no-timing
check tn.wrong-layout 2 "$R" "$D/wgmma_bf16_128x256x64_s4_tn/kernel.json" \
  -m 256 -n 256 -k 256 --layout-a row
check tt_colc.memcheck 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
  "$D/wgmma_f16_128x128x64_s4_pingpong_tt_colc/kernel.json" -m 1000 -n 1000 \
  -k 1000 --no-timing --no-cublas --iterations 1

for k in wgmma_bf16_128x256x64_s4_c2x1 wgmma_bf16_128x256x64_s4_c2x2 \
  wgmma_bf16_128x256x64_s4_c1x2 wgmma_bf16_128x256x64_s3_c2x1_persistent; do
  [ -f "$D/$k/kernel.json" ] || continue
  check "$k.ragged" 0 "$R" "$D/$k/kernel.json" -m 1000 -n 1000 -k 1000 --no-timing
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 512 -n 768 -k 512 --no-timing --no-cublas --iterations 1
  for run in 1 2; do
    check "$k.racecheck$run" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
      "$D/$k/kernel.json" -m 512 -n 768 -k 512 --no-timing --no-cublas --iterations 1
  done
done
check c2x1.synccheck 0 "$CS" --tool synccheck --error-exitcode 86 "$R" \
  "$D/wgmma_bf16_128x256x64_s4_c2x1/kernel.json" -m 512 -n 512 -k 512 \
  --no-timing --no-cublas --iterations 1

echo "layouts-clusters: $failures failure(s)"
[ "$failures" -eq 0 ]
