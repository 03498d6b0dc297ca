#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Compiles the schedules a sweep's cases need and no shipped bundle claims
# (tools/gemm-sweep/SweepCoverPlan.h), after scripts/prepare-device-artifacts.sh:
#   SEED=17 CASES=200 scripts/prepare-sweep-cover.sh
# plans with build/bin/gemm-sweep device-artifacts --plan-cover (the same
# cases the device draws: the cover bundles are not aimed at), compiles each
# schedule into device-artifacts/sweep-cover/<name>/ and lists the ones the
# compiler refuses, with its diagnostic, in
# device-artifacts/sweep-cover/refused-by-compiler.txt. scripts/sweep.sh then
# passes --cover device-artifacts/sweep-cover. COVER names another folder
# under device-artifacts (one per seed, to carry several); BUILD_DIR as for
# prepare-device-artifacts.sh; JOBS compiles in parallel (default: nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${SEED:?SEED is the sweep seed to plan for}
cases=${CASES:-200}
bin=${BUILD_DIR:-build}/bin
artifacts=device-artifacts
[ -d "$artifacts" ] || { echo "no $artifacts (run scripts/prepare-device-artifacts.sh)" >&2; exit 2; }
schedules=$(mktemp -d)
trap 'rm -rf "$schedules"' EXIT
cover=$artifacts/${COVER:-sweep-cover}
rm -rf "$cover"
mkdir -p "$cover"
"$bin/gemm-sweep" "$artifacts" --seed "$seed" --cases "$cases" \
  --plan-cover "$schedules" | tee "$cover/plan.txt"
echo "seed $seed, $cases cases" >"$cover/SEED"
compile() { # schedule.mlir -> $cover/<name>/ or a line in refused-by-compiler.txt
  local name
  name=$(basename "$1" .mlir)
  if ! "$bin/gemm-translate" "$1" --to-bundle -o "$cover/$name/kernel.json" \
      >"$cover/$name.log" 2>&1; then
    rm -rf "${cover:?}/$name"
    { echo "== $name"; grep -m3 "error" "$cover/$name.log"; } >>"$cover/refused-by-compiler.txt"
  fi
  rm -f "$cover/$name.log"
}
export -f compile
export bin cover
find "$schedules" -name '*.mlir' -print0 |
  xargs -0 -r -n1 -P "${JOBS:-$(nproc)}" bash -c 'compile "$0"'
compiled=$(find "$cover" -name kernel.json | wc -l)
refused=$(grep -c '^== ' "$cover/refused-by-compiler.txt" 2>/dev/null || true)
echo "prepare-sweep-cover: $compiled bundles in $cover, ${refused:-0} schedules refused by the compiler"
[ -f "$cover/refused-by-compiler.txt" ] && cat "$cover/refused-by-compiler.txt"
du -sh "$cover"
