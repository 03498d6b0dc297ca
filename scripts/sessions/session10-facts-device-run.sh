#!/usr/bin/env bash
# Session 10's first device call (issue 4: tf32 4096³ and fused bias + GELU):
# where the time goes before changing the kernels.
#   1. ncu (clock control off) at 4096³ tf32: our persistent 128x256x32 s4
#      kernel and cuBLAS's tf32 kernel (its name, tile and cluster), duration,
#      SM clock, tensor pipe, L2 and DRAM;
#   2. tf32 4096³ and 8192³ timed next to cuBLAS tf32: the s4 r4 kernel along
#      M by 8 (session 8/9's best) and along M by 4 (new);
#   3. bias + GELU fused at 8192x8192x4096 bf16 (gemm-run --compare-epilogue:
#      cuBLAS + a separate kernel, cuBLASLt GELU_BIAS): the s3 kernels of
#      session 8 against s4 with store_rounds = 2 (new), while nvidia-smi
#      samples the SM clock, power and clock-event reasons every 50 ms;
#   4. ncu on the fused kernel and the cuBLAS GEMM at that shape (clock and
#      tensor pipe: what a 1.2x over cuBLAS + kernel would need);
#   5. the new bundles checked against cuBLAS and fp64 on edge shapes.
# Bundles:
#   ONLY='^(wgmma_tf32_128x256x32_s4_persistent_tma_(rm4_)?r4|epilogue_bf16_wgmma_bias_gelu_(s4_)?persistent_tma(_r2)?(_streamk1)?)$' \
#     scripts/prepare-device-artifacts.sh
# Results: $OUT/session10-facts.tar.gz and $OUT/summary.txt.
set -u
cd "$(dirname "$0")/../.." || exit 2
NAME=session10-facts
source scripts/lib/budgeted-session.sh
TF=wgmma_tf32_128x256x32_s4_persistent_tma
EP=epilogue_bf16_wgmma_bias_gelu
FUSED="${EP}_persistent_tma ${EP}_persistent_tma_streamk1 ${EP}_s4_persistent_tma_r2 ${EP}_s4_persistent_tma_r2_streamk1"
for b in ${TF}_r4 ${TF}_rm4_r4 $FUSED; do
  [ -f "$D/$b/kernel.json" ] || { echo "FAIL no bundle $b"; failures=$((failures + 1)); }
done
METRICS=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y

echo "== 1. ncu at 4096³ tf32 (clocks not locked)"
if fits 60; then
  timeout 120 "$NCU_BIN" --clock-control none --metrics "$METRICS" --csv \
    "$R" "$D/${TF}_r4/kernel.json" -m 4096 -n 4096 -k 4096 --iterations 2 --warmup 1 \
    >"$W/ncu.tf32.csv" 2>"$W/ncu.tf32.err"
  echo "ncu rc=$? tf32"
fi

echo "== 2. tf32 timed next to cuBLAS tf32"
for round in $(seq 1 "$ROUNDS"); do
  for b in ${TF}_r4 ${TF}_rm4_r4; do
    timed_round "$b" 4096x4096x4096 "$round" 25
    timed_round "$b" 8192x8192x8192 "$round" 40
  done
done

echo "== 3. bias + GELU fused, 8192x8192x4096 bf16, with nvidia-smi sampling"
for round in $(seq 1 "$ROUNDS"); do
  for b in $FUSED; do
    fits 45 || { echo "SKIP compare $b r$round"; skipped=$((skipped + 1)); continue; }
    log=$CHECK_LOG_DIR/$b.compare.r$round.log
    nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.active \
      --format=csv,noheader -lms 50 >"$W/smi.$b.r$round.csv" 2>/dev/null &
    smi=$!
    timeout 120 "$R" "$D/$b/kernel.json" -m 8192 -n 8192 -k 4096 --bias \
      --compare-epilogue --iterations 30 >"$log" 2>&1
    rc=$?
    kill "$smi" 2>/dev/null
    wait "$smi" 2>/dev/null
    echo "rc=$rc r$round $b"
    grep -E "^(epilogue|\||result|gemm-run: error)" "$log"
    [ "$rc" -eq 0 ] || failures=$((failures + 1))
  done
done

echo "== 4. ncu on the fused kernel and cuBLAS at 8192x8192x4096"
if fits 90; then
  timeout 150 "$NCU_BIN" --clock-control none --metrics "$METRICS" --csv \
    "$R" "$D/${EP}_s4_persistent_tma_r2_streamk1/kernel.json" -m 8192 -n 8192 -k 4096 --bias \
    --compare-epilogue --iterations 1 >"$W/ncu.fused.csv" 2>"$W/ncu.fused.err"
  echo "ncu rc=$? fused"
fi

echo "== 5. edge shapes"
shape_checks ${TF}_rm4_r4 10 4097x4095x4093 1x1x1 1000x1300x2000
for b in ${EP}_s4_persistent_tma_r2 ${EP}_s4_persistent_tma_r2_streamk1; do
  for s in 128x256x64 1024x1280x2048 896x4864x4096; do
    IFS=x read -r m n k <<<"$s"
    run_check "$b.$s" 0 15 "$R" "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --bias --no-timing
  done
  run_check "$b.ragged" 2 10 "$R" "$D/$b/kernel.json" -m 4097 -n 4095 -k 4093 --bias --no-timing
done

{
  echo "== session 10 facts: $(cat "$D/COMMIT" 2>/dev/null), $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  print_timing_table
  echo "== fused (8192x8192x4096 bf16, bias(col) + gelu_tanh)"
  for f in "$CHECK_LOG_DIR"/*.compare.r*.log; do
    [ -f "$f" ] && { echo "-- $(basename "$f" .log)"; grep -E "^(epilogue|\||result)" "$f"; }
  done
  echo "== SM clock (MHz) and power (W) while each comparison ran: median, min, max"
  for f in "$W"/smi.*.csv; do
    [ -f "$f" ] || continue
    python3 - "$f" <<'PY'
import os, statistics, sys
rows = [l.strip().split(", ") for l in open(sys.argv[1]) if l.count(",") >= 4]
# Samples under load (nvidia-smi's power is a ~1 s average, so a short run
# may show none).
busy = [(int(r[1].split()[0]), float(r[2].split()[0])) for r in rows
        if float(r[2].split()[0]) > 300]
name = os.path.basename(sys.argv[1])
if not busy:
    print(f"{name}: {len(rows)} samples, none above 300 W")
else:
    c = [x[0] for x in busy]; p = [x[1] for x in busy]
    print(f"{name}: {len(busy)} busy samples, clock {statistics.median(c)} "
          f"({min(c)}-{max(c)}), power {statistics.median(p):.0f} ({min(p):.0f}-{max(p):.0f})")
PY
  done
  echo "== ncu"
  print_ncu_summaries
  echo "failures: $failures, skipped (budget): $skipped, $((SECONDS - START)) s"
} >"$W/summary.txt" 2>&1
finish_session
