#!/usr/bin/env bash
# Session 13, first call (branch exp-stagger): are the tf32 kernel's
# epilogues slow because every block stores its tile at the same moment?
#   - ncu durations of the tf32 example with one K step (the epilogue
#     alone) on 32, 132 and 528 tiles;
#   - the example with block b delayed (b mod P)·D cycles at its start
#     (GEMM_OPT_STAGGER=P,D), timed next to the undelayed one.
# Bundles:
#   ONLY='^gemm_tf32_wgmma_sm90$' scripts/prepare-device-artifacts.sh
#   for v in 8,350 8,700 16,350 16,700 4,1400; do
#     GEMM_OPT_STAGGER=$v build/bin/gemm-translate examples/gemm_tf32_wgmma_sm90.mlir \
#       --to-bundle -o device-artifacts/tf32_stagger_${v/,/_}/kernel.json; done
export NAME=session13-stagger
export NEW="tf32_stagger_8_700"
export EDGE="4097x4095x4093 1x1x1 896x4864x4096"
export SANITIZE=""
export TIMED_BUNDLES="gemm_tf32_wgmma_sm90 tf32_stagger_8_350 tf32_stagger_8_700 tf32_stagger_16_350 tf32_stagger_16_700 tf32_stagger_4_1400"
export TIMED="4096x4096x4096 4224x4096x4096"
export ROUNDS=2
export NCU="gemm_tf32_wgmma_sm90"
export NCU_SHAPES="1024x1024x32 1408x3072x32 4224x4096x32 1408x3072x256 4224x4096x256"
exec "$(dirname "$0")/../candidates-device-run.sh"
