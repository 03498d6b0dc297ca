#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the stream_k kernels (bundles named *_streamk) on prebuilt
# device-artifacts/: the Hopper shapes where waves do not divide evenly and
# the small-MN ones (timed next to cuBLAS; the timing loop also checks that
# every launch leaves the tile counters at zero, or the next one would wait
# forever: hence the short per-run timeout), ragged shapes, 1x1x1, then
# memcheck and racecheck. Prints one line per run; logs under $OUT/stream-k/.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/stream-k
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs fp64|^ratio|SUMMARY|error:"
CHECK_TIMEOUT=${CHECK_TIMEOUT:-60}
source scripts/lib/device-check.sh
# KERNELS: the bundles (default every *_streamk one); SANITIZE=0 skips the
# sanitizer runs (SANITIZE_KERNELS: only those bundles).
for k in ${KERNELS:-$(ls "$D" | grep -E "_streamk$")}; do
  for s in ${SHAPES:-4096x4096x4096 2048x2048x2048 1024x1024x8192 128x4096x4096 16x4096x4096}; do
    IFS=x read -r m n kk <<<"$s"
    check "$k.$s" 0 "$R" "$D/$k/kernel.json" -m "$m" -n "$n" -k "$kk" --iterations 20
  done
  check "$k.ragged" 0 "$R" "$D/$k/kernel.json" -m 4097 -n 4095 -k 4093 --no-timing
  check "$k.one" 0 "$R" "$D/$k/kernel.json" -m 1 -n 1 -k 1 --no-timing
  # Few tiles, long ragged K: every block shares every tile.
  check "$k.few-tiles" 0 "$R" "$D/$k/kernel.json" -m 200 -n 300 -k 5001 --no-timing
  [ "${SANITIZE:-1}" = 1 ] || continue
  case " ${SANITIZE_KERNELS:-$k} " in *" $k "*) ;; *) continue ;; esac
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 1000 -n 1300 -k 2000 --no-timing --no-cublas --iterations 2
  check "$k.racecheck" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
    "$D/$k/kernel.json" -m 1000 -n 1300 -k 2000 --no-timing --no-cublas --iterations 1
done
echo "stream-k: $failures failure(s)"
[ "$failures" -eq 0 ]
