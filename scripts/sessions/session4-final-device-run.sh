#!/usr/bin/env bash
# Session 4's closing device call (H200): the batched-GEMM checks, the
# randomized sweep over every bundle (seed $SWEEP_SEED), and the Hopper
# benchmark table for the best schedules of each shape, each under its own
# time limit so the call fits the device tool's 600 s. Results under $OUT
# (the table's .md/.png and the sweep's JSON are bundled into one tarball,
# session4-results.tar.gz, because the device tool returns few files).
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-./device-out}
D=device-artifacts
echo "== batched checks"
OUT=$OUT PARTS="checks bench sanitize" timeout 200 bash scripts/batched-check.sh $D 2>&1 | tail -45
echo "== sweep"
OUT=$OUT/sweep SEED=${SWEEP_SEED:-11} CASES=${SWEEP_CASES:-300} timeout 150 bash scripts/sweep.sh $D 2>&1 | tail -12
echo "== hopper benchmark"
BUNDLES=${BUNDLES:-"wgmma_bf16_128x256x64_s3_persistent_tma wgmma_f16_128x256x64_s3_persistent_tma wgmma_bf16_128x128x64_s6_sk2 wgmma_bf16_64x64x64_s12_persistent_tma wgmma_f16_128x128x64_s6_sk2 wgmma_f16_64x64x64_s12_persistent_tma"}
OUT=$OUT/bench ITERATIONS=30 DEADLINE=150 BUNDLES="$BUNDLES" timeout 220 bash bench/hopper-benchmark.sh $D 2>&1 | tail -18
tar czf $OUT/session4-results.tar.gz -C $OUT bench/hopper-benchmark.md bench/hopper-benchmark.png bench/hopper-results.json sweep 2>/dev/null
ls -la $OUT/session4-results.tar.gz
