#!/usr/bin/env bash
# Session 12's last device call: the tf32 example at the final commit (the
# persistent spares kernel in strips of 16 tiles): edge shapes, a C pitch
# TMA cannot take, memcheck and racecheck, timed at 4096³ and 8192³ next
# to the spares kernel in strips of 8. Bundles:
#   ONLY='^(gemm_tf32_wgmma_sm90|wgmma_tf32_128x256x32_s4_persistent_tma_r4_spares)$' \
#     scripts/prepare-device-artifacts.sh
export NAME=session12-final
export NEW="gemm_tf32_wgmma_sm90"
export EDGE="4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 256x4096x512 896x4864x4096 4096x4096x64"
export CONTROLS="wgmma_tf32_128x256x32_s4_persistent_tma_r4_spares"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
exec "$(dirname "$0")/../candidates-device-run.sh"
