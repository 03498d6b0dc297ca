#!/usr/bin/env bash
# Session 8 (H200): bias + GELU fused on the stream_k = 1 grid against the
# data-parallel one, cuBLAS + a separate bias/GELU kernel and cuBLASLt's
# GELU_BIAS, at 8192x8192x4096 bf16 (2048 tiles: 15.5 waves, so the
# data-parallel grid's last wave is half empty). Bundles:
#   ONLY='^epilogue_bf16_wgmma_bias_gelu_persistent_tma(_streamk1)?$' \
#     scripts/prepare-device-artifacts.sh
# Checks of the stream-K kernel with its fused epilogue (fused-epilogue
# kernels need whole tiles): one tile, 40 tiles (all in the stream-K phase),
# fewer stream-K steps than blocks, long K; a ragged shape is refused (exit
# 2); memcheck on the 40-tile shape. SKIP_TIMING=1 runs the checks only.
# Logs go to $OUT/session8-epilogue.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
L=$OUT/session8-epilogue
mkdir -p "$L"
R=$D/bin/gemm-run
dp=epilogue_bf16_wgmma_bias_gelu_persistent_tma
sk=${dp}_streamk1
for round in 1 2; do
  [ -n "${SKIP_TIMING:-}" ] && break
  for kern in $dp $sk; do
    log=$L/$kern.compare.r$round.log
    timeout 120 "$R" "$D/$kern/kernel.json" -m 8192 -n 8192 -k 4096 --bias \
      --compare-epilogue --iterations 30 >"$log" 2>&1
    echo "rc=$? r$round $kern"
    grep -E "^(epilogue|\||result|gemm-run: error)" "$log"
  done
done
for s in 128x256x64 1024x1280x2048 896x4864x4096 2048x2048x8192 4097x4095x4093; do
  IFS=x read -r m n k <<<"$s"
  log=$L/$sk.$s.check.log
  timeout 30 "$R" "$D/$sk/kernel.json" -m "$m" -n "$n" -k "$k" --bias \
    --no-timing >"$log" 2>&1
  echo "rc=$? check $s $(grep -E 'vs cuBLAS|vs fp64|^result|error' "$log" | cut -c1-90 | tr '\n' ' ')"
done
timeout 60 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 86 \
  "$R" "$D/$sk/kernel.json" -m 1024 -n 1280 -k 2048 --bias --no-timing \
  --no-cublas >"$L/$sk.memcheck.log" 2>&1
echo "rc=$? memcheck $sk $(tail -1 "$L/$sk.memcheck.log")"
echo "wall ${SECONDS}s"
tar czf "$OUT/session8-epilogue.tar.gz" -C "$OUT" session8-epilogue && rm -rf "$L"
