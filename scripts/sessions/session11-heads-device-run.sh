#!/usr/bin/env bash
# Session 11's second device call (issue 4: tf32 4096³): how many K steps a
# spare should take of each partial tile (h) now that the parts meet in C.
# The *_h<N> bundles are the spares schedule compiled with h fixed at N
# (StreamKPartition's balance gives 10 of 128 at 4096³; a temporary edit,
# not committed, function renamed); timed at 4096³ only, since a fixed h
# means nothing at other shapes. Bundles:
#   ONLY='^wgmma_tf32_128x256x32_s4_persistent_tma_r4(_spares)?$' \
#     scripts/prepare-device-artifacts.sh
#   plus wgmma_tf32_128x256x32_s4_persistent_tma_r4_spares_h{7,8,9,11,12}.
K=wgmma_tf32_128x256x32_s4
export NAME=session11-heads
export NEW=""
export SANITIZE=""
CONTROLS="${K}_persistent_tma_r4_spares ${K}_persistent_tma_r4"
for h in 7 8 9 11 12; do CONTROLS="$CONTROLS ${K}_persistent_tma_r4_spares_h$h"; done
export CONTROLS
export TIMED="4096x4096x4096"
export ROUNDS=3
exec "$(dirname "$0")/../candidates-device-run.sh"
