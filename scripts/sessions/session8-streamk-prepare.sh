#!/usr/bin/env bash
# Prepares device-artifacts/ for scripts/sessions/session8-streamk-device-run.sh:
# the data-parallel and stream-K 128x256 s3 persistent tma rm4 bundles from
# this build (scripts/prepare-device-artifacts.sh with the ONLY below), and
# the stream-K ones as earlier commits compiled them, for an A/B in one run:
#   <schedule>_d8a04dc  main before session 8 (membar.gl per tile, forward
#                       ranges: the 0.93x of session 7)
#   <schedule>_d4b21c9  release/acquire fixup only (forward ranges)
# Each old commit is exported with git archive to $OLD_ROOT/<commit> (default
# /tmp/gemm-opt-old) and only gemm-translate is built there (ccache hits
# most objects). OLD_COMMITS= (empty) skips them.
set -euo pipefail
cd "$(dirname "$0")/../.."
ONLY='^wgmma_(bf16|f16)_128x256x64_s3_persistent_tma_rm4(_streamk1)?$' \
  scripts/prepare-device-artifacts.sh
root=${OLD_ROOT:-/tmp/gemm-opt-old}
for commit in ${OLD_COMMITS-d8a04dc d4b21c9}; do
  src=$root/$commit
  if [ ! -x "$src/build/bin/gemm-translate" ]; then
    rm -rf "$src" && mkdir -p "$src"
    git archive "$commit" | tar -x -C "$src"
    (
      cd "$src"
      launcher=()
      if command -v ccache >/dev/null 2>&1; then
        export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
        launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache
                  -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
      fi
      cmake -G Ninja -S . -B build -DCMAKE_BUILD_TYPE=Release \
        "${launcher[@]}" >/dev/null
      ninja -C build gemm-translate >/dev/null
    )
  fi
  for t in bf16 f16; do
    name=wgmma_${t}_128x256x64_s3_persistent_tma_rm4_streamk1
    "$src/build/bin/gemm-translate" "bench/schedules/$name.mlir" --to-bundle \
      -o "device-artifacts/${name}_$commit/kernel.json"
  done
done
ls device-artifacts
du -sh device-artifacts
