#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the Python package for the GPU machine (Python 3.12, CUDA 13, no
# LLVM/MLIR): installs the gemm-opt CMake package from the full build
# (build/, as scripts/build.sh makes it), builds python/ as an outside
# project against it with LLVM and MLIR linked statically, and puts what
# the GPU machine needs under python-device-artifacts/:
#   gemm_opt/                  the package (the extension, stripped, and
#                              tuning-database.json); PYTHONPATH=<dir>
#   tests/                     the pytest suite (GPU cases included)
#   examples/                  the schedules and examples/python/
#   bench/                     bench/python/mlp_bench.py, split_k schedules
#   python-device-check.sh, COMMIT
# Run there with
#   python-device-artifacts/python-device-check.sh python-device-artifacts
# PYTHON names the interpreter (default /root/.pyenv/versions/3.12.1,
# the GPU machine's minor version); nanobind is installed for it if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
python=${PYTHON:-/root/.pyenv/versions/3.12.1/bin/python3}
if ! "$python" -m nanobind --cmake_dir >/dev/null 2>&1; then
  "$python" -m pip install --quiet nanobind
fi
[ -f build/build.ninja ] || scripts/build.sh
ninja -C build GemmOptMatmulCompiler GemmOptAnalysis
work=build/python-device-package
rm -rf "$work/prefix" "$work/install"
cmake --install build --prefix "$work/prefix" --component gemm-opt-package >/dev/null
cmake -G Ninja -S python -B "$work/module" \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$PWD/$work/prefix" \
  -DPython_EXECUTABLE="$python" \
  -Dnanobind_DIR="$("$python" -m nanobind --cmake_dir)" \
  -DGEMM_OPT_PYTHON_STATIC_RUNTIME=ON >/dev/null
cmake --build "$work/module"
cmake --install "$work/module" --prefix "$work/install" --component python >/dev/null
module=$(ls "$work"/install/gemm_opt/_gemm_opt*.so)
if ldd "$module" | grep -E 'libLLVM|libMLIR|not found'; then
  echo "$module needs LLVM/MLIR or a missing library" >&2
  exit 1
fi

out=python-device-artifacts
rm -rf "$out"
mkdir -p "$out/gemm_opt" "$out/tests" "$out/examples/python" "$out/bench/python" \
  "$out/bench/schedules"
cp "$work"/install/gemm_opt/* "$out/gemm_opt/"
cp python/gemm_opt/*.py "$out/gemm_opt/"
cp python/tests/*.py "$out/tests/"
cp examples/*.mlir "$out/examples/"
cp examples/python/*.py "$out/examples/python/"
cp bench/python/*.py "$out/bench/python/"
cp bench/schedules/wgmma_bf16_128x128x64_s4_sk2.mlir \
   bench/schedules/wgmma_bf16_64x128x64_s4_sk4.mlir "$out/bench/schedules/"
cp scripts/python-device-check.sh "$out/"
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || echo unknown > "$out/COMMIT"
# It imports here too (no GPU needed to import or compile).
PYTHONPATH="$out" "$python" -c \
  "import gemm_opt; print('gemm_opt', gemm_opt.__version__, 'imports with', '$python')"
ldd "$module" | sed 's/^/  /'
du -sh "$out" "$out/gemm_opt/$(basename "$module")"
