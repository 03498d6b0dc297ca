#!/usr/bin/env bash
# Session 11's first device call (issue 4: tf32 4096³): stream_k = spares
# with the partial tiles' parts summed in C (HopperKernelPlan::
# streamKSumsInC: the spare TMA-stores its head with the epilogue, the owner
# TMA-reduces its tail onto it) against the same schedule compiled before
# the change (the *_ws bundle: partials through the fp32 workspace and the
# owner's registers), the data-parallel kernel and the 2x1 cluster. Bundles:
#   ONLY='^(wgmma_tf32_128x256x32_s4_(c2x1_)?persistent_tma_r4(_spares)?|epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares)$' \
#     scripts/prepare-device-artifacts.sh
#   plus wgmma_tf32_128x256x32_s4_persistent_tma_r4_spares_ws from the parent
#   commit (function renamed).
K=wgmma_tf32_128x256x32_s4
export NAME=session11-sums-in-c
export NEW="${K}_persistent_tma_r4_spares"
export WHOLE="epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares"
export WHOLE_ARGS="--alpha 1.5 --beta -0.5"
export CONTROLS="${K}_persistent_tma_r4_spares_ws ${K}_persistent_tma_r4 ${K}_c2x1_persistent_tma_r4"
export EDGE="4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 256x4096x512 896x4864x4096 4096x4096x64"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
export NCU="${K}_persistent_tma_r4_spares ${K}_persistent_tma_r4_spares_ws"
exec "$(dirname "$0")/../candidates-device-run.sh"
