#!/usr/bin/env bash
# Compiles session 27's epilogue variants of
# examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir into device-artifacts/v_*
# (scripts/sessions/session27-device-run.sh, part epi): v_none (no bias, no
# activation), v_bias (the bias alone), v_relu and v_silu (the bias and that
# activation). Run after scripts/prepare-device-artifacts.sh.
set -eu
cd "$(dirname "$0")/../.."
example=examples/gemm_bf16_wgmma_bias_gelu_sm90.mlir
gelu='epilogue = #tile.epilogue<store = tma, bias = column, activation = gelu_tanh>>'
work=$(mktemp -d)
sed -e "s/$gelu/epilogue = #tile.epilogue<store = tma>>/" \
  -e 's/, %bias: memref<?xbf16>) {/) {/' \
  -e 's/ bias %bias : memref<?xbf16> {schedule/ {schedule/' $example >"$work/v_none.mlir"
sed -e 's/, activation = gelu_tanh>>/>>/' $example >"$work/v_bias.mlir"
sed -e 's/activation = gelu_tanh>>/activation = relu>>/' $example >"$work/v_relu.mlir"
sed -e 's/activation = gelu_tanh>>/activation = silu>>/' $example >"$work/v_silu.mlir"
for v in v_none v_bias v_relu v_silu; do
  if cmp -s $example "$work/$v.mlir"; then
    echo "session27-prepare: $v is the example unchanged (its text moved?)" >&2
    exit 1
  fi
  build/bin/gemm-translate "$work/$v.mlir" --to-bundle -o "device-artifacts/$v/kernel.json"
done
rm -rf "$work"
