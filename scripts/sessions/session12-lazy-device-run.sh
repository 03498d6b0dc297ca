#!/usr/bin/env bash
# (The change it measures was reverted in ec05f50: neutral, see bench/NOTES.md "Session 12".)
# Session 12's third device call (issue 4): the epilogue's even rounds in
# the last stage, now released in the block's next K step rather than at
# the end of the epilogue (the second call's profile: that wait was the
# largest left, and the SM's TMA stores drain a 32 KiB round in about
# three times the time the threads take to write it). *_base: the same
# schedules compiled at 4a16e59 (before either change). Bundles:
#   ONLY='^(wgmma_tf32_128x256x32_s4_(c2x1_)?persistent_tma_(rm16_)?r4(_spares)?|wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r[24]|wgmma_bf16_64x64x64_s12_c2x1_persistent_tma|epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares)$' \
#     scripts/prepare-device-artifacts.sh
#   plus the *_base bundles.
T=wgmma_tf32_128x256x32_s4
B=wgmma_bf16_128x256x64_s4_persistent_tma
export NAME=session12-lazy
export NEW="${T}_persistent_tma_rm16_r4_spares ${T}_persistent_tma_r4_spares ${T}_persistent_tma_r4 ${T}_c2x1_persistent_tma_r4_spares ${B}_rm4_r2 ${B}_rm4_r4 wgmma_bf16_64x64x64_s12_c2x1_persistent_tma"
export WHOLE="epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares"
export WHOLE_ARGS="--alpha 1.5 --beta -0.5"
export EDGE="4097x4095x4093 1x1x1 129x257x65 896x4864x4096 4096x4096x64"
export SANITIZE="${T}_persistent_tma_rm16_r4_spares ${B}_rm4_r2"
export CONTROLS="${T}_persistent_tma_rm16_r4_spares_base ${T}_persistent_tma_r4_spares_base ${T}_persistent_tma_r4_base ${B}_rm4_r2_base"
export TIMED_BUNDLES="${T}_persistent_tma_rm16_r4_spares ${T}_persistent_tma_r4_spares ${T}_persistent_tma_r4 ${B}_rm4_r2 $CONTROLS"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
export NCU="${T}_persistent_tma_rm16_r4_spares ${T}_persistent_tma_rm16_r4_spares_base"
export NCU_SOURCE="${T}_persistent_tma_rm16_r4_spares"
exec "$(dirname "$0")/../candidates-device-run.sh"
