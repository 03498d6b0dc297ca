#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the GPU tests of the JIT's launch half (gemm-opt-launch-gputests,
# jit/launchtests/GpuLaunchTest.cpp) without LLVM/MLIR and compiles the
# bundles they launch, under launch-test-artifacts/:
#   launch-test-artifacts/gemm-opt-launch-gputests
#   launch-test-artifacts/bundles/<name>/kernel.json (+ .cubin, .ptx):
#     wgmma            examples/gemm_bf16_wgmma_sm90 (tensor maps in memory)
#     wgmma-by-value   the same with --tensor-maps-by-value
#     small-m          examples/gemm_bf16_wgmma_small_m_sm90 (runs C^T)
#     cluster          examples/gemm_bf16_wgmma_persistent_cluster_sm90
#     mma-sync         examples/gemm_bf16_sm90 (no TMA)
#     split-k          bench/schedules/wgmma_bf16_128x128x64_s4_sk2
#     split-k-by-value the same with --tensor-maps-by-value
#     stream-k         bench/schedules/wgmma_bf16_128x128x64_s5_persistent_tma_streamk
#     fp8-tensor       examples/gemm_fp8_wgmma_sm90 (per-tensor scales)
#     fp8-blocks       examples/gemm_fp8_block_scaled_sm90 (block scales)
#     fp8-batched      bench/schedules/wgmma_fp8_rowcol_128x128_s6_batched
#     fp8-e4m3-out     bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast
#                      (an e4m3 C with scale_d and the amax of D)
#     grouped-masked   examples/gemm_bf16_wgmma_grouped_masked_sm90 (group_rows)
#     grouped-fp8-e4m3-out bench/schedules/wgmma_fp8_tensor_e4m3_out_128x128_
#                      s5_grouped_masked (per-group tensor scales, e4m3 C)
#     grouped-contiguous examples/gemm_bf16_wgmma_grouped_contiguous_sm90
#                      (group_offsets)
#     grouped-bias-silu examples/gemm_bf16_wgmma_grouped_bias_silu_sm90
#                      (a per-group bias and SiLU, masked)
#     grouped-contiguous-rowbias bench/schedules/wgmma_bf16_128x256x64_s3_
#                      persistent_tma_grouped_contiguous_nt_rowbias_relu
#                      (a row bias of T entries and ReLU)
# On the GPU machine:
#   launch-test-artifacts/gemm-opt-launch-gputests launch-test-artifacts/bundles/*
# (or GEMM_OPT_LAUNCH_TEST_BUNDLES=dir1:dir2 ...). BUILD_DIR (default build/)
# holds gemm-translate; DEVICE_BUILD_DIR (default build-device/) is the
# runtime-only build, configured here with the tests on.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BUILD_DIR:-build}/bin
device=${DEVICE_BUILD_DIR:-build-device}
out=launch-test-artifacts
[ -x /usr/local/cuda/bin/nvcc ] && export PATH=/usr/local/cuda/bin:$PATH
launcher=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -G Ninja -S . -B "$device" -DCMAKE_BUILD_TYPE=Release \
  -DGEMM_OPT_ENABLE_COMPILER=OFF -DGEMM_OPT_BUILD_TESTS=ON "${launcher[@]}" >/dev/null
ninja -C "$device" -j2 gemm-opt-launch-gputests
if ldd "$device/bin/gemm-opt-launch-gputests" | grep -q 'libLLVM\|libMLIR'; then
  echo "gemm-opt-launch-gputests links libLLVM" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out/bundles"
cp "$device/bin/gemm-opt-launch-gputests" "$out/"
bundle() { # name, schedule, gemm-translate flags...
  local name=$1 schedule=$2
  shift 2
  "$bin/gemm-translate" "$schedule" "$@" --to-bundle -o "$out/bundles/$name/kernel.json"
}
bundle wgmma examples/gemm_bf16_wgmma_sm90.mlir
bundle wgmma-by-value examples/gemm_bf16_wgmma_sm90.mlir --tensor-maps-by-value
bundle small-m examples/gemm_bf16_wgmma_small_m_sm90.mlir
bundle cluster examples/gemm_bf16_wgmma_persistent_cluster_sm90.mlir
bundle mma-sync examples/gemm_bf16_sm90.mlir
bundle split-k bench/schedules/wgmma_bf16_128x128x64_s4_sk2.mlir
bundle split-k-by-value bench/schedules/wgmma_bf16_128x128x64_s4_sk2.mlir \
  --tensor-maps-by-value
bundle stream-k bench/schedules/wgmma_bf16_128x128x64_s5_persistent_tma_streamk.mlir
bundle fp8-tensor examples/gemm_fp8_wgmma_sm90.mlir
bundle fp8-blocks examples/gemm_fp8_block_scaled_sm90.mlir
bundle fp8-batched bench/schedules/wgmma_fp8_rowcol_128x128_s6_batched.mlir
bundle fp8-e4m3-out bench/schedules/wgmma_fp8_tensor_e4m3_out_128x256_s4_r2_fast.mlir
bundle grouped-masked examples/gemm_bf16_wgmma_grouped_masked_sm90.mlir
bundle grouped-fp8-e4m3-out \
  bench/schedules/wgmma_fp8_tensor_e4m3_out_128x128_s5_grouped_masked.mlir
bundle grouped-contiguous examples/gemm_bf16_wgmma_grouped_contiguous_sm90.mlir
bundle grouped-bias-silu examples/gemm_bf16_wgmma_grouped_bias_silu_sm90.mlir
bundle grouped-contiguous-rowbias \
  bench/schedules/wgmma_bf16_128x256x64_s3_persistent_tma_grouped_contiguous_nt_rowbias_relu.mlir
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || echo unknown > "$out/COMMIT"
du -sh "$out"
