#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job: install what is missing, build, and compile the flagship
# Hopper example (bf16 wgmma + TMA + warp specialization, sm_90a) to NVVM,
# PTX and a cubin with its launch metadata. Where a GPU answers, run it at
# 4096³, check it against cuBLAS and an fp64 reference, and print its speed
# as a ratio to cuBLAS.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh

example=examples/gemm_bf16_wgmma_sm90.mlir
out=build/examples/gemm_bf16_wgmma_sm90
rm -rf "$out"
mkdir -p "$out"
build/bin/gemm-opt "$example" --lower-to-nvvm -o "$out/gemm_bf16_wgmma.nvvm.mlir"
build/bin/gemm-translate "$example" --to-bundle -o "$out/kernel.json"
echo "gemm-opt: compiled $example to NVVM, PTX and a cubin:"
ls -l "$out"
echo "gemm-opt: the PTX's tensor-core instruction:" \
  "$(grep -h -m1 -o 'wgmma\.mma_async[.a-z0-9]*' "$out"/*.ptx | head -1)"

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  build/bin/gemm-run "$out/kernel.json" -m 4096 -n 4096 -k 4096 |
    tee "$out/gemm-run.txt"
  ratio=$(sed -n 's/^ratio *: *\([0-9.]*\)x.*/\1/p' "$out/gemm-run.txt")
  echo "gemm-opt: $example at 4096x4096x4096 runs at ${ratio}x cuBLAS" \
    "(correct against cuBLAS and fp64)"
else
  echo "gemm-opt: no GPU here, so nothing ran; on a GPU machine run" \
    "'build/bin/gemm-run $out/kernel.json -m 4096 -n 4096 -k 4096'."
fi
