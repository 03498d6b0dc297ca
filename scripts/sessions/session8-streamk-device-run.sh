#!/usr/bin/env bash
# Session 8 (H200), one call: stream-K after the fixup and order changes
# (commits d4b21c9, c3b49bd), timed next to cuBLAS and the data-parallel
# kernel, then checked. Prepare with scripts/sessions/session8-streamk-prepare.sh:
#   ONLY='^wgmma_(bf16|f16)_128x256x64_s3_persistent_tma_rm4(_streamk1)?$'
# plus the stream-K bundles of two older commits (suffix _d8a04dc: main,
# membar.gl per tile and forward ranges; _d4b21c9: the release/acquire
# fixup alone). Bundles missing from device-artifacts/ are skipped.
#
# Timing (40 runs each, two interleaved rounds so the run-to-run spread
# shows): 4096^3 (3.88 waves: a stream-K phase of 116 tiles), 4224x4096x4096
# (4 whole waves: no stream-K phase, so stream-K should equal data-parallel)
# and 8192^3 (15.5 waves); bf16 for every variant, f16 for the data-parallel
# and the new stream-K kernel. Checks of the new stream-K kernels: ragged,
# 1x1x1, few tiles with long K, 48 tiles, and 896x4864x4096 (133 tiles of
# 64 K steps on 132 SMs: 64 stream-K steps for 132 blocks, which hung before
# c3b49bd); memcheck at 1000x1300x2000 and racecheck twice at 520x600x700
# (15 tiles, all stream-K: every block a helper or an owner). Wall time is
# kept under ~240 s: the timing rounds stop early past BUDGET_S (150 s).
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
L=$OUT/session8-streamk
mkdir -p "$L"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
dp=persistent_tma_rm4
sk=persistent_tma_rm4_streamk1
budget=${BUDGET_S:-150}
for round in 1 2; do
  for s in 4096x4096x4096 4224x4096x4096 8192x8192x8192; do
    IFS=x read -r m n k <<<"$s"
    for t in bf16 f16; do
      variants="$dp $sk"
      [ $t = bf16 ] && variants="$dp $sk ${sk}_d8a04dc ${sk}_d4b21c9 $dp"
      for v in $variants; do
        if [ "$SECONDS" -ge "$budget" ]; then
          echo "budget: timing stopped at ${SECONDS}s (round $round, $s)"
          break 4
        fi
        kern=wgmma_${t}_128x256x64_s3_$v
        [ -d "$D/$kern" ] || { echo "skip $kern (no bundle)"; continue; }
        log=$L/$kern.$s.r$round.log
        timeout 30 "$R" "$D/$kern/kernel.json" -m "$m" -n "$n" -k "$k" \
          --iterations 40 >>"$log" 2>&1
        rc=$?
        echo "rc=$rc r$round $s $kern $(grep -E '^ratio' "$log" | tail -1 | awk '{print $3}') $(grep -E 'vs fp64' "$log" | tail -1 | cut -c1-60)"
      done
    done
  done
done
for t in bf16 f16; do
  kern=wgmma_${t}_128x256x64_s3_$sk
  for s in 4097x4095x4093 1x1x1 200x300x5001 1000x1300x2000 896x4864x4096; do
    IFS=x read -r m n k <<<"$s"
    log=$L/$kern.$s.check.log
    timeout 20 "$R" "$D/$kern/kernel.json" -m "$m" -n "$n" -k "$k" \
      --no-timing >"$log" 2>&1
    echo "rc=$? check $s $kern $(grep -E 'vs fp64' "$log" | cut -c1-80)"
  done
done
kern=wgmma_bf16_128x256x64_s3_$sk
timeout 40 "$CS" --tool memcheck --error-exitcode 86 "$R" "$D/$kern/kernel.json" \
  -m 1000 -n 1300 -k 2000 --no-timing --no-cublas --iterations 2 \
  >"$L/$kern.memcheck.log" 2>&1
echo "rc=$? memcheck $kern $(tail -1 "$L/$kern.memcheck.log")"
for i in 1 2; do
  timeout 40 "$CS" --tool racecheck --error-exitcode 86 "$R" "$D/$kern/kernel.json" \
    -m 520 -n 600 -k 700 --no-timing --no-cublas --iterations 1 \
    >"$L/$kern.racecheck$i.log" 2>&1
  echo "rc=$? racecheck$i $kern $(tail -1 "$L/$kern.racecheck$i.log")"
done
echo "wall ${SECONDS}s"
tar czf "$OUT/session8-streamk.tar.gz" -C "$OUT" session8-streamk && rm -rf "$L"
