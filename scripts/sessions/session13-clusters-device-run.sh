#!/usr/bin/env bash
# Session 13, second call: the tf32 spares kernel on 2x1 and 1x2 clusters
# (cuBLAS's tf32 kernel at 4096³ runs 1x2 clusters) in strips of 4, 8 and
# 16, next to the tf32 example (no cluster, strips of 16). Bundles: the
# example (ONLY='^gemm_tf32_wgmma_sm90$' scripts/prepare-device-artifacts.sh)
# and copies of wgmma_tf32_128x256x32_s4_c2x1_persistent_tma_r4_spares.mlir
# with the cluster and raster changed, renamed c{2x1,1x2}_spares_r{m,n}<G>.
export NAME=session13-clusters
export NEW="c1x2_spares_rm16 c2x1_spares_rm16"
export EDGE="4097x4095x4093 1x1x1 896x4864x4096 4096x4096x64"
export SANITIZE="c1x2_spares_rm16"
export TIMED_BUNDLES="gemm_tf32_wgmma_sm90 c2x1_spares_rm16 c2x1_spares_rm8 c2x1_spares_rm4 c1x2_spares_rm16 c1x2_spares_rm8 c1x2_spares_rn8"
export TIMED="4096x4096x4096 8192x8192x8192"
export ROUNDS=2
export NCU="gemm_tf32_wgmma_sm90 c2x1_spares_rm16 c1x2_spares_rm16"
exec "$(dirname "$0")/../candidates-device-run.sh"
