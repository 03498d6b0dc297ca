#!/usr/bin/env bash
# The main job: install what is missing, build, compile the shipped bf16
# example to PTX and cubin with launch metadata, and, where a GPU answers,
# run it against cuBLAS at 4096³.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh

example=examples/gemm_bf16_sm90.mlir
out=build/examples/gemm_bf16_sm90
mkdir -p "$out"
build/bin/gemm-opt "$example" --lower-to-nvvm -o "$out/gemm_bf16.nvvm.mlir"
build/bin/gemm-translate "$example" --to-bundle -o "$out/kernel.json"
echo "gemm-opt: compiled $example:"
ls -l "$out"
grep -m1 -o 'mma.sync[.a-z0-9]*' "$out"/*.ptx | head -1

if command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
  build/bin/gemm-run "$out/kernel.json" -m 4096 -n 4096 -k 4096
else
  echo "gemm-opt: no GPU here; run '$out/kernel.json' with build/bin/gemm-run on a GPU machine."
fi
