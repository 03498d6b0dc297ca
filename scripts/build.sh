#!/usr/bin/env bash
# Configures and builds gemm-opt into build/ (tools land in build/bin/).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
if [ ! -f build/build.ninja ]; then
  cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release "$@"
fi
ninja -C build
