#!/usr/bin/env bash
# Session 6's closing device call (H200): the Hopper benchmark table (issue 3)
# over the best schedules per shape — persistent 128x256 s3 (row-major and
# along-M-by-4 rasters), 128x256 s4, 64x64 s12 and 128x64 s8 (each with its
# old raster and grouped by 8 along N), and the small-M kernels that run the
# row-major problem transposed (every operand column-major); bf16 and f16 —
# then memcheck on a regrouped kernel and the JIT on the GPU (every example,
# split-K reuse, the small-M example through the transposed launch).
# The artifacts come packed (device-pack/*.tar.xz, the device tool carries
# at most 64 MiB); results bundled into $OUT/session6-results.tar.gz.
set -u
cd "$(dirname "$0")/../.."
for pack in device-pack/*.tar.xz; do tar xJf "$pack"; done
source scripts/lib/device-session.sh
echo "== hopper benchmark"
B="gemm_bf16_wgmma_small_m_sm90"
for t in bf16 f16; do
  for s in 128x256x64_s3_persistent_tma 128x256x64_s3_persistent_tma_rm4 \
    128x256x64_s4_tma 128x256x64_s4_rn8_tma 64x64x64_s12_tma \
    64x64x64_s12_rn8_tma 128x64x64_s8_tma 128x64x64_s8_rn8_tma \
    ccc_64x16x64_s12_sk1 ccc_64x16x64_s16_sk2; do
    B="$B wgmma_${t}_$s"
  done
done
OUT=$OUT/bench ITERATIONS=30 DEADLINE=330 BUNDLES="${BUNDLES:-$B}" timeout 400 bash bench/hopper-benchmark.sh $D 2>&1 | tail -22
echo "== memcheck on regrouped tiles"
mkdir -p $OUT/checks
for k in wgmma_bf16_128x64x64_s8_rn8_tma wgmma_bf16_128x256x64_s4_rn8_tma; do
  timeout 120 /usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 86 \
    $D/bin/gemm-run $D/$k/kernel.json -m 1000 -n 1000 -k 1000 --no-timing --no-cublas \
    --iterations 1 >$OUT/checks/$k.memcheck.log 2>&1
  echo "$k memcheck rc=$? $(grep -E 'ERROR SUMMARY' $OUT/checks/$k.memcheck.log)"
done
echo "== JIT on the GPU"
timeout 150 bash scripts/jit-device-check.sh jit-device-artifacts >$OUT/checks/jit.log 2>&1
echo "jit-device-check rc=$?"
grep -E "^\| " $OUT/checks/jit.log | cut -c1-160 | tail -40
tar czf $OUT/session6-results.tar.gz -C $OUT bench checks 2>/dev/null
ls -la $OUT/session6-results.tar.gz
