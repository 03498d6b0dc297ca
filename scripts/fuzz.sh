#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the fuzz targets (tools/fuzz, docs/fuzzing.md) with clang-22 into
# build-fuzz/ and runs each over its seeds, then for a bounded time of
# mutation; fails on any crash.
#
#   scripts/fuzz.sh [SECONDS]   seconds of mutation per target (default:
#                               FUZZ_SECONDS or 60)
#   FUZZ_BUILD_JOBS=N           ninja's parallelism for the build (default: ninja's)
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
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
updated=""
aptInstall() {
  echo "gemm-opt fuzz: installing $1"
  [ -n "$updated" ] || $SUDO apt-get update -qq
  updated=yes
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1" >/dev/null
}
command -v clang++-22 >/dev/null || aptInstall clang-22
# Without libFuzzer's runtime the targets run the mutation driver.
[ -f /usr/lib/llvm-22/lib/clang/22/lib/linux/libclang_rt.fuzzer-x86_64.a ] ||
  aptInstall libclang-rt-22-dev ||
  echo "gemm-opt fuzz: no libclang-rt-22-dev: the mutation driver runs" >&2

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

engine=$(sed -n 's/^GEMM_OPT_FUZZ_ENGINE:[A-Z]*=//p' build-fuzz/CMakeCache.txt)

# Runs gemm-opt-fuzz-$1 over its corpus and seeds, then mutates for
# $seconds; returns its exit status. libFuzzer runs every seed before it
# mutates, whatever -max_total_time says (the pipeline's ~300 seeds take
# minutes), so it runs without one and is interrupted (then it exits with
# 72) $seconds after its seed pass ends (the INITED line). The mutation driver
# counts -max_total_time from the end of its seed pass itself.
# The targets set their sanitizer options (tools/fuzz/SanitizerDefaults.cpp).
runTarget() {
  local target=$1 log=$work/$1.log status=0 mutating="" interrupted=""
  local run=(build-fuzz/bin/gemm-opt-fuzz-"$target" -timeout=120
    -rss_limit_mb=4096 -max_len=16384 -print_final_stats=1
    -dict="tools/fuzz/$target.dict" -artifact_prefix="$work/artifacts/$target-"
    "$work/corpus/$target" "$work/seeds/$target")
  if [ "$engine" != libfuzzer ]; then
    "${run[@]}" -max_total_time="$seconds" >"$log" 2>&1
    return
  fi
  "${run[@]}" >"$log" 2>&1 &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    if [ -z "$mutating" ] && grep -q INITED "$log"; then
      mutating=$SECONDS
    fi
    if [ -n "$mutating" ] && [ $((SECONDS - mutating)) -ge "$seconds" ]; then
      kill -INT "$pid" 2>/dev/null && interrupted=yes
      break
    fi
    sleep 1
  done
  wait "$pid" || status=$?
  if [ -n "$interrupted" ] && [ "$status" -eq 72 ]; then
    status=0
  fi
  return "$status"
}

failed=()
for target in pipeline bundle; do
  echo "== gemm-opt-fuzz-$target: the seeds, then $seconds s of mutation"
  if runTarget "$target"; then
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec)|^mutation driver" \
      "$work/$target.log" || true
    echo "corpus: $(ls "$work/corpus/$target" | wc -l) inputs found, $(ls "$work/seeds/$target" | wc -l) seeds"
  else
    tail -n 60 "$work/$target.log"
    failed+=("$target")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "gemm-opt fuzz: crashes in ${failed[*]}; inputs in $work/artifacts:" >&2
  ls "$work/artifacts" >&2
  exit 1
fi
