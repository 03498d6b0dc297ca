#!/usr/bin/env bash
# Session 10's fourth device call (issue 4: tf32 4096³). The K sweep showed
# a fixed cost of ~3.3 µs per 128x256 tf32 tile (the epilogue and the
# pipeline drain: 3.9 % at K = 4096) on top of the 3 % tail. Ping-pong
# consumer groups (consumer_groups = 2: one warpgroup per tile, the other
# group's main loop runs during this one's epilogue) hide the fixed cost at
# the price of more operand traffic per FLOP. Measured before the C7520 fix
# only (64x256 bf16) or never (tf32). Bundles:
#   ONLY='^wgmma_(tf32_(64x256x32_s4_(c2x1_)?pingpong_tma(_r2)?|128x128x32_s4_pingpong_tma|128x256x32_s4_(c2x1_)?persistent_tma_r4)|bf16_(64x256x64_s4_pingpong_tma|128x256x64_s4_persistent_tma_rm4_r2))$' \
#     scripts/prepare-device-artifacts.sh
export NAME=session10-pingpong
export NEW="wgmma_tf32_64x256x32_s4_pingpong_tma wgmma_tf32_64x256x32_s4_pingpong_tma_r2 wgmma_tf32_64x256x32_s4_c2x1_pingpong_tma wgmma_tf32_128x128x32_s4_pingpong_tma wgmma_bf16_64x256x64_s4_pingpong_tma"
export CONTROLS="wgmma_tf32_128x256x32_s4_persistent_tma_r4 wgmma_tf32_128x256x32_s4_c2x1_persistent_tma_r4 wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2"
export TIMED="4096x4096x4096 8192x8192x8192 4224x4096x4096"
export NCU="wgmma_tf32_64x256x32_s4_pingpong_tma"
exec "$(dirname "$0")/../candidates-device-run.sh"
