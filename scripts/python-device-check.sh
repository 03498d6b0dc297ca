#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On the GPU machine (CUDA 13, Python 3.12 with torch, numpy and pytest; no
# LLVM/MLIR): runs the Python package from a directory of carried artifacts
# (scripts/prepare-python-device-artifacts.sh): the whole pytest suite, GPU
# cases included (fp64 references, every type and layout, epilogues,
# batches, views, compiled kernels, split-K workspaces, the custom op under
# torch.compile(fullgraph=True), CUDA graph capture, nn.Linear), then the
# Llama-3-8B MLP benchmark against torch eager and max-autotune with the
# host cost of a call. Prints a short table last; exits 1 if anything failed.
#
#   python-device-check.sh DIR [tests|bench|all] [-- bench arguments]
#   e.g. python-device-check.sh python-device-artifacts bench -- --skip-max-autotune
set -uo pipefail
dir=$(cd "${1:?usage: python-device-check.sh DIR [tests|bench|all]}" && pwd)
what=${2:-all}
shift $(( $# >= 2 ? 2 : 1 ))
[ "${1:-}" = -- ] && shift
export PATH=/usr/local/cuda/bin:$PATH  # ptxas, for the JIT
export PYTHONPATH="$dir${PYTHONPATH:+:$PYTHONPATH}"
export GEMM_OPT_CACHE_DIR=${GEMM_OPT_CACHE_DIR:-$dir/jit-cache}
python=${PYTHON:-python3}

echo "commit: $(cat "$dir/COMMIT" 2>/dev/null || echo unknown)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
"$python" -c "import gemm_opt, torch; print('gemm_opt', gemm_opt.__version__, \
'torch', torch.__version__, 'cuda', torch.cuda.is_available())" || exit 3

failures=0
summary=()
if [ "$what" = tests ] || [ "$what" = all ]; then
  start=$SECONDS
  "$python" -m pytest "$dir/tests" -q -rs -p no:cacheprovider | tee "$dir/pytest.log"
  status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] || failures=$((failures + 1))
  summary+=("| pytest | exit $status | $(tail -1 "$dir/pytest.log") | $((SECONDS - start)) s |")
fi
if [ "$what" = bench ] || [ "$what" = all ]; then
  start=$SECONDS
  "$python" "$dir/bench/python/mlp_bench.py" "$@" | tee "$dir/bench.log"
  status=${PIPESTATUS[0]}
  [ "$status" -eq 0 ] || failures=$((failures + 1))
  summary+=("| MLP bench | exit $status | see the tables above | $((SECONDS - start)) s |")
fi
echo
echo "| step | status | result | time |"
echo "|---|---|---|---|"
printf '%s\n' "${summary[@]}"
[ -f "$dir/bench.log" ] && grep -E '^\| [0-9]+ \|' "$dir/bench.log"
exit $((failures > 0))
