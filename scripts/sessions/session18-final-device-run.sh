#!/usr/bin/env bash
# Session 18's final call (H100): the bias + GELU example after the early
# bias loads and its move to a stream_k = 1 grid.
#   checks    the example (and the data-parallel bias + GELU schedule, and a
#             row-bias ReLU one) with the bias at edge shapes, a C pitch TMA
#             cannot take, one tile split over every block; memcheck and
#             racecheck on the split tiles;
#   epilogue  scripts/sessions/session18-epilogue-device-run.sh at 8192x8192x4096 (five
#             rounds) and, two rounds each, at 4096³, 4097x4095x4096 and
#             8192³: the example against the data-parallel schedule, both
#             against cuBLASLt GELU_BIAS and cuBLAS + a separate kernel;
#   reads     scripts/sessions/session18-epilogue-reads-device-run.sh: alpha_beta and
#             residual epilogues before (old_*), with chunked reads
#             (chunked_*) and with the tanh SiLU as well (now_*);
#   table     issue 4's table (scripts/sessions/session17-h100-device-run.sh, table);
#   sweep     scripts/sweep.sh, seed $SWEEP_SEED (default 21).
# PARTS picks (default "checks epilogue sweep"; the final calls ran
# "checks epilogue reads" and "table sweep"). Console in $OUT/console.txt,
# logs in $OUT/session18.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
PARTS=${PARTS:-checks epilogue sweep}
wants() { [[ " $PARTS " == *" $1 "* ]]; }

if wants checks; then
  echo "== checks"
  for b in gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_gelu_persistent_tma \
           epilogue_bf16_wgmma_bias_relu_persistent_tma epilogue_bf16_wgmma_row_bias_relu_persistent_tma; do
    for s in 1x1x1 7x9x3 129x257x65 640x768x640 1000x1300x2000 896x4864x4096 4097x4095x4093 256x4096x5; do
      IFS=x read -r m n k <<<"$s"
      logged_check "$b.$s" "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --bias --no-timing
    done
    logged_check "$b.ldc1301" "$R" "$D/$b/kernel.json" -m 1000 -n 1300 -k 2000 --ldc 1301 --bias --no-timing
    logged_check "$b.ld-padded" "$R" "$D/$b/kernel.json" -m 1024 -n 1280 -k 2048 --lda 2056 \
      --ldb 1288 --ldc 1296 --bias --no-timing
  done
  b=gemm_bf16_wgmma_bias_gelu_sm90
  logged_check "$b.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 640 -n 768 -k 640 --bias --no-timing --iterations 1 --no-cublas
  logged_check "$b.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 640 -n 768 -k 640 --bias --no-timing --iterations 1 --no-cublas
  logged_check "$b.memcheck-ragged" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$b/kernel.json" \
    -m 300 -n 333 -k 200 --bias --no-timing --iterations 1 --no-cublas
fi

if wants epilogue; then
  FUSED="gemm_bf16_wgmma_bias_gelu_sm90 epilogue_bf16_wgmma_bias_gelu_persistent_tma"
  for spec in ${EPILOGUE_SPECS:-8192x8192x4096:5 4096x4096x4096:2 4097x4095x4096:2 8192x8192x8192:2}; do
    shape=${spec%%:*}
    shape=${shape//x/ }
    echo "== epilogue at $shape"
    mkdir -p "$OUT_ROOT/epilogue-${shape// /x}"
    OUT=$OUT_ROOT/epilogue-${shape// /x} SHAPE=$shape ROUNDS=${spec#*:} ITER=40 \
      FUSED="$FUSED" PLAIN="gemm_bf16_wgmma_sm90" CHECKED="" \
      timeout 240 bash scripts/sessions/session18-epilogue-device-run.sh >/dev/null 2>&1
    python3 scripts/lib/epilogue-rounds.py "$OUT_ROOT/epilogue-${shape// /x}/summary.txt"
    grep -E "^-- .*gemm_bf16_wgmma_sm90" "$OUT_ROOT/epilogue-${shape// /x}/summary.txt" | cut -c1-140
  done
fi

if wants reads; then
  echo "== reads"
  mkdir -p "$OUT_ROOT/reads"
  OUT=$OUT_ROOT/reads VARIANTS="old_ chunked_ now_" ROUNDS=2 \
    timeout 240 bash scripts/sessions/session18-epilogue-reads-device-run.sh >/dev/null 2>&1
  grep -E "^(check|memcheck|== failures)" "$OUT_ROOT/reads/console.txt" | grep -v " PASS" || true
  grep -cE "^check.* PASS" "$OUT_ROOT/reads/console.txt"
fi

if wants table; then
  mkdir -p "$OUT_ROOT/table"
  OUT=$OUT_ROOT/table PARTS=table timeout 300 bash scripts/sessions/session17-h100-device-run.sh 2>&1 | tail -n 45
fi

if wants sweep; then
  seed=${SWEEP_SEED:-21}
  echo "== sweep seed $seed"
  OUT=$WORK/sweep$seed SEED=$seed CASES=200 timeout 300 bash scripts/sweep.sh "$D" 2>&1 | tail -n 14
fi
echo "== failures: $failures"
tar czf "$OUT_ROOT/session18.tar.gz" -C "$WORK" . 2>/dev/null
