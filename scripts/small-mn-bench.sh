#!/usr/bin/env bash
# Times the small-MN schedule candidates (deep pipelines, small tiles,
# split-K) on the three small-MN Hopper shapes next to cuBLAS (gemm-run,
# same process, L2 flushed, median of $ITERATIONS). Run on the GPU machine
# from the repository root with device-artifacts/ carried.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/small-mn
mkdir -p "$OUT"
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="^ratio|FAIL|error:"
source scripts/lib/device-check.sh
KERNELS=${KERNELS:-$(ls "$D" | grep -E "^wgmma_(bf16|f16)_(64x64|64x128|128x128)x64_s[0-9]+_(sk[0-9]+|tma|persistent_tma)$")}
for s in ${SHAPES:-128x4096x4096 16x4096x4096 1024x1024x8192}; do
  IFS=x read -r m n k <<<"$s"
  for kernel in $KERNELS; do
    check "$kernel.$s" 0 "$D/bin/gemm-run" "$D/$kernel/kernel.json" \
      -m "$m" -n "$n" -k "$k" --iterations "${ITERATIONS:-30}"
  done
done
echo "small-mn: $failures failure(s)"
