#!/usr/bin/env bash
# Session 14's last device call, on the final commit's artifacts (the full
# scripts/prepare-device-artifacts.sh set): the bf16 and tf32 examples on
# edge shapes, and the issue-4 timings next to cuBLAS in the same process —
# bf16, tf32 and the fp32 SIMT example at 4096³ and 8192³, bf16 at
# 4097x4095x4096 and 8191³. Results in $OUT/session14-final{,-ragged}/.
set -u
here=$(dirname "$0")
OUT_ROOT=$OUT
OUT=$OUT_ROOT/main NAME=session14-final NEW="gemm_bf16_wgmma_sm90 gemm_tf32_wgmma_sm90" \
  SANITIZE="" EDGE="4097x4095x4093 1x1x1 1000x1300x2000" \
  CONTROLS="gemm_f32_simt_sm90" TIMED="4096x4096x4096 8192x8192x8192" ROUNDS=2 \
  bash "$here/../candidates-device-run.sh"
OUT=$OUT_ROOT/ragged NAME=session14-final-ragged NEW="" SANITIZE="" \
  CONTROLS="gemm_bf16_wgmma_sm90" TIMED="4097x4095x4096 8191x8191x8191" ROUNDS=2 \
  bash "$here/../candidates-device-run.sh"
