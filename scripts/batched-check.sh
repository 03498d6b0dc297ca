#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the batched wgmma kernels (tile.gemm on 3-D operands) on
# prebuilt device-artifacts/ (scripts/prepare-device-artifacts.sh compiles
# examples/gemm_bf16_wgmma_batched_sm90.mlir and bench/schedules/*batched*):
# for every batched bundle, batch counts 1, 3 and 7, ragged shapes (129x257x65,
# 1x1x1), several tiles per entry, batch strides with padding between the
# entries (16-byte multiples, and odd ones that make the runtime stage A and B
# and the epilogue store element by element), one A or B for every entry
# (batch stride 0) and refused misuse (overlapping or negative strides, a
# batch on a kernel that is not batched); then 8 x 2048x2048x2048 bf16 timed
# next to cublasGemmStridedBatchedEx, and compute-sanitizer memcheck and
# racecheck at a small shape. Each run is checked against
# cublasGemmStridedBatchedEx (every entry) and fp64 (samples of every entry);
# the batched FP8 bundles (bench/schedules/wgmma_fp8_*_batched) take the same
# shapes and strides against fp64 of their dequantized inputs and, where
# their scales are shared by every entry, cuBLASLt's strided-batched FP8
# matmul (runtime/BatchedScaledBenchmark.h).
# Prints one line per run; logs under $OUT/batched/.
#
# Environment (optional): PARTS, any of "checks bench sanitize" (default
# all three), and BUNDLES, a grep pattern on the batched bundle names
# (default: all of them), to split a session into shorter calls.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/batched
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs cuBLAS|vs fp64|^ratio|SUMMARY|error:"
source scripts/lib/device-check.sh

PARTS=${PARTS:-"checks bench sanitize"}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
bundles=$(ls "$D" | grep -E "batched" | grep -E "${BUNDLES:-.}")
if [ -z "$bundles" ]; then
  echo "no batched bundles in $D (run scripts/prepare-device-artifacts.sh)"
  exit 1
fi
for k in $bundles; do
  wants checks || break
  J=$D/$k/kernel.json
  for b in 1 3 7; do
    check "$k.1000.b$b" 0 "$R" "$J" -m 1000 -n 1000 -k 1000 --batch "$b" --no-timing
    check "$k.ragged.b$b" 0 "$R" "$J" -m 129 -n 257 -k 65 --batch "$b" --no-timing
  done
  check "$k.one.b7" 0 "$R" "$J" -m 1 -n 1 -k 1 --batch 7 --no-timing
  check "$k.tiles.b3" 0 "$R" "$J" -m 1024 -n 2048 -k 512 --batch 3 --no-timing
  # Padding between entries (packed spans are M*K, K*N, M*N in either
  # layout): 16-byte multiples, then odd strides (A and B staged for TMA,
  # C's misaligned entries stored element by element).
  check "$k.padded" 0 "$R" "$J" -m 129 -n 257 -k 65 --batch 3 \
    --batch-stride-a $((129 * 65 + 64)) --batch-stride-b $((65 * 257 + 128)) \
    --batch-stride-c $((129 * 257 + 8)) --no-timing
  check "$k.padded-odd" 0 "$R" "$J" -m 129 -n 257 -k 65 --batch 7 \
    --batch-stride-a $((129 * 65 + 3)) --batch-stride-b $((65 * 257 + 5)) \
    --batch-stride-c $((129 * 257 + 1)) --no-timing
  check "$k.broadcast-b" 0 "$R" "$J" -m 300 -n 520 -k 200 --batch 5 \
    --batch-stride-b 0 --no-timing
  check "$k.broadcast-a" 0 "$R" "$J" -m 300 -n 520 -k 200 --batch 3 \
    --batch-stride-a 0 --batch-stride-c $((300 * 520 + 24)) --no-timing
  check "$k.refuse-overlap" 2 "$R" "$J" -m 128 -n 128 -k 128 --batch 3 \
    --batch-stride-c 100 --no-timing
  check "$k.refuse-negative" 2 "$R" "$J" -m 128 -n 128 -k 128 --batch 3 \
    --batch-stride-a -8 --no-timing
done
if wants checks; then
  check refuse-unbatched-kernel 2 "$R" "$D/gemm_bf16_wgmma_sm90/kernel.json" \
    -m 128 -n 128 -k 128 --batch 3 --no-timing
fi

# The benchmark lines: 8 x 2048^3 bf16 against cublasGemmStridedBatchedEx,
# FP8 against cuBLASLt's strided-batched FP8 matmul.
for k in gemm_bf16_wgmma_batched_sm90 wgmma_bf16_128x256x64_s4_batched \
         wgmma_bf16_128x256x64_s4_c2x1_tma_batched \
         wgmma_fp8_tensor_128x256_s3_fast_shared_batched \
         wgmma_fp8_tensor_128x256_s3_fast_batched \
         wgmma_fp8_rowcol_128x128_s6_batched; do
  wants bench && echo "$bundles" | grep -qx "$k" || continue
  check "$k.bench.8x2048" 0 "$R" "$D/$k/kernel.json" -m 2048 -n 2048 -k 2048 \
    --batch 8 --iterations 30
done

for k in gemm_bf16_wgmma_batched_sm90 wgmma_bf16_128x256x64_s4_batched \
         wgmma_fp8_blocks_128x128_s5_batched; do
  wants sanitize && echo "$bundles" | grep -qx "$k" || continue
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 129 -n 257 -k 65 --batch 3 --batch-stride-b 0 \
    --batch-stride-c $((129 * 257 + 8)) --no-timing --no-cublas
  check "$k.racecheck" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 300 -n 520 -k 200 --batch 3 --no-timing --no-cublas
done
echo "batched: $failures failure(s)"
[ "$failures" -eq 0 ]
