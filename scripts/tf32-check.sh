#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the tf32 wgmma kernels on prebuilt device-artifacts/: 4096^3
# and 8192^3 timed next to cuBLAS tf32, ragged and 1x1x1 shapes, memcheck,
# and a refused layout. Logs under $OUT/tf32/.
set -u
cd "$(dirname "$0")/.."
A=${1:-device-artifacts}
OUT=${OUT:-./device-out}/tf32
mkdir -p "$OUT"
R=$A/bin/gemm-run
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs fp64|^ratio|^math|SUMMARY|error:"
CHECK_TIMEOUT=200
source scripts/lib/device-check.sh
for b in $(ls "$A" | grep -E "tf32"); do
  check "$b.4096" 0 "$R" "$A/$b/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 20
  check "$b.8192" 0 "$R" "$A/$b/kernel.json" -m 8192 -n 8192 -k 8192 --iterations 10
  check "$b.ragged" 0 "$R" "$A/$b/kernel.json" -m 4097 -n 4095 -k 4093 --no-timing
  check "$b.one" 0 "$R" "$A/$b/kernel.json" -m 1 -n 1 -k 1 --no-timing
done
check memcheck 0 /usr/local/cuda/bin/compute-sanitizer --tool memcheck \
  --error-exitcode 86 "$R" "$A/gemm_tf32_wgmma_sm90/kernel.json" -m 129 -n 257 \
  -k 65 --no-timing --no-cublas
check wrong-layout 2 "$R" "$A/gemm_tf32_wgmma_sm90/kernel.json" -m 256 -n 256 \
  -k 256 --layout-b row --no-timing
echo "tf32: $failures failure(s)"
[ "$failures" -eq 0 ]
