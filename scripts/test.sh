#!/usr/bin/env bash
# Builds gemm-opt and runs the whole test suite: the lit tests (round trips,
# verifier errors, one test per pass, the pipeline, PTX through ptxas; GPU
# tests where a GPU answers) and the runtime's unit tests, through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd build
ctest --output-on-failure "$@"
