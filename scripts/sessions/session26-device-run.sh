#!/usr/bin/env bash
# Session 26's device calls (bench/NOTES.md, "Session 26"): the kernels take
# C's tensor map with an i32 that says whether it is there, and, compiled
# with --tensor-maps-by-value (calls 1-3: every bundle; from call 4 the
# bv_<bundle> ones), their maps by value (__grid_constant__,
# tile-tensor-maps-by-value). gp_<bundle> is <bundle> from the compiler
# before (session 25: maps as global pointers, C's a null pointer when
# absent), carried for the comparison.
#   maps   the TMA examples and stream-K, batched, exchanged (NN) and
#          fused bench schedules at edge shapes, each also with a C pitch
#          TMA cannot take (C's map absent: the threads store C), and a
#          batched C whose batch stride rules TMA out; memcheck with and
#          without C's map, racecheck;
#   ab     the new bundles against gp_ ones in ROUNDS interleaved rounds:
#          tf32 example 4096³ and 8192³, tf32 NN 4096³, bf16 s4 r2 4096³
#          and 8192x8192x4096, the bf16 example at 4097x4095x4096, and the
#          bias + GELU example against cuBLAS + a kernel (--compare-epilogue);
#   ab2    the short kernels where call 1 saw by-value maps slower (bf16
#          s4 r2 4096³, the bf16 example at 4097x4095x4096, tf32 4096³) in
#          ROUNDS rounds, then each under ncu at ncu's fixed clocks (two
#          launches each): kernel cycles without the launch;
#   pv     which prefetch of the by-value maps matters: pv_<kind>_<bundle>
#          is <bundle>'s PTX with its prefetches edited and reassembled
#          (nopf: none; generic: only `prefetch.tensormap` of the generic
#          address; param: only `prefetch.param.tensormap`, the line LLVM
#          adds for a grid_constant parameter), timed in ROUNDS rounds
#          against <bundle> and gp_<bundle>; the SASS of the TMA and
#          prefetch instructions of the new and gp_ kernels (cuobjdump);
#   modes  the shipped bundles (global maps and the presence flag) against
#          gp_ and bv_ ones in ROUNDS rounds: the bf16 example at
#          4097x4095x4096, bf16 s4 r2 and the tf32 example at 4096³;
#   bvmaps the by-value bundles of the final compiler (bv_<bundle>, built
#          with --tensor-maps-by-value: C's presence flag tested at each
#          use) at edge shapes, with and without C's map, memcheck;
#   jit    scripts/jit-device-check.sh on the carried jit-device-artifacts
#          (the JIT now encodes by-value maps per launch and keeps no
#          arguments without device memory);
#   sweep  gemm-sweep over every carried bundle and the seed's cover
#          bundles (SWEEP_SEEDS, default 40).
# PARTS picks (default "maps ab jit"). Console in $OUT/console.txt, logs in
# $OUT/session26.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-maps ab jit}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
NN=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn
BF=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2
BFEX=gemm_bf16_wgmma_sm90
GELU=gemm_bf16_wgmma_bias_gelu_sm90
EDGES="4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096"

if wants maps; then
  echo "== maps: by-value tensor maps, with and without C's"
  for b in $EX $BFEX gemm_bf16_wgmma_persistent_cluster_sm90 gemm_bf16_wgmma_small_m_sm90 \
    gemm_f16_wgmma_sm90 gemm_bf16_wgmma_layouts_sm90 $BF \
    wgmma_bf16_128x256x64_s3_persistent_tma_streamk1 wgmma_bf16_128x128x64_s4_sk2; do
    check_shapes "$b" "$EDGES"
    check_shapes "$b" 1000x1300x2000 --ldc 1301
  done
  check_shapes $NN "4097x4095x4093 1x1x1 1000x1300x2000 4096x4096x4096" --layout-a row --layout-b row
  check_shapes $NN 1000x1300x2000 --layout-a row --layout-b row --ldc 1301
  check_shapes $GELU "4097x4095x4093 1x1x1 1000x1300x2000 4096x4096x4096" --bias
  check_shapes $GELU 1000x1300x2000 --bias --ldc 1301
  A=epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares
  check_shapes $A "4097x4095x4093 1000x1300x2000" --bias --alpha 1.5 --beta 0.5
  check_shapes $A 1000x1300x2000 --bias --alpha 1.5 --beta 0.5 --ldc 1301
  B=gemm_bf16_wgmma_batched_sm90
  for batch in 1 3; do
    check_shapes $B "129x257x65 1000x1000x1000" --batch $batch
  done
  check_shapes $B 129x257x65 --batch 3 --batch-stride-b 0
  # A batch stride TMA cannot take (not a multiple of 16 bytes): C's map absent.
  check_shapes $B 129x264x65 --batch 3 --batch-stride-c $((129 * 264 + 3))
  for ldc in 520 521; do
    logged_check "$EX.memcheck.ldc$ldc" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$EX/kernel.json" \
      -m 300 -n 520 -k 129 --ldc $ldc --no-timing --iterations 1 --no-cublas
  done
  logged_check "$GELU.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$GELU/kernel.json" \
    -m 300 -n 520 -k 129 --bias --no-timing --iterations 1 --no-cublas
  logged_check "$B.memcheck" "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/$B/kernel.json" \
    -m 129 -n 264 -k 65 --batch 3 --batch-stride-c $((129 * 264 + 3)) --no-timing --iterations 1 --no-cublas
  logged_check "$EX.racecheck" "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/$EX/kernel.json" \
    -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
fi

if wants ab; then
  echo "== ab: by-value maps against global pointers"
  time_interleaved "4096x4096x4096" "example=$EX" "gp.example=gp_$EX" \
    "nn=$NN:--layout-a:row:--layout-b:row" "gp.nn=gp_$NN:--layout-a:row:--layout-b:row" \
    "bf16=$BF" "gp.bf16=gp_$BF"
  ROUNDS=1 time_interleaved "8192x8192x8192" "example=$EX" "gp.example=gp_$EX"
  time_interleaved "8192x8192x4096" "bf16=$BF" "gp.bf16=gp_$BF"
  time_interleaved "4097x4095x4096" "bfex=$BFEX" "gp.bfex=gp_$BFEX"
  compare_epilogue_rounds $GELU gp_$GELU
fi

if wants ab2; then
  echo "== ab2: by-value maps against global pointers, short kernels"
  time_interleaved "4096x4096x4096" "bf16=$BF" "gp.bf16=gp_$BF" "example=$EX" "gp.example=gp_$EX"
  time_interleaved "4097x4095x4096" "bfex=$BFEX" "gp.bfex=gp_$BFEX"
  for launch in 1 2; do
    for v in $BF gp_$BF; do
      ncu_report "$v.$launch" SpeedOfLight "Duration|Elapsed Cycles|SM Frequency" "$v" -m 4096 -n 4096 -k 4096
    done
    for v in $BFEX gp_$BFEX; do
      ncu_report "$v.$launch" SpeedOfLight "Duration|Elapsed Cycles|SM Frequency" "$v" -m 4097 -n 4095 -k 4096
    done
  done
fi

if wants pv; then
  echo "== pv: the by-value maps' prefetches"
  for b in $BFEX $BF; do
    check_shapes "pv_nopf_$b" "4097x4095x4093 1x1x1"
  done
  time_interleaved "4097x4095x4096" "bfex=$BFEX" "gp.bfex=gp_$BFEX" "nopf.bfex=pv_nopf_$BFEX" \
    "generic.bfex=pv_generic_$BFEX" "param.bfex=pv_param_$BFEX"
  time_interleaved "4096x4096x4096" "bf16=$BF" "gp.bf16=gp_$BF" "nopf.bf16=pv_nopf_$BF" \
    "generic.bf16=pv_generic_$BF" "param.bf16=pv_param_$BF"
  for v in $BFEX gp_$BFEX pv_nopf_$BFEX; do
    cuobjdump -sass "$D/$v/"*.cubin >"$OUT_ROOT/$v.sass" 2>&1
    echo "-- $v: $(grep -cE 'UTMALDG' "$OUT_ROOT/$v.sass") UTMALDG"
    grep -E 'UTMAPF|UTMACCTL|UTMALDG|UTMASTG|CCTL|ULDC.64' "$OUT_ROOT/$v.sass" | sort | uniq -c | sort -rn | head -12
  done
fi

if wants modes; then
  echo "== modes: shipped (global maps, presence flag), gp_ and bv_"
  for b in $BFEX $BF $EX; do
    check_shapes "bv_$b" "4097x4095x4093 1x1x1 1000x1300x2000"
    check_shapes "bv_$b" 1000x1300x2000 --ldc 1301
  done
  time_interleaved "4097x4095x4096" "bfex=$BFEX" "gp.bfex=gp_$BFEX" "bv.bfex=bv_$BFEX"
  time_interleaved "4096x4096x4096" "bf16=$BF" "gp.bf16=gp_$BF" "bv.bf16=bv_$BF" \
    "example=$EX" "gp.example=gp_$EX" "bv.example=bv_$EX"
fi

if wants bvmaps; then
  echo "== bvmaps: by-value bundles of the final compiler"
  for b in $EX $BFEX $BF wgmma_bf16_128x256x64_s3_persistent_tma_streamk1; do
    check_shapes "bv_$b" "$EDGES"
    check_shapes "bv_$b" 1000x1300x2000 --ldc 1301
  done
  check_shapes bv_$NN "4097x4095x4093 1x1x1 1000x1300x2000" --layout-a row --layout-b row
  check_shapes bv_$NN 1000x1300x2000 --layout-a row --layout-b row --ldc 1301
  check_shapes bv_$GELU "4097x4095x4093 1x1x1 1000x1300x2000" --bias
  check_shapes bv_$GELU 1000x1300x2000 --bias --ldc 1301
  A=epilogue_tf32_wgmma_alpha_beta_bias_s4_persistent_tma_r4_spares
  check_shapes bv_$A "4097x4095x4093 1000x1300x2000" --bias --alpha 1.5 --beta 0.5
  check_shapes bv_$A 1000x1300x2000 --bias --alpha 1.5 --beta 0.5 --ldc 1301
  B=gemm_bf16_wgmma_batched_sm90
  check_shapes bv_$B "129x257x65 1000x1000x1000" --batch 3
  check_shapes bv_$B 129x264x65 --batch 3 --batch-stride-c $((129 * 264 + 3))
  for ldc in 520 521; do
    logged_check "bv_$EX.memcheck.ldc$ldc" "$SAN" --tool memcheck --error-exitcode 86 "$R" \
      "$D/bv_$EX/kernel.json" -m 300 -n 520 -k 129 --ldc $ldc --no-timing --iterations 1 --no-cublas
  done
  ROUNDS=1 time_interleaved "4097x4095x4096" "bfex=$BFEX" "bv.bfex=bv_$BFEX"
fi

if wants jit; then
  echo "== jit"
  if [ -d jit-device-artifacts ]; then
    timeout 240 bash scripts/jit-device-check.sh jit-device-artifacts >"$WORK/jit.log" 2>&1 ||
      failures=$((failures + 1))
    tail -n 45 "$WORK/jit.log"
  else
    echo "no jit-device-artifacts carried"
    failures=$((failures + 1))
  fi
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-40}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session26.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
