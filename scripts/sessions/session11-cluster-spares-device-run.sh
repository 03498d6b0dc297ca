#!/usr/bin/env bash
# Session 11's third device call (issue 4: tf32 4096³): stream_k = spares
# over thread-block clusters (the partition over clusters and patches, both
# blocks of a 2x1 cluster on the same segments), for tf32 (parts summed in
# C) and bf16 (parts through the workspace), next to the spares kernel
# without a cluster and the data-parallel kernels. Ragged shapes put patches
# across C's edge (4097 rows: 33 tile rows, 17 patches). Bundles:
#   ONLY='^wgmma_(tf32_128x256x32_s4_(c2x1_)?persistent_tma_r4(_spares)?|bf16_128x256x64_s4_(c2x1_)?persistent_tma_rm4_r2(_spares)?)$' \
#     scripts/prepare-device-artifacts.sh
K=wgmma_tf32_128x256x32_s4
B=wgmma_bf16_128x256x64_s4
export NAME=session11-cluster-spares
export NEW="${K}_c2x1_persistent_tma_r4_spares ${B}_c2x1_persistent_tma_rm4_r2_spares"
export SANITIZE="$NEW"
export CONTROLS="${K}_persistent_tma_r4_spares ${K}_c2x1_persistent_tma_r4 ${K}_persistent_tma_r4 ${B}_persistent_tma_rm4_r2"
export EDGE="4097x4095x4093 1x1x1 1000x1300x2000 129x257x65 256x4096x512 896x4864x4096 4096x4096x64"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=3
export NCU="${K}_c2x1_persistent_tma_r4_spares"
exec "$(dirname "$0")/../candidates-device-run.sh"
