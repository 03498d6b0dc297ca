#!/usr/bin/env bash
# Session 18: where the fused bias + GELU epilogue's 3 % goes, on the H100.
# For each bundle of FUSED (bias = column + gelu_tanh), gemm-run
# --compare-epilogue at 8192x8192x4096 (fused vs cuBLAS GemmEx + a separate
# kernel vs cuBLASLt GELU_BIAS, all checked against fp64), ROUNDS interleaved
# rounds; each bundle of PLAIN (no epilogue) timed at the same shape next to
# cuBLAS. Then a correctness pass of CHECKED (default FUSED; may be empty) at small and
# edge shapes.
# Logs in $OUT/results.tar.gz, the console in $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
CONSOLE=summary.txt
source scripts/lib/logged-session.sh
FUSED=${FUSED:-$(cd "$D" && ls -d *gelu* | tr '\n' ' ')}
PLAIN=${PLAIN:-}
ROUNDS=${ROUNDS:-2}
ITER=${ITER:-30}
SHAPE=${SHAPE:-"8192 8192 4096"}
read -r m n k <<<"$SHAPE"
for round in $(seq 1 "$ROUNDS"); do
  mkdir -p "$WORK/$round"
  for b in $FUSED; do
    timeout 120 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --bias \
      --compare-epilogue --iterations "$ITER" --json-out "$WORK/$round/$b.json" \
      >"$WORK/$round/$b.log" 2>&1
    echo "-- $round $b rc=$?"
    grep -E "^\| (fused|unfused|cublaslt|cublas_gemm) " "$WORK/$round/$b.log" | cut -d'|' -f2,4,5,8 | tr -s ' '
  done
  for b in $PLAIN; do
    timeout 60 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --iterations "$ITER" \
      >"$WORK/$round/$b.log" 2>&1
    echo "-- $round $b rc=$? $(grep -E '^(gemm-opt|cuBLAS|ratio)' "$WORK/$round/$b.log" | cut -c1-60 | tr '\n' ' ')"
  done
done
echo "== correctness"
mkdir -p "$WORK/check"
for b in ${CHECKED-$FUSED}; do
  for s in "512 768 256" "1000 1300 2000" "4097 4095 4093" "1 1 1" "896 4864 4096"; do
    read -r cm cn ck <<<"$s"
    timeout 60 "$R" "$D/$b/kernel.json" -m "$cm" -n "$cn" -k "$ck" --bias --no-timing \
      >"$WORK/check/$b.$cm.log" 2>&1
    echo "check $b $s rc=$? $(grep -E '^result' "$WORK/check/$b.$cm.log")"
  done
done
tar czf "$OUT_ROOT/results.tar.gz" -C "$WORK" .
