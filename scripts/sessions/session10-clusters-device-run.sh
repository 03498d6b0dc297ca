#!/usr/bin/env bash
# Session 10's second device call (issue 4: tf32 4096³): cuBLAS's tf32
# kernel at 4096³ is a 128x256x32 persistent kernel in 1x2 clusters that runs
# at 1.66 GHz against our 1.61 GHz and reads 294 MB from DRAM against our
# 373 MB (session10-facts). Do clusters with multicast (column-major B now
# splits along N) buy our kernels that clock? Bundles:
#   ONLY='^wgmma_(tf32_128x256x32_s4_(c[12]x[12]_)?persistent_tma_r4|bf16_128x256x64_s4_(c[12]x[12]_)?persistent_tma_rm4_r2)$' \
#     scripts/prepare-device-artifacts.sh
TF=wgmma_tf32_128x256x32_s4
BF=wgmma_bf16_128x256x64_s4
export NAME=session10-clusters
export NEW="${TF}_c2x1_persistent_tma_r4 ${TF}_c1x2_persistent_tma_r4 ${BF}_c2x1_persistent_tma_rm4_r2 ${BF}_c1x2_persistent_tma_rm4_r2"
export CONTROLS="${TF}_persistent_tma_r4 ${BF}_persistent_tma_rm4_r2"
export NCU="${TF}_c2x1_persistent_tma_r4 ${TF}_c1x2_persistent_tma_r4 ${BF}_c2x1_persistent_tma_rm4_r2"
exec "$(dirname "$0")/../candidates-device-run.sh"
