#!/usr/bin/env bash
# Session 5's first device call (H200): the stream-K kernels with the grid
# sized by K steps (all SMs even when the tiles are few) on the Hopper
# benchmark shapes next to cuBLAS, their checks (ragged, 1x1x1, memcheck),
# and Nsight Compute profiles of the 4096³ stream-K kernel, its data-parallel
# twin and cuBLAS, and of the small-MN 64x64 kernels. Everything lands in
# one tarball under $OUT (the device tool returns few files).
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-./device-out}
D=device-artifacts
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
echo "== stream-K checks and timings"
SHAPES=${SHAPES:-"4096x4096x4096 2048x2048x2048 1024x1024x8192 128x4096x4096 16x4096x4096"} \
  SANITIZE_KERNELS="wgmma_bf16_64x128x64_s8_persistent_tma_streamk wgmma_bf16_128x128x64_s6_persistent_tma_streamk" \
  OUT=$OUT timeout 330 bash scripts/stream-k-check.sh $D 2>&1 | tail -60
echo "== profiles"
PROFILES=${PROFILES:-"wgmma_bf16_128x256x64_s3_persistent_tma_streamk:4096x4096x4096 wgmma_bf16_128x256x64_s3_persistent_tma:4096x4096x4096 wgmma_bf16_64x64x64_s12_persistent_tma:128x4096x4096 wgmma_bf16_64x64x64_s12_tma:128x4096x4096"} \
  OUT=$OUT timeout 200 bash scripts/profile-kernels.sh $D 2>&1 | tail -40
tar czf $OUT/session5-stream-k.tar.gz -C $OUT stream-k profile 2>/dev/null
ls -la $OUT/session5-stream-k.tar.gz
