#!/usr/bin/env bash
# Session 18: the SASS of the data-parallel and the stream_k = 1 bf16
# kernels (cuobjdump -sass on the device machine, which has the CUDA
# toolkit's binary utilities; this one has none), to compare their main
# loops: the stream-K kernel runs 0.5-0.8 % slower where it splits no
# tile. Writes $OUT/<bundle>.sass.
set -u
cd "$(dirname "$0")/../.."
export PATH=/usr/local/cuda/bin:$PATH
for b in wgmma_bf16_128x256x64_s3_persistent_tma wgmma_bf16_128x256x64_s3_persistent_tma_streamk1; do
  cuobjdump -sass "device-artifacts/$b/${b}_kernel.cubin" > "$OUT/$b.sass" 2>&1
  echo "$b: $(wc -l < "$OUT/$b.sass") lines, $(grep -c HGMMA "$OUT/$b.sass") HGMMA"
done
