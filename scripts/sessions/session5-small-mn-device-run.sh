#!/usr/bin/env bash
# Session 5's second device call (H200): 64x64 tiles in 2x1 clusters that
# multicast B (each block loads a 32-row slice of B's one panel; cuBLAS's
# kernel for 128x4096x4096 is nvjet 64x64, 13 stages, cluster 2x1) next to
# the session-4 small-MN schedules and cuBLAS; their checks (ragged, 1x1x1,
# odd shapes, memcheck, racecheck x2, synccheck); and the names/profiles of
# cuBLAS's kernels for the other two small-MN shapes. One tarball under $OUT.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
echo "== small-MN timings"
K128="wgmma_bf16_64x64x64_s12_c2x1_tma wgmma_bf16_64x64x64_s13_c2x1_tma wgmma_bf16_64x64x64_s12_c2x1_persistent_tma wgmma_bf16_64x64x64_s12_persistent_tma wgmma_f16_64x64x64_s12_c2x1_tma wgmma_f16_64x64x64_s13_c2x1_tma wgmma_f16_64x64x64_s12_persistent_tma"
KERNELS=$K128 SHAPES="128x4096x4096" OUT=$OUT timeout 150 bash scripts/small-mn-bench.sh $D 2>&1 | tail -8
KERNELS="wgmma_bf16_64x64x64_s12_c2x1_tma wgmma_bf16_64x64x64_s12_persistent_tma wgmma_bf16_64x64x64_s12_sk2 wgmma_bf16_128x128x64_s6_sk2" \
  SHAPES="16x4096x4096 1024x1024x8192" OUT=$OUT timeout 100 bash scripts/small-mn-bench.sh $D 2>&1 | tail -9
echo "== cluster checks"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT/small-mn
CHECK_DETAIL="vs fp64|SUMMARY|error:"
source scripts/lib/device-check.sh
for k in wgmma_bf16_64x64x64_s12_c2x1_tma wgmma_bf16_64x64x64_s12_c2x1_persistent_tma wgmma_f16_64x64x64_s13_c2x1_tma; do
  for s in 4097x4095x4093 129x257x65 1x1x1 128x4096x4096; do
    IFS=x read -r m n kk <<<"$s"
    check "$k.check.$s" 0 $R $D/$k/kernel.json -m $m -n $n -k $kk --no-timing
  done
done
for k in wgmma_bf16_64x64x64_s12_c2x1_tma wgmma_bf16_64x64x64_s12_c2x1_persistent_tma; do
  check "$k.memcheck" 0 $CS --tool memcheck --error-exitcode 86 $R $D/$k/kernel.json -m 1000 -n 1300 -k 2000 --no-timing --no-cublas --iterations 2
  check "$k.racecheck1" 0 $CS --tool racecheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
  check "$k.racecheck2" 0 $CS --tool racecheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
  check "$k.synccheck" 0 $CS --tool synccheck --error-exitcode 86 $R $D/$k/kernel.json -m 256 -n 512 -k 1024 --no-timing --no-cublas
done
echo "cluster checks: $failures failure(s)"
echo "== profiles"
PROFILES="wgmma_bf16_64x64x64_s12_c2x1_tma:128x4096x4096 wgmma_bf16_128x128x64_s6_sk2:1024x1024x8192 wgmma_bf16_64x64x64_s12_persistent_tma:16x4096x4096" \
  LAUNCHES=2 OUT=$OUT timeout 150 bash scripts/profile-kernels.sh $D 2>&1 | tail -12
grep -h "==PROF== Profiling" $OUT/profile/*.txt | sort | uniq
tar czf $OUT/session5-small-mn.tar.gz -C $OUT small-mn profile 2>/dev/null
ls -la $OUT/session5-small-mn.tar.gz
