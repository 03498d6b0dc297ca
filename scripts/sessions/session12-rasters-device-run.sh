#!/usr/bin/env bash
# Session 12's first device call (issue 4: tf32 4096³): the raster order of
# the spares kernel (along M by 4, 8 — the shipped one — and 16, along N by
# 8 and 16): how much of A and B each wave reads from DRAM, and with it the
# clock, which is what keeps the kernel 0.2–0.6 % short of cuBLAS; and
# where the spares kernel's warps stall, per SASS instruction. Bundles:
#   ONLY='^wgmma_tf32_128x256x32_s4_persistent_tma_(r[mn][0-9]+_)?r4_spares$' \
#     scripts/prepare-device-artifacts.sh
K=wgmma_tf32_128x256x32_s4_persistent_tma
export NAME=session12-rasters
export NEW="${K}_rn8_r4_spares ${K}_rn16_r4_spares ${K}_rm16_r4_spares ${K}_rm4_r4_spares"
export EDGE="4097x4095x4093 1x1x1 896x4864x4096"
export SANITIZE=""
export CONTROLS="${K}_r4_spares"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
export NCU="$CONTROLS $NEW"
export NCU_SOURCE="$CONTROLS"
exec "$(dirname "$0")/../candidates-device-run.sh"
