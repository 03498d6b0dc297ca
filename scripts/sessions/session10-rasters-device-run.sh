#!/usr/bin/env bash
# Session 10's sixth device call (issue 4: tf32 4096³): the 2x1-cluster tf32
# kernel under other rasters (DRAM traffic sets the power-limited clock:
# session10-facts/clusters). Bundles:
#   ONLY='^wgmma_tf32_128x256x32_s4_(c2x1_)?persistent_tma_(r[mn][0-9]+_)?r4$' \
#     scripts/prepare-device-artifacts.sh
K=wgmma_tf32_128x256x32_s4
export NAME=session10-rasters
export NEW="${K}_c2x1_persistent_tma_rm4_r4 ${K}_c2x1_persistent_tma_rm16_r4 ${K}_c2x1_persistent_tma_rn8_r4"
export CONTROLS="${K}_c2x1_persistent_tma_r4 ${K}_persistent_tma_r4"
export SANITIZE=""
export EDGE="4097x4095x4093 1x1x1"
export TIMED="4096x4096x4096 8192x8192x8192"
export NCU="${K}_c2x1_persistent_tma_rm4_r4 ${K}_c2x1_persistent_tma_rn8_r4"
exec "$(dirname "$0")/../candidates-device-run.sh"
