#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Regenerates the tables of docs/performance.md on a GPU machine, from a
# prepared artifacts folder (scripts/prepare-device-artifacts.sh: bin/gemm-run,
# bin/transpose-run, one bundle per example and bench schedule, COMMIT):
#
#   bash bench/performance.sh [ARTIFACTS]        (default: device-artifacts/)
#
# PARTS picks the tables (default: all; each part fits one 600 s device call):
#   hopper     bf16/f16 wgmma at the Hopper benchmark shapes (bench/hopper-benchmark.sh
#              over the best schedules per shape; its report prints the table)
#   wgmma      the bf16 example at square and ragged shapes; tf32 in each layout
#   simt       fp32 SIMT (ffma) in each layout
#   epilogue   fused epilogues: bias + GELU against cuBLAS + a kernel and cuBLASLt,
#              residual and alpha/beta against cuBLAS's beta, SIMT alpha/beta
#   transpose  f32 transposes against a device-to-device copy
#   fp8        e4m3 GEMMs against cuBLASLt's FP8 matmul with the same scale
#              modes (per tensor, per row/column, 1x128 / 128x128 blocks)
#   grouped    grouped GEMMs (mixture of experts, contiguous layout) against
#              torch._grouped_mm and torch._scaled_grouped_mm, with the
#              roofline of each case (bench/grouped-moe.py; needs torch)
# ITERATIONS (default 40) timed runs per kernel; ROUNDS (default 2) rounds of
# each timing. Each part prints a Markdown table with device, date and commit.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
ARTIFACTS=${1:-device-artifacts}
ARTIFACTS=${ARTIFACTS%/}
PARTS=${PARTS:-hopper wgmma simt epilogue transpose fp8 grouped}
ITERATIONS=${ITERATIONS:-40}
ROUNDS=${ROUNDS:-2}
RUN=$ARTIFACTS/bin/gemm-run
TRANSPOSE_RUN=$ARTIFACTS/bin/transpose-run
export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
failures=0
wants() { [[ " $PARTS " == *" $1 "* ]]; }

header() { # TITLE [BASELINE]
  local gpu commit
  gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
  commit=$(tr -d '[:space:]' <"$ARTIFACTS/COMMIT" 2>/dev/null)
  echo
  echo "### $1"
  echo "${gpu:-unknown GPU}, bundles of ${commit:-unknown}, $(date -u +%Y-%m-%d)," \
    "median of $ITERATIONS runs, L2 flushed, ${2:-cuBLAS} timed in the same process"
  echo
}

# timed LABEL BUNDLE SHAPE [gemm-run flags...]: one table row per round,
# "| label | shape | gemm-opt ms | cuBLAS ms | ratio |".
timed() {
  local label=$1 bundle=$2 shape=$3 m n k round log
  shift 3
  IFS=x read -r m n k <<<"$shape"
  for ((round = 1; round <= ROUNDS; round++)); do
    log=$(mktemp)
    if ! "$RUN" "$ARTIFACTS/$bundle/kernel.json" -m "$m" -n "$n" -k "$k" \
      --iterations "$ITERATIONS" "$@" >"$log" 2>&1; then
      failures=$((failures + 1))
      echo "| $label | $shape | failed: $(grep -m1 -E 'error|FAIL' "$log") | | |"
    else
      # FP8 kernels are timed against cuBLASLt ("cuBLASLt : 0.11 ms").
      echo "| $label | $shape | $(awk '/^gemm-opt :/ {print $3}' "$log") |" \
        "$(awk '/^cuBLAS   :/ || /^cuBLASLt : [0-9]/ {print $3}' "$log") |" \
        "$(awk '/^ratio    :/ {print $3}' "$log") |"
    fi
    rm -f "$log"
  done
}

table_head() {
  echo "| kernel | shape | gemm-opt ms | cuBLAS ms | ratio |"
  echo "|---|---|---|---|---|"
}

if wants hopper; then
  header "bf16 / f16 wgmma at the Hopper benchmark shapes (best schedule per shape)"
  list=""
  for t in bf16 f16; do
    for s in 128x256x64_s4_persistent_tma_rm4_r2 128x256x64_s4_persistent_tma_rm4_r2_streamk1 \
      128x256x64_s4_tma 64x128x64_s8_rm4_tma 64x64x64_s13_rm4_tma ccc_64x16x64_s16_persistent; do
      [ -d "$ARTIFACTS/wgmma_${t}_$s" ] && list+=" wgmma_${t}_$s"
    done
    list+=" gemm_${t}_wgmma_sm90"
  done
  OUT=${OUT:-$PWD/bench-out} ITERATIONS=50 BUNDLES="$list" \
    bash bench/hopper-benchmark.sh "$ARTIFACTS" 2>&1 | tail -n 30 || failures=$((failures + 1))
fi

if wants wgmma; then
  header "wgmma: the bf16 example and tf32 in each layout"
  table_head
  for shape in 4096x4096x4096 8192x8192x8192 4097x4095x4096 8191x8191x8191; do
    timed "bf16 example" gemm_bf16_wgmma_sm90 "$shape"
  done
  tf32=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares
  for shape in 4096x4096x4096 8192x8192x8192; do
    timed "tf32 TN (example)" gemm_tf32_wgmma_sm90 "$shape"
    timed "tf32 NN" ${tf32}_nn "$shape"
    timed "tf32 col A, B, C" ${tf32}_ccc "$shape"
    timed "tf32 col A, B; row C" ${tf32}_col_a "$shape"
  done
fi

if wants simt; then
  header "fp32 SIMT (ffma), against cuBLAS SGEMM in the same layouts"
  table_head
  simt=f32_simt_128x256x8_t8x16_s3
  for shape in 4096x4096x4096 8192x8192x8192; do
    timed "SIMT row-major" $simt "$shape"
    timed "SIMT col A" ${simt}_col_a "$shape"
    timed "SIMT col B" ${simt}_col_b "$shape"
    timed "SIMT col A and B" ${simt}_col_ab "$shape"
    timed "SIMT col C" ${simt}_colc "$shape"
  done
fi

if wants epilogue; then
  header "Fused epilogues"
  echo "bias + GELU (bf16, 8192x8192x4096) against cuBLAS GEMM + a bias/GELU kernel and cuBLASLt GELU_BIAS:"
  for ((round = 1; round <= ROUNDS; round++)); do
    "$RUN" "$ARTIFACTS/gemm_bf16_wgmma_bias_gelu_sm90/kernel.json" -m 8192 -n 8192 -k 4096 \
      --bias --compare-epilogue --iterations 30 2>&1 | sed -n '/^| pipeline/,/^$/p'
    [ "${PIPESTATUS[0]}" = 0 ] || failures=$((failures + 1))
  done
  echo "Against cuBLAS doing what its GEMM can (beta = 1 over the residual; the same alpha, beta):"
  echo
  table_head
  for shape in 4096x4096x4096 8192x8192x4096; do
    timed "bf16 residual" epilogue_bf16_wgmma_residual_persistent_tma "$shape" --residual
    timed "bf16 alpha/beta" epilogue_bf16_wgmma_alpha_beta_persistent_tma "$shape" --alpha 1.5 --beta 0.5
  done
  for shape in 4096x4096x4096 8192x8192x8192; do
    timed "SIMT alpha/beta" epilogue_f32_simt_alpha_beta "$shape" --alpha 1.5 --beta 0.5
  done
fi

if wants transpose; then
  header "f32 transpose against a device-to-device copy of the same bytes" "the copy"
  echo "| kernel | shape | transpose / copy bandwidth |"
  echo "|---|---|---|"
  for spec in transpose_f32_sm90:8192x8192: transpose_f32_64x64_swizzle:8192x8192: \
    transpose_f32_batched_sm90:8192x8192:; do
    IFS=: read -r bundle shape batch <<<"$spec"
    IFS=x read -r m n <<<"$shape"
    share=$("$TRANSPOSE_RUN" "$ARTIFACTS/$bundle/kernel.json" -m "$m" -n "$n" \
      --iterations "$ITERATIONS" ${batch:+--batch "$batch"} 2>&1 | awk '/transpose \/ copy bandwidth/ {print $NF}')
    [ -n "$share" ] || failures=$((failures + 1))
    echo "| $bundle | ${shape}${batch:+ x $batch} | ${share:-failed} |"
  done
fi

if wants fp8; then
  header "FP8 (e4m3 in, bf16 out), against cuBLASLt's FP8 matmul with the same scales" \
    "cuBLASLt (FAST_ACCUM as the kernel accumulates)"
  table_head
  for shape in 4096x4096x4096 8192x8192x8192 4096x7168x16384; do
    timed "per tensor, promoted (example)" gemm_fp8_wgmma_sm90 "$shape"
    timed "per tensor, fast accumulation" wgmma_fp8_tensor_128x256_s4_r2_fast "$shape"
    timed "row x column, promoted" wgmma_fp8_rowcol_128x256_n128_s4_r2 "$shape"
    timed "row x column, fast accumulation" wgmma_fp8_rowcol_128x256_s4_r2_fast "$shape"
    timed "1x128 / 128x128 blocks (example)" gemm_fp8_block_scaled_sm90 "$shape"
    timed "1x128 / 128x128 blocks" wgmma_fp8_blocks_128x256_n128_s4_r2 "$shape"
  done
  for shape in 128x7168x2048 64x4096x7168; do
    timed "per tensor, promoted" wgmma_fp8_tensor_64x128_s8_streamk "$shape"
    timed "row x column, promoted" wgmma_fp8_rowcol_64x128_s8_streamk "$shape"
    timed "1x128 / 128x128 blocks" wgmma_fp8_blocks_64x128_s8_streamk "$shape"
  done
fi

# The grouped tables come whole from bench/grouped-moe.py, which times
# torch in its own process and runs gemm-run on the same counts.
if wants grouped; then
  grouped() { # TITLE [grouped-moe.py flags...]
    local title=$1
    shift
    header "$title" "torch (bench/grouped-moe.py)"
    python3 bench/grouped-moe.py --runs "$ITERATIONS" --gemm-run "$RUN" "$@" ||
      failures=$((failures + 1))
  }
  grouped "Grouped bf16 (contiguous layout, B as G x N x K)" \
    --bundle gemm-opt="$ARTIFACTS/wgmma_bf16_128x256x64_s3_persistent_tma_grouped_contiguous_nt/kernel.json"
  grouped "Grouped e4m3, 1x128 / 128x128 block scales (contiguous layout)" --fp8 \
    --bundle gemm-opt="$ARTIFACTS/wgmma_fp8_blocks_128x256_n128_s4_r2_grouped_contiguous/kernel.json"
fi

echo
echo "performance.sh: $failures failure(s)"
[ "$failures" = 0 ]
