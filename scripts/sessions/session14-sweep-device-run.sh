#!/usr/bin/env bash
# Session 14: the sweep with cover bundles (scripts/prepare-sweep-cover.sh)
# for seeds 18 (device-artifacts/sweep-cover) and 19
# (device-artifacts/sweep-cover-19), and C's ldc padding under TMA stores:
# N = 46 (92 bytes of bf16 per row, 184 of f32) with ldc = 56 on the shipped
# tma-store examples, one and three batch entries (before the runtime's
# tmaStoreStaysInRows they wrote columns 46 and 47). Results in
# $OUT/sweep*/ and $OUT/padding.txt.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
R=$D/bin/gemm-run
failures=0
{
  for k in gemm_bf16_wgmma_sm90 gemm_tf32_wgmma_sm90 gemm_f16_wgmma_sm90 \
           gemm_bf16_wgmma_persistent_cluster_sm90; do
    echo "== $k -m 4 -n 46 --ldc 56"
    "$R" "$D/$k/kernel.json" -m 4 -n 46 -k 64 --ldc 56 --no-timing 2>&1 |
      grep -E "launch|padding|result|error"
    [ "${PIPESTATUS[0]}" -eq 0 ] || failures=$((failures + 1))
  done
  echo "== gemm_bf16_wgmma_bias_gelu_sm90 -m 4 -n 46 --ldc 56 --bias"
  "$R" "$D/gemm_bf16_wgmma_bias_gelu_sm90/kernel.json" -m 4 -n 46 -k 64 --ldc 56 --bias --no-timing 2>&1 |
    grep -E "launch|padding|result|error"
  [ "${PIPESTATUS[0]}" -eq 0 ] || failures=$((failures + 1))
  for b in 1 3; do
    echo "== gemm_bf16_wgmma_batched_sm90 -m 4 -n 46 --ldc 56 --batch $b"
    "$R" "$D/gemm_bf16_wgmma_batched_sm90/kernel.json" -m 4 -n 46 -k 64 --ldc 56 \
      --batch "$b" --batch-stride-c 256 --no-timing 2>&1 | grep -E "launch|padding|result|error"
    [ "${PIPESTATUS[0]}" -eq 0 ] || failures=$((failures + 1))
  done
  echo "padding checks failed: $failures"
} >"$OUT/padding.txt" 2>&1
cat "$OUT/padding.txt"
for s in 18 19; do
  cover=sweep-cover
  [ "$s" = 19 ] && cover=sweep-cover-19
  echo "== sweep seed $s ($cover)"
  COVER=$cover OUT=$OUT/sweep$s SEED=$s CASES=200 timeout 240 bash scripts/sweep.sh "$D" 2>&1 | tail -14
done
tar czf "$OUT/sweep.tar.gz" -C "$OUT" sweep18 sweep19 padding.txt 2>/dev/null
