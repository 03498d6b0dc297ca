#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every shipped example and benchmark schedule into kernel bundles
# (PTX, cubin, launch metadata) under device-artifacts/, next to a gemm-run
# built here, so that a GPU machine without LLVM/MLIR can run them:
#   device-artifacts/bin/gemm-run, gemm-sweep and transpose-run
#   device-artifacts/<schedule>/kernel.json (+ .ptx, .cubin)
# BUILD_DIR (default build/) is the build tree whose bin/ holds the tools;
# ONLY (an extended regular expression) keeps the schedules whose names match.
set -euo pipefail
cd "$(dirname "$0")/.."
out=device-artifacts
bin=${BUILD_DIR:-build}/bin
rm -rf "$out"
mkdir -p "$out/bin"
cp "$bin/gemm-run" "$bin/gemm-sweep" "$bin/transpose-run" "$out/bin/"
for schedule in examples/*.mlir bench/schedules/*.mlir; do
  name=$(basename "$schedule" .mlir)
  [[ -z ${ONLY:-} || $name =~ $ONLY ]] || continue
  "$bin/gemm-translate" "$schedule" --to-bundle -o "$out/$name/kernel.json"
done
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || echo unknown > "$out/COMMIT"
du -sh "$out"
