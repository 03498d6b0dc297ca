#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what gemm-opt needs and a fresh Debian 12 machine lacks:
# LLVM/MLIR 22 (Debian's packages), CMake, Ninja, GoogleTest. The CUDA 13
# toolkit (nvcc, ptxas, cuBLAS) must already be installed; this script only
# checks for it.
set -euo pipefail

need=()
[ -x /usr/lib/llvm-22/bin/mlir-tblgen ] || need+=(libmlir-22-dev mlir-22-tools)
[ -x /usr/lib/llvm-22/bin/llvm-config ] || need+=(llvm-22-dev)
[ -x /usr/lib/llvm-22/bin/FileCheck ] || need+=(llvm-22-tools)
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
[ -f /usr/include/zstd.h ] || need+=(libzstd-dev)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/z3.h ] || need+=(libz3-dev)

if [ ${#need[@]} -gt 0 ]; then
  echo "gemm-opt: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
if ! command -v nvcc >/dev/null; then
  echo "gemm-opt: the CUDA 13 toolkit is missing (no nvcc on PATH or in /usr/local/cuda)." >&2
  exit 1
fi
