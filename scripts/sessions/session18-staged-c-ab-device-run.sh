#!/usr/bin/env bash
# Session 18: why alpha_beta with C staged by TMA (tma_xread_ab) ran 5 %
# slower than the chunked global reads (now_xread_ab) even with beta = 0:
# v1_ issues the TMA load before the main loop instead of in its second K
# step; v2_ has no staged C at all, only the smaller C chunks (8 registers
# instead of 16). Two rounds at 8192x8192x4096, beta 0 and 1.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
for round in 1 2; do
  for b in now_xread_ab tma_xread_ab v1_xread_ab v2_xread_ab; do
    for beta in 0 1; do
      "$R" "$D/$b/kernel.json" -m 8192 -n 8192 -k 4096 --iterations 40 --alpha 1.5 \
        --beta "$beta" >"$OUT/$b.$beta.$round.log" 2>&1
      echo "$b beta=$beta r$round rc=$? $(grep -E '^(gemm-opt|ratio)' "$OUT/$b.$beta.$round.log" | awk '{print $3}' | tr '\n' ' ')"
    done
  done
done
rm -f "$OUT"/*.log
