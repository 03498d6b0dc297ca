#!/usr/bin/env bash
# Session 10's fifth device call (issue 4: tf32 4096³): the TMA-store rounds
# double-buffered (a persistent warpgroup writes one half of its staging
# part while TMA reads the other; HopperKernelPlan::stagingBuffers) against
# the same schedules compiled before the change (the *_1buf bundles, built at
# the parent commit from the same schedule files, function renamed). The K
# sweep put a tf32 tile's fixed cost at ~3.3 µs, most of it the epilogue's
# four waits for TMA reads. Bundles:
#   ONLY='^wgmma_(tf32_128x256x32_s4_(c2x1_)?persistent_tma_r4(_spares)?|(bf16|f16)_128x256x64_s4_persistent_tma_rm4_r2)$' \
#     scripts/prepare-device-artifacts.sh
#   plus the *_1buf bundles of the same schedules from before the change.
K=wgmma_tf32_128x256x32_s4
export NAME=session10-buffers
export NEW="${K}_persistent_tma_r4 ${K}_c2x1_persistent_tma_r4 ${K}_persistent_tma_r4_spares wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2 wgmma_f16_128x256x64_s4_persistent_tma_rm4_r2"
CONTROLS=""
for b in $NEW; do CONTROLS="$CONTROLS ${b}_1buf"; done
export CONTROLS
export SANITIZE="${K}_persistent_tma_r4 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2"
export TIMED="4096x4096x4096 8192x8192x8192 4224x4096x4096"
export NCU="${K}_persistent_tma_r4 ${K}_persistent_tma_r4_1buf"
exec "$(dirname "$0")/../candidates-device-run.sh"
