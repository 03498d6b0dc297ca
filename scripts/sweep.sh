#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The randomized correctness sweep, on the GPU machine:
#   bash scripts/sweep.sh device-artifacts   (SEED, CASES, GROUPED_CASES optional)
# runs device-artifacts/bin/gemm-sweep over every bundle of the directory
# (scripts/prepare-device-artifacts.sh builds both here): CASES ordinary
# cases, then FP8 cases and GROUPED_CASES grouped (mixture-of-experts)
# cases, by default an eighth of CASES each, at least one per FP8 or
# grouped kernel (a failed grouped case prints the gemm-run command that
# replays it). It also chooses from the bundles
# scripts/prepare-sweep-cover.sh compiled for SEED's cases in
# device-artifacts/sweep-cover (--cover) where there are, and writes the log
# and the JSON results to $OUT (else ./sweep-out). Exits with gemm-sweep's
# code: 0 no failure, 1 a failed case, 2 bad input, 3 no GPU.
set -uo pipefail
artifacts=${1:?usage: sweep.sh ARTIFACTS-DIR}
seed=${SEED:-$(date +%s)}
cases=${CASES:-200}
grouped=()
[ -n "${GROUPED_CASES:-}" ] && grouped=(--grouped-cases "$GROUPED_CASES")
out=${OUT:-sweep-out}
mkdir -p "$out"
sweep="$artifacts/bin/gemm-sweep"
[ -x "$sweep" ] || { echo "sweep.sh: no $sweep (run scripts/prepare-device-artifacts.sh)" >&2; exit 2; }
nvidia-smi -L > "$out/gpu.txt" 2>&1 || true
cat "$artifacts/COMMIT" > "$out/commit.txt" 2>/dev/null || true
# Bundles scripts/prepare-sweep-cover.sh compiled for this seed's cases.
# COVER: their folder under the artifacts (default sweep-cover).
cover=()
coverDir=$artifacts/${COVER:-sweep-cover}
if [ -d "$coverDir" ]; then
  cover=(--cover "$coverDir")
  sed 's/^/sweep.sh: cover bundles planned for /' "$coverDir/SEED" 2>/dev/null
  cp "$coverDir/plan.txt" "$out/cover-plan-seed$seed.txt" 2>/dev/null || true
  cp "$coverDir/refused-by-compiler.txt" "$out/refused-by-compiler-seed$seed.txt" 2>/dev/null || true
fi
"$sweep" "$artifacts" --cases "$cases" --seed "$seed" "${grouped[@]}" "${cover[@]}" \
  --json-out "$out/sweep-seed$seed.json" 2>&1 | tee "$out/sweep-seed$seed.log"
code=${PIPESTATUS[0]}
echo "sweep.sh: seed $seed, exit code $code, logs in $out"
exit "$code"
