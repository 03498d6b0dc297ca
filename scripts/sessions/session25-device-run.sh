#!/usr/bin/env bash
# Session 25's device calls (bench/NOTES.md, "Session 25"). The var_*
# bundles are hand-built variants (the patches in bench/wip/ with their
# environment variables); the shipped compiler does not build them.
#   rs     var_rs: the tf32 example (A row, B col) reading its K-major A
#          from registers (register-sourced-a-kmajor.patch,
#          GEMM_OPT_RS_KMAJOR=1): edge shapes, memcheck, racecheck, then
#          timed against the example and the column-major-A kernel; ncu
#          (clock, DRAM) of the three at 8192³;
#   rsbf   the same patch on bf16 (A's fragments by ldmatrix): var_rs_bf
#          (the s4 r2 schedule), var_rs_bfex (the bf16 example),
#          var_rs_gelu (the bias + GELU example) checked and timed
#          against their shipped twins; the fused ones with
#          --compare-epilogue; ncu (clock) at 8192x8192x4096;
#   pfc    pfc_<bundle>: the compiler with C's tensor map prefetched at
#          the kernel's start like A's and B's (passes/WarpSpecialize.cpp),
#          against <bundle> from the compiler before: checks, then timed
#          in ROUNDS interleaved rounds (the fused example with
#          --compare-epilogue);
#   clusters  the tf32 example against itself in 1x2 clusters sharing A
#          (cuBLAS's shape at 4096³), with and without its spares
#          (var_c12_sp16, var_c12_dp16), data-parallel without clusters
#          (var_dp16) and the 2x1 spares schedule, at 4096³ and at
#          4224x4096x4096 (whole waves for both grids); ncu with free
#          clocks (cycles, clock, DRAM) of each and of cuBLAS;
#   keep   var_keep: the tf32 example whose spares store their heads into
#          C with L2's evict_last policy (head-evict-last.patch,
#          GEMM_OPT_HEAD_EVICT_LAST=1), so that the owners' reductions
#          find them in L2: checks, sanitizers, timed in ROUNDS rounds at
#          4096³ and once at 8192³; ncu (free clocks) DRAM bytes, cycles,
#          clock;
#   power  ncu's instruction and memory sections of the tf32 example,
#          var_dp16 and var_c12_dp16 (call 4's variants) and cuBLAS's kernel
#          at 4096³: what differs between kernels that do the same work;
#   l2     L2 sectors read and written (and the crossbar bytes into the
#          SMs) of the same four kernels at 4096³: whether our multicast
#          clusters read A from L2 once per cluster as cuBLAS's do;
#   sweep  gemm-sweep over every carried bundle and the seed's cover
#          bundles (SWEEP_SEEDS, default 38).
# Each part checks its variants, then times them in ROUNDS interleaved
# rounds next to cuBLAS with the same transposes and pitches. PARTS picks
# (default "rs"). Console in $OUT/console.txt, logs in $OUT/session25.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-rs}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
EX=gemm_tf32_wgmma_sm90
COLA=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_col_a
SQUARES="4096x4096x4096 8192x8192x8192"
EDGES="4097x4095x4093 1x1x1 3x5x7 129x257x65 1000x1300x2000 4096x4096x64 896x4864x4096 4096x4096x4096"

if wants rs; then
  echo "== rs: the example's K-major A from registers"
  check_shapes var_rs "$EDGES"
  check_shapes var_rs 1000x1300x2001 --lda 2005 --ldb 2003 --ldc 1301
  logged_check var_rs.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/var_rs/kernel.json" \
    -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
  logged_check var_rs.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/var_rs/kernel.json" \
    -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  time_interleaved "$SQUARES" "example=$EX" var_rs "cola=$COLA:--layout-a:col:--layout-b:col"
  for spec in "example $EX" "var_rs var_rs" "cola $COLA --layout-a col --layout-b col"; do
    read -r name bundle extra <<<"$spec"
    # shellcheck disable=SC2086
    ncu_report "$name" SpeedOfLight,MemoryWorkloadAnalysis \
      "Duration|SM Frequency|DRAM Throughput|L2 Hit Rate|Compute \(SM\)|Elapsed Cycles" \
      "$bundle" -m 8192 -n 8192 -k 8192 $extra
  done
fi

if wants rsbf; then
  echo "== rsbf: bf16 A from registers"
  BF=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2
  BFEX=gemm_bf16_wgmma_sm90
  GELU=gemm_bf16_wgmma_bias_gelu_sm90
  for v in var_rs_bf var_rs_bfex var_rs_gelu; do
    extra=""
    [ "$v" = var_rs_gelu ] && extra=--bias
    # shellcheck disable=SC2086
    check_shapes "$v" "$EDGES" $extra
  done
  logged_check var_rs_bf.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/var_rs_bf/kernel.json" \
    -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  logged_check var_rs_gelu.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/var_rs_gelu/kernel.json" \
    -m 300 -n 520 -k 129 --bias --no-timing --iterations 1 --no-cublas
  time_interleaved "4096x4096x4096 8192x8192x4096 8192x8192x8192" "bf16=$BF" var_rs_bf "example=$EX" var_rs
  time_interleaved "4097x4095x4096 8191x8191x8191" "bfex=$BFEX" var_rs_bfex
  for round in $(seq 1 "$ROUNDS"); do
    for v in $GELU var_rs_gelu; do
      timeout 200 "$R" "$D/$v/kernel.json" -m 8192 -n 8192 -k 4096 --bias --compare-epilogue \
        --iterations 30 >"$WORK/$v.compare.r$round.log" 2>&1 || failures=$((failures + 1))
      echo "-- $v r$round"
      grep -E "^\| (fused|unfused|cublaslt|cublas_gemm) " "$WORK/$v.compare.r$round.log" | cut -c1-60,120-
    done
  done
  for v in $BF var_rs_bf; do
    ncu_report "$v" SpeedOfLight "Duration|SM Frequency|DRAM Throughput|Elapsed Cycles" "$v" -m 8192 -n 8192 -k 4096
  done
fi

if wants pfc; then
  echo "== pfc: C's tensor map prefetched"
  TF_NN=wgmma_tf32_128x256x32_s4_persistent_tma_rm16_r4_spares_nn
  BF=wgmma_bf16_128x256x64_s4_persistent_tma_rm4_r2
  GELU=gemm_bf16_wgmma_bias_gelu_sm90
  for v in pfc_$EX pfc_$BF pfc_gemm_bf16_wgmma_sm90; do
    check_shapes "$v" "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4096x4096x4096"
  done
  check_shapes pfc_$EX 1000x1300x2001 --lda 2005 --ldb 2003 --ldc 1301
  check_shapes pfc_$TF_NN "4097x4095x4093 1x1x1 4096x4096x4096" --layout-a row --layout-b row
  check_shapes pfc_$GELU "4097x4095x4093 1x1x1 1000x1300x2000 4096x4096x4096" --bias
  check_shapes pfc_$GELU 1000x1300x2000 --bias --ldc 1301
  logged_check pfc_$EX.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/pfc_$EX/kernel.json" \
    -m 300 -n 520 -k 129 --no-timing --iterations 1 --no-cublas
  logged_check pfc_$EX.memcheck-ldc "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/pfc_$EX/kernel.json" \
    -m 300 -n 520 -k 129 --ldc 521 --no-timing --iterations 1 --no-cublas
  time_interleaved "4096x4096x4096" "example=$EX" "pfc.example=pfc_$EX" \
    "nn=$TF_NN:--layout-a:row:--layout-b:row" "pfc.nn=pfc_$TF_NN:--layout-a:row:--layout-b:row" \
    "bf16=$BF" "pfc.bf16=pfc_$BF"
  time_interleaved "8192x8192x4096" "bf16=$BF" "pfc.bf16=pfc_$BF"
  time_interleaved "4097x4095x4096" "bfex=gemm_bf16_wgmma_sm90" "pfc.bfex=pfc_gemm_bf16_wgmma_sm90"
  compare_epilogue_rounds $GELU pfc_$GELU
fi

if wants clusters; then
  echo "== clusters: 1x2 like cuBLAS"
  C21=wgmma_tf32_128x256x32_s4_c2x1_persistent_tma_r4_spares
  for v in var_c12_sp16 var_c12_dp16 var_dp16; do
    check_shapes "$v" "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 4224x4096x4096 4096x4096x4096"
  done
  logged_check var_c12_sp16.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" \
    "$D/var_c12_sp16/kernel.json" -m 300 -n 520 -k 200 --no-timing --iterations 1 --no-cublas
  time_interleaved "4096x4096x4096 4224x4096x4096" "example=$EX" var_dp16 var_c12_sp16 var_c12_dp16 "c21sp=$C21"
  for s in 4096x4096x4096 4224x4096x4096; do
    IFS=x read -r m n k _ <<<"$s"
    for v in $EX var_dp16 var_c12_sp16 var_c12_dp16; do
      NCU_FLAGS="--clock-control none" ncu_report "$v.$s" SpeedOfLight \
        "Duration|SM Frequency|DRAM Throughput|Elapsed Cycles" "$v" -m "$m" -n "$n" -k "$k"
    done
    NCU_KERNEL='xmma|nvjet|cutlass' NCU_FLAGS="--clock-control none" ncu_report "cublas.$s" \
      SpeedOfLight,MemoryWorkloadAnalysis "Duration|SM Frequency|DRAM Throughput|Elapsed Cycles" \
      "$EX" -m "$m" -n "$n" -k "$k"
    for v in $EX var_c12_sp16; do
      NCU_FLAGS="--clock-control none" ncu_report "$v.$s.mem" MemoryWorkloadAnalysis \
        "DRAM Throughput|Mem Busy|L2 Hit" "$v" -m "$m" -n "$n" -k "$k"
    done
  done
fi

if wants keep; then
  echo "== keep: spares' heads kept in L2"
  check_shapes var_keep "4097x4095x4093 1x1x1 129x257x65 1000x1300x2000 896x4864x4096 640x768x640 4096x4096x4096"
  check_shapes var_keep 1000x1300x2000 --ldc 1301
  check_shapes var_keep 4096x4096x4096 --ldc 4100
  logged_check var_keep.memcheck "$SAN" --tool memcheck --error-exitcode 86 "$R" "$D/var_keep/kernel.json" \
    -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
  logged_check var_keep.racecheck "$SAN" --tool racecheck --error-exitcode 86 "$R" "$D/var_keep/kernel.json" \
    -m 640 -n 768 -k 640 --no-timing --iterations 1 --no-cublas
  time_interleaved "4096x4096x4096" "example=$EX" var_keep
  ROUNDS=1 time_interleaved "8192x8192x8192" "example=$EX" var_keep
  for v in $EX var_keep; do
    NCU_FLAGS="--clock-control none --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum" \
      ncu_report "$v.keep" SpeedOfLight \
      "Duration|SM Frequency|Elapsed Cycles|dram__bytes|lookup_miss" "$v" -m 4096 -n 4096 -k 4096
  done
fi

if wants power; then
  echo "== power: instruction mix and memory traffic at 4096³"
  SECTIONS="SpeedOfLight,InstructionStats,MemoryWorkloadAnalysis_Tables,ComputeWorkloadAnalysis"
  LINES="Duration|SM Frequency|Elapsed Cycles|Executed Instructions|Issued Instructions|Executed Ipc|Shared|L2|DRAM|L1|Tensor|Mem Busy|Max Bandwidth"
  for v in $EX var_dp16 var_c12_dp16; do
    ncu_report "$v.power" "$SECTIONS" "$LINES" "$v" -m 4096 -n 4096 -k 4096
  done
  NCU_KERNEL='xmma|nvjet' ncu_report cublas.power "$SECTIONS" "$LINES" "$EX" -m 4096 -n 4096 -k 4096
fi

if wants l2; then
  echo "== l2: L2 traffic at 4096³"
  for metrics in "lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sectors_op_red.sum,dram__bytes_read.sum" \
    "l1tex__m_xbar2l1tex_read_bytes.sum,sm__cycles_elapsed.avg"; do
    for v in $EX var_dp16 var_c12_dp16; do
      NCU_FLAGS="--metrics $metrics" ncu_report "$v.l2" SpeedOfLight "lts__|dram__|xbar|sm__cycles|ERROR|rror" \
        "$v" -m 4096 -n 4096 -k 4096
    done
    NCU_KERNEL='xmma|nvjet' NCU_FLAGS="--metrics $metrics" ncu_report cublas.l2 SpeedOfLight \
      "lts__|dram__|xbar|sm__cycles|rror" "$EX" -m 4096 -n 4096 -k 4096
  done
fi

if wants sweep; then
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-38}
fi

echo "failures: $failures"
tar czf "$OUT_ROOT/session25.tar.gz" -C "$WORK" . 2>/dev/null
exit 0
