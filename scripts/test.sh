#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds gemm-opt and runs the whole test suite: the lit tests (round trips,
# verifier errors, one test per pass, the pipeline, PTX through ptxas; GPU
# tests where a GPU answers) and the runtime's unit tests, through CTest.
# In CI (CI=true) warnings are errors.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmakeArgs=()
if [ "${CI:-}" = true ]; then
  cmakeArgs+=(-DGEMM_OPT_WERROR=ON)
fi
scripts/build.sh "${cmakeArgs[@]}"
cd build
ctest --output-on-failure "$@"
