#!/usr/bin/env bash
# Session 7 (H200), second stream-K call: the partition in 32-bit arithmetic
# (no 64-bit division calls, no spills). Times the stream-K kernels next to
# the data-parallel one at 4096³ (3.88 waves), 4224x4096x4096 (4 whole
# waves: no stream-K phase at all), 8192x8192x1024 and 8192³ (15.5 waves),
# then checks the new kernels on ragged, 1x1x1 and few-tiles shapes.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
export LD_LIBRARY_PATH=/usr/local/cuda/lib64
mkdir -p $OUT/logs
for s in 4096x4096x4096 4224x4096x4096 8192x8192x1024 8192x8192x8192; do
  IFS=x read -r m n k <<<"$s"
  for t in bf16 f16; do
    for v in persistent_tma_rm4 persistent_tma_rm4_streamk1 persistent_tma_streamk1 persistent_tma_streamk; do
      kern=wgmma_${t}_128x256x64_s3_$v
      [ -d $D/$kern ] || continue
      log=$OUT/logs/$kern.$s.log
      timeout 60 $D/bin/gemm-run $D/$kern/kernel.json -m $m -n $n -k $k --iterations 40 >$log 2>&1
      echo "rc=$? $s $kern $(grep -E '^ratio' $log | awk '{print $3}')"
    done
  done
done
for kern in wgmma_bf16_128x256x64_s3_persistent_tma_rm4_streamk1 wgmma_f16_128x256x64_s3_persistent_tma_streamk; do
  for s in 4097x4095x4093 1x1x1 200x300x5001 1000x1300x2000; do
    IFS=x read -r m n k <<<"$s"
    timeout 60 $D/bin/gemm-run $D/$kern/kernel.json -m $m -n $n -k $k --no-timing >$OUT/logs/$kern.$s.check.log 2>&1
    echo "rc=$? check $s $kern $(grep -E 'vs fp64' $OUT/logs/$kern.$s.check.log | cut -c1-80)"
  done
done
/usr/local/cuda/bin/compute-sanitizer --tool memcheck --error-exitcode 86 $D/bin/gemm-run \
  $D/wgmma_bf16_128x256x64_s3_persistent_tma_rm4_streamk1/kernel.json -m 1000 -n 1300 -k 2000 \
  --no-timing --no-cublas --iterations 2 2>&1 | tail -2
tar czf $OUT/session7-stream-k-i32.tar.gz -C $OUT logs && rm -rf $OUT/logs
