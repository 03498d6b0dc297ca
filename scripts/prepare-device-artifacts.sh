#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles every shipped example and benchmark schedule into kernel bundles
# (PTX, cubin, launch metadata) under device-artifacts/, next to a gemm-run
# built here, so that a GPU machine without LLVM/MLIR can run them:
#   device-artifacts/bin/gemm-run, gemm-sweep, transpose-run and
#   gemm-matmul-bench
#   device-artifacts/<schedule>/kernel.json (+ .ptx, .cubin)
#   device-artifacts/matmul-library/ with MATMUL_SUITE set ('public' or a
#   suite file): gemm_opt::matmul's kernels for that suite
#   (gemm-opt-build-library, with tuning-database.json and the H200 model)
# BUILD_DIR (default build/) is the build tree whose bin/ holds gemm-translate.
# The device tools come from a runtime-only build in DEVICE_BUILD_DIR
# (default build-device/, configured here with the compiler off): there they
# link LLVM Support statically, while the full build's gemm-run links the
# compiler and with it libLLVM, which the GPU machine does not have.
# ONLY (an extended regular expression) keeps the schedules whose names match.
set -euo pipefail
cd "$(dirname "$0")/.."
out=device-artifacts
bin=${BUILD_DIR:-build}/bin
device=${DEVICE_BUILD_DIR:-build-device}
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f "$device/build.ninja" ]; then
  cmake -G Ninja -S . -B "$device" -DCMAKE_BUILD_TYPE=Release \
    -DGEMM_OPT_ENABLE_COMPILER=OFF -DGEMM_OPT_BUILD_TESTS=OFF "${launcher[@]}"
fi
ninja -C "$device" gemm-run gemm-sweep transpose-run gemm-matmul-bench
if ldd "$device/bin/gemm-run" | grep -q 'libLLVM\|libMLIR'; then
  echo "prepare-device-artifacts: $device/bin/gemm-run links libLLVM" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/bin"
cp "$device/bin/gemm-run" "$device/bin/gemm-sweep" "$device/bin/transpose-run" \
  "$device/bin/gemm-matmul-bench" "$out/bin/"
if [[ -n ${MATMUL_SUITE:-} ]]; then
  "$bin/gemm-opt-build-library" --suite "$MATMUL_SUITE" \
    --database tuning-database.json --model-device h200 \
    -o "$out/matmul-library" > "$out/matmul-library.log"
  tail -1 "$out/matmul-library.log"
fi
for schedule in examples/*.mlir bench/schedules/*.mlir; do
  name=$(basename "$schedule" .mlir)
  [[ -z ${ONLY:-} || $name =~ $ONLY ]] || continue
  "$bin/gemm-translate" "$schedule" --to-bundle -o "$out/$name/kernel.json"
done
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || echo unknown > "$out/COMMIT"
du -sh "$out"
