#!/usr/bin/env bash
# Session 9's second device call (issue 3: 4096³; issue 4: tf32 4096³):
# `stream_k = spares` — the partial last wave's tiles stay with their
# blocks, which start them at K step h, and the 16 blocks that wave leaves
# idle compute the first h steps of those tiles first
# (passes/StreamKPartition.h) — against the data-parallel and the
# stream_k = 1 kernels. Run from the repository root on the GPU machine with
# bundles prepared by
#
#   ONLY='^wgmma_((bf16|f16)_128x256x64_s(3_persistent_tma_rm4|4_persistent_tma_rm4_r2(_streamk1|_spares)?)|tf32_128x256x32_s4_persistent_tma_r4(_streamk1|_spares)?)$' \
#     scripts/prepare-device-artifacts.sh
#
# Steps, each under the time budget BUDGET (default 480 s):
#   1. the spares kernels checked against cuBLAS and fp64 (no timing):
#      ragged 4097x4095x4093, 1x1x1, 200x300x5001, 1000x1300x2000,
#      896x4864x4096 (133 tiles on 132 blocks: a partial wave of one
#      tile, halved with a spare), 4096x4096x64 (one K step: h = 0, no
#      split), 256x512x96;
#   2. 4096³ and 8192³ timed next to cuBLAS (bf16, f16, tf32), ROUNDS
#      interleaved rounds of ITER runs (median, L2 flushed);
#   3. compute-sanitizer memcheck, racecheck twice and synccheck on the
#      bf16 spares kernel at 640x768x640 (15 tiles on 132 blocks: every
#      tile split, 117 spares) and memcheck on the tf32 one.
# Results: $OUT/session9-spares.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session9-spares
BUDGET=${BUDGET:-480}
source scripts/lib/budgeted-session.sh

BF=128x256x64_s4_persistent_tma_rm4_r2
TF=wgmma_tf32_128x256x32_s4_persistent_tma_r4
SPARES="wgmma_bf16_${BF}_spares wgmma_f16_${BF}_spares ${TF}_spares"
for b in $SPARES; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); }
done

echo "== 1. edge cases"
for b in $SPARES; do
  shape_checks "$b" 8 4097x4095x4093 1x1x1 200x300x5001 1000x1300x2000 \
    896x4864x4096 4096x4096x64 256x512x96
done

echo "== 2. timed next to cuBLAS"
for round in $(seq 1 "$ROUNDS"); do
  for t in bf16 f16; do
    for v in s3_persistent_tma_rm4 ${BF#128x256x64_} ${BF#128x256x64_}_spares ${BF#128x256x64_}_streamk1; do
      b=wgmma_${t}_128x256x64_$v
      [ -f "$D/$b/kernel.json" ] && timed_round "$b" 4096x4096x4096 "$round" 30
    done
  done
  for v in "" _spares _streamk1; do
    [ -f "$D/$TF$v/kernel.json" ] && timed_round "$TF$v" 4096x4096x4096 "$round" 30
  done
  for t in bf16 f16; do
    for v in _streamk1 _spares; do
      b=wgmma_${t}_$BF$v
      [ -f "$D/$b/kernel.json" ] && timed_round "$b" 8192x8192x8192 "$round" 30
    done
  done
  for v in _streamk1 _spares; do
    [ -f "$D/$TF$v/kernel.json" ] && timed_round "$TF$v" 8192x8192x8192 "$round" 30
  done
done

echo "== 3. compute-sanitizer"
b=wgmma_bf16_${BF}_spares
if [ -f "$D/$b/kernel.json" ]; then
  shape=(-m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas)
  filter=(--kernel-name "kns=${b}_kernel")
  run_check "$b.memcheck" 0 30 "$SAN" --tool memcheck --error-exitcode 86 \
    "${filter[@]}" "$R" "$D/$b/kernel.json" "${shape[@]}"
  for run in 1 2; do
    run_check "$b.racecheck$run" 0 40 "$SAN" --tool racecheck --error-exitcode 86 \
      "${filter[@]}" "$R" "$D/$b/kernel.json" "${shape[@]}"
  done
  run_check "$b.synccheck" 0 30 "$SAN" --tool synccheck --error-exitcode 86 \
    "${filter[@]}" "$R" "$D/$b/kernel.json" "${shape[@]}"
fi
if [ -f "$D/${TF}_spares/kernel.json" ]; then
  run_check "${TF}_spares.memcheck" 0 30 "$SAN" --tool memcheck --error-exitcode 86 \
    --kernel-name "kns=${TF}_spares_kernel" "$R" "$D/${TF}_spares/kernel.json" \
    -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
fi

{
  echo "== session 9 spares: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  print_timing_table -k2,2 -k1,1 -k3,3
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt"
FAIL_ON_SKIPS=1 finish_session
