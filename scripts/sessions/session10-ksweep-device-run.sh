#!/usr/bin/env bash
# Session 10: how much of a persistent 128x256 tile's time is fixed (the
# epilogue, the pipeline drain) and how much scales with K? Times the kernels
# at 4224x4096xK (528 tiles: exactly 4 waves on 132 SMs, no tail) for K =
# 1024 ... 8192, next to cuBLAS; time = a + b*K separates the per-tile fixed
# cost a/4 from the K loop. Bundles:
#   ONLY='^wgmma_(tf32_128x256x32_s4_(c2x1_)?persistent_tma_r4|bf16_128x256x64_s4_persistent_tma_rm4_r2)$' \
#     scripts/prepare-device-artifacts.sh
# Results: $OUT/summary.txt (+ logs in $OUT/session10-ksweep.tar.gz).
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session10-ksweep
BUDGET=${BUDGET:-400}
source scripts/lib/budgeted-session.sh
KERNELS=${KERNELS:-"wgmma_tf32_128x256x32_s4_persistent_tma_r4 wgmma_tf32_128x256x32_s4_c2x1_persistent_tma_r4 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2"}
for b in $KERNELS; do
  for k in 1024 2048 4096 8192; do
    timed_round "$b" "4224x4096x$k" 1 25
  done
done
{
  echo "== session 10 K sweep: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "bundle shape round ours-TFLOP/s cuBLAS-TFLOP/s ratio regs blocks/SM result; then microseconds"
  sort -k1,1 -k2,2V "$TABLE"
  awk '{split($2, s, "x"); f = 2 * s[1] * s[2] * s[3];
        printf "%-52s %-16s ours %8.1f us  cuBLAS %8.1f us\n", $1, $2, f / $4 / 1e6, f / $5 / 1e6}' "$TABLE" | sort -k1,1 -k2,2V
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt" 2>&1
finish_session
