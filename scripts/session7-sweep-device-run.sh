#!/usr/bin/env bash
# Session 7 (H200): the randomized correctness sweep (issue 4) over every
# bundle at main after the stream-K, SIMT and tuner merges, seed 14, 200
# cases; device-artifacts/ from scripts/prepare-device-artifacts.sh (31 MiB,
# carried as is). Results in $OUT/session7-sweep.tar.gz.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/device-session.sh
echo "== sweep"
OUT=$OUT/sweep SEED=${SWEEP_SEED:-14} CASES=${SWEEP_CASES:-200} timeout 300 bash scripts/sweep.sh $D 2>&1 | tail -8
tar czf $OUT/session7-sweep.tar.gz -C $OUT sweep 2>/dev/null
ls -la $OUT/session7-sweep.tar.gz
