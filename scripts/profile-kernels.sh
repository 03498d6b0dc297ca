#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Profiles gemm-opt kernels and the cuBLAS kernel of the same problem with
# Nsight Compute on the GPU machine (device-artifacts/ carried):
#
#   PROFILES="bundle:MxNxK bundle:MxNxK ..." scripts/profile-kernels.sh [ARTIFACTS]
#
# For each pair, gemm-run runs the bundle once (plus one timed run) and ncu
# records every GEMM kernel of that process (ours and cuBLAS's, validation and
# timed launches) with the speed-of-light, memory, scheduler and warp-state
# sections at the clocks the benchmark runs at (--clock-control none). The
# text reports land in $OUT/profile/<bundle>.<shape>.txt, a one-line summary
# per kernel (name, grid, duration, DRAM and SM throughput) on stdout.
# NCU_EXTRA adds ncu options (e.g. "--section SourceCounters" for the top
# stall locations).
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/profile
mkdir -p "$OUT"
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
for entry in ${PROFILES:?PROFILES=\"bundle:MxNxK ...\"}; do
  bundle=${entry%%:*}
  shape=${entry#*:}
  IFS=x read -r m n k <<<"$shape"
  report=$OUT/$bundle.$shape.txt
  timeout "${PROFILE_TIMEOUT:-120}" "$NCU" --clock-control none \
    --kernel-name regex:'wgmma|nvjet|gemm|sm90|xmma|cutlass' \
    --launch-count "${LAUNCHES:-4}" \
    --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section SchedulerStats --section WarpStateStats --section LaunchStats \
    --section Occupancy ${NCU_EXTRA:-} \
    "$D/bin/gemm-run" "$D/$bundle/kernel.json" -m "$m" -n "$n" -k "$k" \
    --iterations 1 --warmup 0 >"$report" 2>&1
  echo "== $bundle $shape (rc=$?)"
  # One line per profiled kernel: name, grid, duration, DRAM and SM throughput.
  awk '/^  [^ ].*\(([0-9]+, ){2}[0-9]+\)x\(/ {name=$1; grid=$0; sub(/^[^(]*/, "", grid)}
       /Duration/ {d=$NF" "$(NF-1)}
       /DRAM Throughput/ {dram=$NF}
       /Compute \(SM\) Throughput/ {print name, grid, "time", d, "dram%", dram, "sm%", $NF}' \
    "$report" | cut -c1-200
done
