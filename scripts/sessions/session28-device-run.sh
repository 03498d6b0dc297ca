#!/usr/bin/env bash
# Session 28's device call (bench/NOTES.md, "Session 28"): operands TMA
# cannot read, staged by the bundle's copy kernel (tile.copy, commits
# f71db0d and 42f94b7) instead of cudaMemcpy2DAsync.
#   checks  edge shapes with odd leading dimensions of A and B (staged
#           copies) for the bf16, f16 and tf32 examples (tf32: A copied, a
#           row-major B transposed), the persistent-cluster example, the
#           layouts example (column-major operands), a batched bundle (odd
#           ldb, padded and stride-0 batch strides), the fused example;
#           memcheck of bf16 and batched staging; the staging line of a
#           report;
#   ncu     each kernel gemm-run launches for the bf16 example at
#           4097x4095x4096 (B staged), with the copy kernel (new) and with
#           cudaMemcpy2DAsync (old_ bundle): duration and DRAM throughput;
#   ragged  old_<bundle> (compiled at 6264c7f: no "staged_copies", so the
#           runtime stages with cudaMemcpy2DAsync) against <bundle> in
#           ROUNDS rounds at 4097x4095x4096 and 8191³ (bf16, f16, tf32
#           examples) and the batched bundle, cuBLAS in the same process;
#   simt    the ffma epilogue through shared memory where C's rows take no
#           128-bit stores (commit 204b1cb, reverted after calls 3 and 5:
#           run it on bundles of 204b1cb): edge shapes with odd and
#           padded ldc for the SIMT example and the t8x16 kernels,
#           memcheck and racecheck at ldc 521; old_ (6264c7f) against new
#           at 4096x4095x4096 (ldc 4095) and 8192x8191x8192, --ldc 4096 for
#           reference, and at 4096³ and 8192³ (the whole-tile variants,
#           same PTX) in ROUNDS rounds;
#   cprobe  where C's element copy goes (rows without vectors): the bf16
#           example at 4097x4095x4096 with B aligned (--ldb 4096) and ldc
#           4095 against ldc 4096, timed in ROUNDS rounds and one launch
#           each under ncu (SpeedOfLight, WarpStateStats, the memory
#           tables);
#   cvar    copy-schedule variants of the bf16 example (var_v1 .. var_v4,
#           compiled with other #tile.copy_schedule tiles and threads in
#           passes/StagingCopyKernels.cpp, carried in device-artifacts)
#           against the example: timed with C aligned (--ldc 4096) at
#           4097x4095x4096 (B staged) and 8191³ (A and B), and the copy
#           kernel alone under ncu;
#   ccoal   the copy's element path with the warp's lanes on consecutive
#           elements (coal_<example>: passes/CopyTile.cpp as in the commit
#           after b4879cf, carried): edge shapes with odd lda/ldb, memcheck,
#           the copy alone under ncu, and timed against the shipped example
#           with C aligned (--ldc 4096) at 4097x4095x4096 and 8191³;
#   sweep   gemm-sweep, seeds SWEEP_SEEDS (default 46).
# PARTS picks (default "checks ncu ragged sweep"). Console in
# $OUT/console.txt, logs in $OUT/session28.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-checks ncu ragged sweep}
ROUNDS=${ROUNDS:-2}
NCU_BIN=${NCU_BIN:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
BF=gemm_bf16_wgmma_sm90
BATCHED=gemm_bf16_wgmma_batched_sm90

if wants checks; then
  echo "== checks"
  RAGGED="4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 300x520x129"
  for bundle in $BF gemm_f16_wgmma_sm90 gemm_bf16_wgmma_persistent_cluster_sm90 \
    gemm_bf16_wgmma_layouts_sm90; do
    check_shapes $bundle "$RAGGED"
    check_shapes $bundle "1000x1300x2000 300x520x129" --lda 2001 --ldb 1303
  done
  # tf32: B column-major (ldb >= K).
  check_shapes gemm_tf32_wgmma_sm90 "$RAGGED"
  check_shapes gemm_tf32_wgmma_sm90 "1000x1300x2000 300x520x129" --lda 2001 --ldb 2003
  # tf32 with a column-major A (copied) and a row-major B (transposed).
  check_shapes wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_staged_cr_batched \
    "1000x1300x2000 129x257x65" --batch 2 --lda 1003 --ldb 1301
  check_shapes gemm_bf16_wgmma_bias_gelu_sm90 "4097x4095x4093 1000x1300x2000" --bias
  check_shapes gemm_bf16_wgmma_bias_gelu_sm90 1000x1300x2000 --bias --lda 2003 --ldb 1305
  check_shapes $BATCHED "129x257x65 1000x1000x1000" --batch 3
  check_shapes $BATCHED 129x257x65 --batch 3 --ldb 259 --batch-stride-b $((65 * 259 + 5))
  check_shapes $BATCHED 129x257x65 --batch 3 --ldb 259 --batch-stride-b 0 --lda 67
  logged_check "bf16.memcheck.staged" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$BF/kernel.json" -m 300 -n 521 -k 131 --no-timing --iterations 1 --no-cublas
  logged_check "batched.memcheck.staged" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
    "$D/$BATCHED/kernel.json" -m 129 -n 257 -k 65 --batch 3 --ldb 259 --lda 67 --no-timing \
    --iterations 1 --no-cublas
  grep -i "stag" "$WORK/$BF.4097x4095x4093.log" "$WORK/$BATCHED.129x257x65.log" | head -4
fi

if wants ncu; then
  echo "== ncu"
  for bundle in $BF old_$BF; do
    timeout 300 "$NCU_BIN" --section SpeedOfLight "$R" "$D/$bundle/kernel.json" -m 4097 -n 4095 -k 4096 \
      --iterations 1 --warmup 0 --no-timing --no-cublas >"$WORK/ncu.$bundle.log" 2>&1 ||
      failures=$((failures + 1))
    echo "-- $bundle"
    grep -E "^  [A-Za-z_0-9<>:, ]+\(.*\)x\(|^    (Duration|DRAM Throughput|Memory Throughput)" \
      "$WORK/ncu.$bundle.log" | head -24
  done
fi

if wants ragged; then
  echo "== ragged"
  time_interleaved "4097x4095x4096 8191x8191x8191" old_$BF $BF old_gemm_f16_wgmma_sm90 gemm_f16_wgmma_sm90 \
    old_gemm_tf32_wgmma_sm90 gemm_tf32_wgmma_sm90
  time_interleaved "1024x1023x1024" "old_batched=old_$BATCHED:--batch:16" "batched=$BATCHED:--batch:16"
  ROUNDS=1 time_interleaved "4097x4095x4096" "aligned=$BF:--ldb:4096:--ldc:4096" "cpitch=$BF:--ldc:4096"
fi

if wants simt; then
  echo "== simt"
  T=f32_simt_128x256x8_t8x16_s3
  for bundle in gemm_f32_simt_sm90 $T f32_simt_128x256x8_t8x16; do
    check_shapes $bundle "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 300x520x129"
    check_shapes $bundle "1000x1300x2000 300x520x129" --ldc 1301
    check_shapes $bundle "1000x1300x2000" --ldc 1304
  done
  for tool in memcheck racecheck; do
    logged_check "simt.$tool.ldc521" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/$T/kernel.json" -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
  done
  time_interleaved "4096x4095x4096 8192x8191x8192" old_$T $T
  ROUNDS=1 time_interleaved "4096x4095x4096" "ldc4096=$T:--ldc:4096"
  time_interleaved "4096x4096x4096 8192x8192x8192" old_$T $T
fi

if wants cprobe; then
  echo "== cprobe"
  time_interleaved "4097x4095x4096" "ldc4095=$BF:--ldb:4096" "ldc4096=$BF:--ldb:4096:--ldc:4096"
  for ldc in 4095 4096; do
    NCU_KERNEL="gemm_bf16_wgmma_kernel$" ncu_report "ldc$ldc" \
      SpeedOfLight,WarpStateStats,MemoryWorkloadAnalysis_Tables,LaunchStats \
      "Duration|Elapsed Cycles|SM Frequency|DRAM Throughput|L2 Cache Throughput|L1/TEX Cache Throughput|Compute \(SM\) Throughput|Stall|Warp Cycles Per Issued|Issue|Sectors|Requests" \
      $BF -m 4097 -n 4095 -k 4096 --ldb 4096 --ldc $ldc
  done
fi

if wants cvar; then
  echo "== cvar"
  VARS="v0=$BF:--ldc:4096"
  for v in v1 v2 v3 v4; do VARS="$VARS $v=var_$v:--ldc:4096"; done
  # shellcheck disable=SC2086
  time_interleaved "4097x4095x4096" $VARS "aligned=$BF:--ldb:4096:--ldc:4096"
  VARS="v0=$BF:--ldc:8192"
  for v in v1 v2 v3 v4; do VARS="$VARS $v=var_$v:--ldc:8192"; done
  # shellcheck disable=SC2086
  time_interleaved "8191x8191x8191" $VARS
  for b in $BF var_v1 var_v2 var_v3 var_v4; do
    NCU_KERNEL=stage_copy ncu_report "copy.$b" SpeedOfLight "Duration|DRAM Throughput" \
      $b -m 4097 -n 4095 -k 4096 --ldc 4096
  done
fi

if wants ccoal; then
  echo "== ccoal"
  for e in $BF gemm_tf32_wgmma_sm90; do
    check_shapes coal_$e "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 300x520x129"
  done
  check_shapes coal_$BF "1000x1300x2000 300x520x129" --lda 2001 --ldb 1303
  check_shapes coal_gemm_tf32_wgmma_sm90 "1000x1300x2000 300x520x129" --lda 2001 --ldb 2003
  check_shapes coal_$BATCHED 129x257x65 --batch 3 --ldb 259 --batch-stride-b $((65 * 259 + 5))
  check_shapes coal_$BATCHED 129x257x65 --batch 3 --ldb 259 --batch-stride-b 0 --lda 67
  logged_check "coal.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
    "$D/coal_$BF/kernel.json" -m 300 -n 521 -k 131 --no-timing --iterations 1 --no-cublas
  for b in $BF coal_$BF; do
    NCU_KERNEL=stage_copy ncu_report "copy.$b" SpeedOfLight,MemoryWorkloadAnalysis \
      "Duration|DRAM Throughput|L1/TEX Hit|L1/TEX Cache Throughput|Mem Busy|Max Bandwidth" \
      $b -m 4097 -n 4095 -k 4096 --ldc 4096
  done
  time_interleaved "4097x4095x4096" "shipped=$BF:--ldc:4096" "coal=coal_$BF:--ldc:4096"
  time_interleaved "8191x8191x8191" "shipped=$BF:--ldc:8192" "coal=coal_$BF:--ldc:8192"
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-46}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session28.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
