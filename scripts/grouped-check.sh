#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GPU checks of the grouped (mixture-of-experts) kernels on prebuilt
# device-artifacts/ (scripts/prepare-device-artifacts.sh compiles the grouped
# schedules when ONLY asks for them): for every bundle whose entry has
# "grouped", in its layout (masked: -m is M_max; contiguous: -m is T), G in
# {1, 8, 64, 256} with even and skewed routings, explicit --group-rows lists
# with groups of 0, 1 and 129 rows (and a count that is no multiple of the
# tile), the masked layout's CUDA graph replays, refused misuse (no --groups,
# bad lists, --groups on a kernel that is not grouped), one timed run against
# the loop of per-group cublasGemmEx calls, then compute-sanitizer memcheck
# and racecheck at a small shape. Each run checks every non-empty group
# against cuBLAS and fp64 and the rows outside the groups still poisoned
# (runtime/GroupedBenchmark.h). FP8 grouped bundles (with "scaling") run the
# same checks (N and K multiples of 16, as 8-bit rows need) against fp64 of
# their dequantized inputs and per-group cuBLASLt FP8 matmuls, and also a
# K whose last 128-deep scale block is partial, uniform 8-bit inputs, the
# refusal of a K that is no multiple of 16, and K = 1280 under the
# sanitizers (the block-scale ring's stages are reused). Prints one
# PASS/FAIL line per run; logs under $OUT/grouped/. Bundles that fuse an
# epilogue (a per-group bias, an activation, alpha/beta, a residual) run all
# of the above with it applied per group in both references, alpha_beta ones
# with --alpha 0.75 --beta 0.5; BUNDLES='bias|rowbias' picks them alone.
# FP8 bundles fuse their epilogue after the scales; an e4m3 C (BUNDLES=
# e4m3_out) is checked after dequantization by scale_d, and the amax of D
# must equal the largest |C| of the groups' stored rows exactly.
#
# Environment (optional): PARTS, any of "checks bench sanitize" (default all
# three), and BUNDLES, a grep pattern on the grouped bundle names.
set -u
cd "$(dirname "$0")/.."
D=${1:-device-artifacts}
OUT=${OUT:-./device-out}/grouped
mkdir -p "$OUT"
R=$D/bin/gemm-run
CS=/usr/local/cuda/bin/compute-sanitizer
CHECK_LOG_DIR=$OUT
CHECK_DETAIL="vs cuBLAS|vs fp64|poison|^replay|^scaling|^ratio|SUMMARY|error:"
source scripts/lib/device-check.sh

PARTS=${PARTS:-"checks bench sanitize"}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
is_fp8() { grep -q '"scaling"' "$1"; }
# A fused epilogue applies per group (runtime/GroupedEpilogueInputs.h):
# alpha_beta kernels run with beta != 0, so C is read where it is written.
epilogue_flags() {
  if grep -q '"alpha_beta": *true' "$1"; then
    echo "--alpha 0.75 --beta 0.5"
  fi
}
layout_of() {
  grep -o '"grouped": *"[a-z]*"' "$1" | head -1 | sed 's/.*"\([a-z]*\)"$/\1/'
}
bundles=""
for j in "$D"/*/kernel.json; do
  [ -n "$(layout_of "$j")" ] || continue
  bundles="$bundles $(basename "$(dirname "$j")")"
done
bundles=$(echo "$bundles" | tr ' ' '\n' | grep -E "${BUNDLES:-.}" | grep -v '^$')
if [ -z "$bundles" ]; then
  echo "no grouped bundles in $D (run ONLY=grouped scripts/prepare-device-artifacts.sh)"
  exit 1
fi
# 0-, 1- and 129-row groups and counts that are no multiple of a tile.
LIST8="0,1,129,0,64,1,200,7"
LIST8_SUM=402

for k in $bundles; do
  J=$D/$k/kernel.json
  epi=$(epilogue_flags "$J")
  layout=$(layout_of "$J")
  wants checks || break
  for g in 1 8 64 256; do
    for r in even skewed; do
      if [ "$layout" = masked ]; then
        check "$k.g$g.$r" 0 "$R" "$J" $epi -m 256 -n 512 -k 256 --groups "$g" \
          --routing "$r" --seed "$g" --no-timing
        check "$k.g$g.$r.decode" 0 "$R" "$J" $epi -m 64 -n 1024 -k 512 \
          --groups "$g" --routing "$r" --tokens "$g" --seed 3 --no-timing
      else
        check "$k.g$g.$r" 0 "$R" "$J" $epi -m $((g * 96 + 37)) -n 512 -k 256 \
          --groups "$g" --routing "$r" --seed "$g" --no-timing
      fi
    done
  done
  if [ "$layout" = masked ]; then
    check "$k.list" 0 "$R" "$J" $epi -m 256 -n 512 -k 256 --groups 8 \
      --group-rows "$LIST8" --no-timing
    check "$k.list-empty" 0 "$R" "$J" $epi -m 128 -n 256 -k 128 --groups 4 \
      --group-rows 0,0,0,0 --no-timing
    check "$k.list-full" 0 "$R" "$J" $epi -m 129 -n 256 -k 128 --groups 4 \
      --group-rows 129,1,0,129 --no-timing
    check "$k.replays" 0 "$R" "$J" $epi -m 192 -n 512 -k 256 --groups 64 \
      --routing skewed --graph-replays 8 --no-timing
    check "$k.refuse-over-mmax" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 \
      --groups 3 --group-rows 1,129,0 --no-timing
  else
    check "$k.list" 0 "$R" "$J" $epi -m "$LIST8_SUM" -n 512 -k 256 --groups 8 \
      --group-rows "$LIST8" --no-timing
    check "$k.list-one-group" 0 "$R" "$J" $epi -m 129 -n 256 -k 128 --groups 4 \
      --group-rows 0,129,0,0 --no-timing
    check "$k.refuse-sum" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 --groups 3 \
      --group-rows 1,128,0 --no-timing
    check "$k.refuse-replays" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 --groups 3 \
      --graph-replays 2 --no-timing
  fi
  if is_fp8 "$J"; then
    # A partial last scale block (K = 272: 2 full blocks and 16), uniform
    # 8-bit inputs, and 8-bit rows that TMA cannot read in place.
    if [ "$layout" = masked ]; then
      fp8_shape=(-m 200 -n 384 --groups 8 --routing skewed --tokens 900)
    else
      fp8_shape=(-m 900 -n 384 --groups 8 --routing skewed)
    fi
    check "$k.fp8-ragged-k" 0 "$R" "$J" $epi "${fp8_shape[@]}" -k 272 --no-timing
    check "$k.fp8-uniform" 0 "$R" "$J" $epi "${fp8_shape[@]}" -k 1024 \
      --fp8-inputs uniform --no-timing
    check "$k.refuse-k-not-16" 2 "$R" "$J" $epi "${fp8_shape[@]}" -k 200 --no-timing
  fi
  check "$k.refuse-no-groups" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 --no-timing
  check "$k.refuse-negative" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 --groups 3 \
    --group-rows 1,-1,0 --no-timing
  check "$k.refuse-count" 2 "$R" "$J" $epi -m 128 -n 256 -k 128 --groups 3 \
    --group-rows 1,1 --no-timing
done
# (where the artifacts have the plain example: ONLY may have left it out)
if wants checks && [ -f "$D/gemm_bf16_wgmma_sm90/kernel.json" ]; then
  check refuse-groups-on-plain-kernel 2 "$R" \
    "$D/gemm_bf16_wgmma_sm90/kernel.json" -m 128 -n 128 -k 128 --groups 4 \
    --no-timing
fi

# One timed run per bundle: a prefill-sized problem against the loop of
# per-group cublasGemmEx calls.
for k in $bundles; do
  wants bench || break
  J=$D/$k/kernel.json
  epi=$(epilogue_flags "$J")
  if [ "$(layout_of "$J")" = masked ]; then
    check "$k.bench.g8" 0 "$R" "$J" $epi -m 4096 -n 4096 -k 7168 --groups 8 \
      --tokens 16384 --routing skewed --iterations 30
  else
    check "$k.bench.g8" 0 "$R" "$J" $epi -m 32768 -n 4096 -k 7168 --groups 8 \
      --routing skewed --iterations 30
  fi
done

for k in $bundles; do
  wants sanitize || break
  J=$D/$k/kernel.json
  epi=$(epilogue_flags "$J")
  # FP8: enough K blocks that the block-scale ring's stages are reused.
  small_k=128
  if is_fp8 "$J"; then
    small_k=1280
  fi
  if [ "$(layout_of "$J")" = masked ]; then
    small=(-m 129 -n 256 -k "$small_k" --groups 4 --group-rows 0,1,129,64
           --graph-replays 1)
  else
    small=(-m 194 -n 256 -k "$small_k" --groups 4 --group-rows 0,1,129,64)
  fi
  check "$k.memcheck" 0 "$CS" --tool memcheck --error-exitcode 86 "$R" "$J" $epi \
    "${small[@]}" --no-timing --no-cublas
  check "$k.racecheck" 0 "$CS" --tool racecheck --error-exitcode 86 "$R" \
    "$J" $epi "${small[@]}" --no-timing --no-cublas
done
echo "grouped: $failures failure(s)"
[ "$failures" -eq 0 ]
