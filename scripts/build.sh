#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Configures and builds gemm-opt into build/ (tools land in build/bin/);
# arguments are passed to cmake.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
launcher=()
if command -v ccache >/dev/null 2>&1; then
  # Paths relative to the checkout, so fresh clones share cache entries.
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# Configures on the first run, and again whenever cache settings are given
# (e.g. scripts/build.sh -DGEMM_OPT_WERROR=ON).
if [ ! -f build/build.ninja ] || [ $# -gt 0 ]; then
  cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
fi
ninja -C build
