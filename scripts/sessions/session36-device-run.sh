#!/usr/bin/env bash
# Session 36's device call (bench/NOTES.md, "Session 36"), on an H200:
# issue 4's table at the final kernels, with the evidence for its two
# unmet rows taken in the same call.
#   table    scripts/sessions/session17-h100-device-run.sh, parts table, epilogue and
#            transpose (the table's rows, cuBLAS in the same process);
#   layouts  scripts/sessions/session31-device-run.sh, part tf32layouts: tf32 at
#            4096³ and 8192³ in each layout against cuBLAS tf32 in that
#            layout;
#   ceiling  scripts/sessions/session27-device-run.sh, parts ceiling, bound and
#            power: the wgmma-only ceiling at the bias + GELU shape and at
#            tf32 4096³ beside cuBLAS and our kernels, v_none (the bias +
#            GELU schedule without epilogue work, scripts/sessions/session27-prepare.sh)
#            and the sustained runs under the power cap.
# PARTS picks (default all three). Console in $OUT/console.txt; each
# script's logs in its own tarball under $OUT.
set -u
cd "$(dirname "$0")/../.."
PARTS=${PARTS:-table layouts ceiling}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
status=0
if wants table; then
  PARTS="table epilogue transpose" bash scripts/sessions/session17-h100-device-run.sh || status=1
fi
if wants layouts; then
  PARTS=tf32layouts bash scripts/sessions/session31-device-run.sh || status=1
fi
if wants ceiling; then
  PARTS="ceiling bound power" ROUNDS=2 SUSTAINED_MS=2000 bash scripts/sessions/session27-device-run.sh || status=1
fi
exit $status
