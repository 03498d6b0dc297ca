#!/usr/bin/env bash
# The randomized correctness sweep (issue 4) over every bundle of
# device-artifacts/ (scripts/prepare-device-artifacts.sh, about 31 MiB,
# carried as is): SWEEP_SEED (session 7: 14, session 8: 15), SWEEP_CASES
# (200). Results in $OUT/sweep.tar.gz. Session 7 ran it as
# session7-sweep-device-run.sh.
set -u
cd "$(dirname "$0")/.."
source scripts/lib/device-session.sh
echo "== sweep"
OUT=$OUT/sweep SEED=${SWEEP_SEED:-15} CASES=${SWEEP_CASES:-200} timeout 300 bash scripts/sweep.sh $D 2>&1 | tail -8
tar czf $OUT/sweep.tar.gz -C $OUT sweep 2>/dev/null
ls -la $OUT/sweep.tar.gz
