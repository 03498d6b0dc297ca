#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the JIT example as an outside project against the installed
# gemm-opt package (LLVM/MLIR linked statically) and puts what a GPU machine
# without LLVM needs under jit-device-artifacts/ (about 50 MiB):
#   jit-device-artifacts/gemm-jit-example     the program (stripped)
#   jit-device-artifacts/schedules/*.mlir     the shipped schedules and two
#                                             split_k ones of bench/schedules
#   jit-device-artifacts/tuning-database.json the tuning database (--database)
#   jit-device-artifacts/COMMIT
# Run there with scripts/jit-device-check.sh jit-device-artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
ninja -C build GemmOptJit
work=build/jit-device-package
rm -rf "$work"
cmake --install build --prefix "$work/prefix" --component gemm-opt-package >/dev/null
cmake -G Ninja -S examples/jit -B "$work/example" \
  -DCMAKE_PREFIX_PATH="$PWD/$work/prefix" >/dev/null
cmake --build "$work/example"
if ldd "$work/example/gemm-jit-example" | grep -E 'libLLVM|libMLIR'; then
  echo "gemm-jit-example links LLVM/MLIR dynamically" >&2
  exit 1
fi
out=jit-device-artifacts
rm -rf "$out"
mkdir -p "$out/schedules"
cp "$work/example/gemm-jit-example" "$out/"
cp examples/*.mlir "$out/schedules/"
# Split-K schedules: the JIT launch path's workspace (scripts/jit-device-check.sh).
cp bench/schedules/wgmma_bf16_128x128x64_s4_sk2.mlir \
   bench/schedules/wgmma_bf16_64x128x64_s4_sk4.mlir "$out/schedules/"
cp tuning-database.json "$out/"
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || echo unknown > "$out/COMMIT"
du -sh "$out"
