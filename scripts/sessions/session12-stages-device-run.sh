#!/usr/bin/env bash
# (The change it measures was reverted in ec05f50: neutral, see bench/NOTES.md "Session 12".)
# Session 12's second device call (issue 4: tf32 4096³): the tma epilogue's
# even store rounds in the B buffer of the tile's last K step
# (HopperKernelPlan::evenRoundsInLastStage), so that a round no longer
# waits for the previous round's TMA stores to leave the SM (the session-12
# stall profile: ~2 % of the consumers' time in those waits at tf32 4096³).
# The *_base bundles are the same schedules compiled at 4a16e59 (before
# the change; functions renamed). Bundles:
#   ONLY='^(wgmma_tf32_128x256x32_s4_(c[12]x[12]_)?persistent_tma_(rm16_)?r4(_spares)?|wgmma_(bf16|f16)_128x256x64_s4_persistent_tma_rm4_r[24]|wgmma_bf16_64x128x64_s8_persistent_tma|wgmma_bf16_64x64x64_s12_c2x1_persistent_tma|gemm_bf16_wgmma_batched_sm90|epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares|epilogue_bf16_wgmma_bias_gelu_s4_persistent_tma_r2)$' \
#     scripts/prepare-device-artifacts.sh
#   plus the *_base bundles.
T=wgmma_tf32_128x256x32_s4
B=wgmma_bf16_128x256x64_s4_persistent_tma
export NAME=session12-stages
export NEW="${T}_persistent_tma_rm16_r4_spares ${T}_c1x2_persistent_tma_r4 ${T}_persistent_tma_r4_spares ${T}_persistent_tma_r4 ${T}_c2x1_persistent_tma_r4_spares ${B}_rm4_r2 ${B}_rm4_r4 wgmma_f16_128x256x64_s4_persistent_tma_rm4_r2 wgmma_bf16_64x128x64_s8_persistent_tma wgmma_bf16_64x64x64_s12_c2x1_persistent_tma"
export WHOLE="epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares epilogue_bf16_wgmma_bias_gelu_s4_persistent_tma_r2"
export WHOLE_ARGS="--alpha 1.5 --beta -0.5"
export EDGE="4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 896x4864x4096 4096x4096x64"
export SANITIZE="${T}_persistent_tma_rm16_r4_spares ${T}_c2x1_persistent_tma_r4_spares ${B}_rm4_r2"
export CONTROLS="${T}_persistent_tma_rm16_r4_spares_base ${T}_persistent_tma_r4_spares_base ${T}_persistent_tma_r4_base ${B}_rm4_r2_base"
TIMED_NEW="${T}_persistent_tma_rm16_r4_spares ${T}_persistent_tma_r4_spares ${T}_persistent_tma_r4 ${B}_rm4_r2"
export TIMED_BUNDLES="$TIMED_NEW $CONTROLS"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
export NCU="${T}_persistent_tma_rm16_r4_spares ${T}_persistent_tma_rm16_r4_spares_base"
export NCU_SOURCE="${T}_persistent_tma_rm16_r4_spares"
exec "$(dirname "$0")/../candidates-device-run.sh"
