#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the fuzz targets (tools/fuzz, docs/fuzzing.md) with clang-22 into
# build-fuzz/ and runs each for a bounded time; fails on any crash.
#
#   scripts/fuzz.sh [SECONDS]   seconds per target (default: FUZZ_SECONDS or 60)
#
# Installs clang-22 and libclang-rt-22-dev (libFuzzer and the sanitizers)
# where missing. Without libFuzzer's runtime the targets run a deterministic
# mutation of the corpus instead (cmake/GemmOptFuzzing.cmake). The seeds are
# collected here: examples/*.mlir and bench/schedules/*.mlir; the kernel.json
# samples of the tree, and the examples' kernel.json where build/bin/
# gemm-translate exists; the reproducers of past crashes in
# tools/fuzz/regressions/. Corpora grow in build-fuzz/fuzz/corpus/ from run
# to run; a crash leaves its input in build-fuzz/fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${FUZZ_SECONDS:-60}}

scripts/install-deps.sh
need=()
command -v clang++-22 >/dev/null || need+=(clang-22)
[ -f /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a ] ||
  need+=(libclang-rt-22-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "gemm-opt fuzz: installing ${need[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  # libclang-rt-22-dev alone may be missing: the mutation driver runs then.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" \
    >/dev/null || command -v clang++-22 >/dev/null
fi

[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build-fuzz/build.ninja ]; then
  cmake -G Ninja -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    "${launcher[@]}" -DGEMM_OPT_WERROR=ON -DGEMM_OPT_BUILD_FUZZERS=ON \
    -DGEMM_OPT_BUILD_TOOLS=OFF -DGEMM_OPT_BUILD_TESTS=OFF
fi
# Only the targets and the libraries they link.
ninja -C build-fuzz ${FUZZ_BUILD_JOBS:+-j "$FUZZ_BUILD_JOBS"} gemm-opt-fuzzers

work=build-fuzz/fuzz
rm -rf "$work/seeds" "$work/artifacts"
mkdir -p "$work"/seeds/{pipeline,bundle} "$work"/corpus/{pipeline,bundle} \
  "$work/artifacts"
cp examples/*.mlir bench/schedules/*.mlir "$work/seeds/pipeline/"
for bundle in tools/gemm-sweep/test-bundles/*/kernel.json; do
  cp "$bundle" "$work/seeds/bundle/$(basename "$(dirname "$bundle")").json"
done
if [ -x build/bin/gemm-translate ]; then
  # PTX and its metadata only (no ptxas); inputs of several kernels fail.
  for example in examples/*.mlir; do
    name=$(basename "$example" .mlir)
    build/bin/gemm-translate "$example" --to-ptx -o "$work/seeds/$name.ptx" \
      --metadata "$work/seeds/bundle/$name.json" >/dev/null 2>&1 || true
  done
  rm -f "$work"/seeds/*.ptx
fi
for target in pipeline bundle; do
  if [ -d "tools/fuzz/regressions/$target" ]; then
    cp "tools/fuzz/regressions/$target"/* "$work/seeds/$target/"
  fi
done

# The targets set their sanitizer options (tools/fuzz/SanitizerDefaults.cpp).
failed=()
for target in pipeline bundle; do
  echo "== gemm-opt-fuzz-$target: $seconds s"
  log="$work/$target.log"
  if build-fuzz/bin/gemm-opt-fuzz-$target -max_total_time="$seconds" \
      -timeout=120 -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1 \
      -dict="tools/fuzz/$target.dict" -artifact_prefix="$work/artifacts/$target-" \
      "$work/corpus/$target" "$work/seeds/$target" >"$log" 2>&1; then
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec)|^mutation driver" \
      "$log" || true
    echo "corpus: $(ls "$work/corpus/$target" | wc -l) inputs"
  else
    tail -n 60 "$log"
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "gemm-opt fuzz: crashes in ${failed[*]}; inputs in $work/artifacts:" >&2
  ls "$work/artifacts" >&2
  exit 1
fi
