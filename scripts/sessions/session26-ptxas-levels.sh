#!/usr/bin/env bash
# Session 26, call 9: does ptxas's optimization level move the kernels that
# miss their targets? o<L>_<bundle> is <bundle> assembled with
# gemm-translate --ptxas-opt-level L (the shipped ones use 3): the tf32
# example at 4096³ (ROUNDS interleaved rounds) and 8192³ (one), and the
# bias + GELU example against cuBLAS + a separate kernel. Checks each at
# edge shapes first. Console in $OUT/console.txt.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
ROUNDS=${ROUNDS:-3}
EX=gemm_tf32_wgmma_sm90
GELU=gemm_bf16_wgmma_bias_gelu_sm90
for l in 1 2; do
  check_shapes "o${l}_$EX" "4097x4095x4093 1x1x1 1000x1300x2000"
  check_shapes "o${l}_$GELU" "4097x4095x4093 1x1x1 1000x1300x2000" --bias
done
time_interleaved "4096x4096x4096" "example=$EX" "o1.example=o1_$EX" "o2.example=o2_$EX"
ROUNDS=1 time_interleaved "8192x8192x8192" "example=$EX" "o1.example=o1_$EX" "o2.example=o2_$EX"
ROUNDS=2 compare_epilogue_rounds $GELU o1_$GELU o2_$GELU
echo "failures: $failures"
exit 0
