#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs the Python package (pip install ., which builds its extension
# through CMake in build-python-<wheel tag>/, through ccache where
# installed) into the virtual environment build/python-venv and runs its
# tests: the CPU ones (compile, PTX, metadata, analysis, diagnostics,
# argument checks); the GPU ones skip without torch and a CUDA device. In
# CI (CI=true) warnings are errors. Arguments are passed to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
# Compile jobs of the extension's build (default: ninja's, all cores).
[ -n "${JOBS:-}" ] && export CMAKE_BUILD_PARALLEL_LEVEL=$JOBS
venv=build/python-venv
if [ ! -x "$venv/bin/python" ]; then
  "${PYTHON:-python3}" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check pytest numpy
settings=()
if [ "${CI:-}" = true ]; then
  settings+=(--config-settings=cmake.define.GEMM_OPT_WERROR=ON)
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "${settings[@]}" .
"$venv/bin/python" -c "import gemm_opt; print('gemm_opt', gemm_opt.__version__)"
"$venv/bin/python" -m pytest python/tests -q -rs -p no:cacheprovider "$@"
