#!/usr/bin/env bash
# The tuner's device call (H200; sessions 7 and 8): measures a gemm-tune
# plan over the 7 Hopper benchmark shapes, bf16 and f16. The plan is made on
# the build machine (gitignored, 10 MB with its gemm-run; the device call
# carries it: carry=["tune-plan-s8"], PLAN=tune-plan-s8):
#
#   build/bin/gemm-tune plan --device h200 --dtypes bf16,f16 --families wgmma \
#       --shapes benchmark --top 5 --variants 1 --twins 1 --explore 3 \
#       -o tune-plan-s8 -j 2
#
# 14 problems x 11 picks (the model's top 5 structures, the first one's 3
# raster twins, 3 controls) = 154 runs of $PLAN/bin/gemm-run (built
# on the build machine; it needs only the CUDA driver and cuBLAS), 30 timed
# runs each against cuBLAS, every problem's first pick first. No run starts
# after DEADLINE (450 s) and none takes more than RUN_TIMEOUT (40 s), so the
# call ends before 540 s; a cut loses the model's last picks, not problems.
#
# Back in $OUT (4 files): results.json (then, on the build machine:
#   build/bin/gemm-tune ingest $PLAN results.json \
#       --database tuning-database.json
# prints the done-when metric and updates the JIT's database), progress.log
# (one line per run), summary.txt (the best measured per problem and the
# geometric mean of their ratios to cuBLAS) and tune-runs.tar.gz
# (every run's gemm-run log and JSON).
set -u
cd "$(dirname "$0")/.."
PLAN=${PLAN:-tune-plan-s8}
OUT=${OUT:-./device-out}
mkdir -p "$OUT"
if [[ ! -f $PLAN/runs.tsv ]]; then
  echo "tune-device-run: $PLAN/runs.tsv not found; carry the plan (carry=[\"$PLAN\"])" >&2
  exit 2
fi
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
[[ -f $PLAN/COMMIT ]] && echo "plan built at $(cat "$PLAN/COMMIT")"
echo "$(wc -l <"$PLAN/runs.tsv") runs"

start=$SECONDS
ITERATIONS=${ITERATIONS:-30} WARMUP=${WARMUP:-5} RUN_TIMEOUT=${RUN_TIMEOUT:-40} \
  DEADLINE=${DEADLINE:-450} RESULTS="$OUT/results.json" \
  bash scripts/tune-measure.sh "$PLAN" 2>"$OUT/progress.log"
rc=$?
echo "tune-measure rc=$rc after $((SECONDS - start)) s"
tail -1 "$OUT/progress.log"

python3 - "$OUT/results.json" >"$OUT/summary.txt" <<'EOF'
import json, math, sys
runs = json.load(open(sys.argv[1]))["runs"]
best = {}
for run in runs:
    result = run.get("result") or {}
    if result.get("status") != "pass":
        continue
    timing = result.get("timing", {})
    tflops = timing.get("gemm_opt", {}).get("tflops", 0)
    key = (run["dtype"], f'{run["m"]}x{run["n"]}x{run["k"]}')
    if key not in best or tflops > best[key][0]:
        best[key] = (tflops, timing.get("ratio_to_cublas", 0), run["candidate"])
passed = sum(1 for r in runs if (r.get("result") or {}).get("status") == "pass")
print(f"{passed} of {len(runs)} runs passed")
print(f'{"dtype":5} {"shape":15} {"TFLOP/s":>8} {"ratio":>6}  best measured')
for dtype in ("bf16", "f16"):
    ratios = []
    for (t, shape), (tflops, ratio, name) in best.items():
        if t != dtype:
            continue
        ratios.append(ratio)
        print(f"{t:5} {shape:15} {tflops:8.1f} {ratio:6.3f}  {name}")
    if ratios and all(r > 0 for r in ratios):
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(f"{dtype}: geometric mean of the best ratios over "
              f"{len(ratios)} shapes {geomean:.3f}")
EOF
cat "$OUT/summary.txt"
tar czf "$OUT/tune-runs.tar.gz" -C "$PLAN" runs
ls -la "$OUT"
