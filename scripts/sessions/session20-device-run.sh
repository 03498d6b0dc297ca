#!/usr/bin/env bash
# Session 20's device call (H100): ragged = true mma.sync bundles carry a
# whole-tile variant that launches take where the block tile divides the
# shape and the operands are 16-byte aligned (runtime/WholeTileVariant.h).
#   checks   the ragged bundles (bf16, f16, two fused epilogues) at whole
#            shapes (the variant must run: the report's "variant" line) and
#            at edge shapes, unaligned pitches (the any-shape kernel);
#   random   RANDOM_CASES (default 30) random problems per ragged bf16/f16
#            bundle, seed RANDOM_SEED (default 20); a third of them rounded
#            to whole tiles with 16-byte pitches (the variant runs);
#   memcheck compute-sanitizer memcheck and racecheck on both kernels;
#   perf     ragged bundles against the whole-tile ones at 4096³ and 8192³
#            (now the same kernel), 4097x4095x4096 and lda = 4097 (the
#            any-shape kernel), ROUNDS rounds;
#   simt     the ffma bundles' whole-tile variants: checks (variant or
#            any-shape kernel), then the t8x16 s3 and example bundles at
#            4096³ and 8192³ against their any-shape kernel on the same
#            shape with lda = K + 1 (its interior loop), ROUNDS rounds;
#   gputests the gemm-run lines of the test/GPU tests this session changed
#            (not default);
#   tf32     the tf32 example at 4096³ and 8192³, ROUNDS rounds (not default);
#   sass     LDL/STL/HMMA/FFMA per function of each cubin (cuobjdump);
#   sweep    gemm-sweep over every bundle (and the cover bundles planned for
#            the seed: device-artifacts/sweep-cover<seed>, else sweep-cover),
#            200 cases for each seed of SWEEP_SEEDS (default 26).
# PARTS picks (default all). Console in $OUT/console.txt, logs in
# $OUT/session20.tar.gz.
set -u
cd "$(dirname "$0")/../.."
source scripts/lib/device-session.sh
source scripts/lib/logged-session.sh
export PATH=/usr/local/cuda/bin:$PATH
PARTS=${PARTS:-checks random memcheck perf simt sass sweep}
ROUNDS=${ROUNDS:-2}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
RAGGED="bf16_128x256x32_s4_ragged f16_128x256x32_s4_ragged"
FUSED="epilogue_bf16_sync_alpha_beta_row_bias_relu_residual epilogue_bf16_sync_column_bias_gelu"

# variant_check NAME WANT ARGS...: logged_check of gemm-run ARGS, then
# whether the report's variant line says WANT ("whole-tile" or "any-shape").
variant_check() {
  local name=$1 want=$2
  shift 2
  logged_check "$name" "$R" "$@"
  local line
  line=$(grep -m1 '^variant' "$WORK/$name.log")
  if [[ $line == *"$want"* ]]; then
    echo "   variant ok ($want)"
  else
    echo "   variant FAIL: want $want, got: ${line:-no variant line}"
    failures=$((failures + 1))
  fi
}

if wants checks; then
  echo "== checks"
  for b in $RAGGED $FUSED; do
    extra=$(fused_args "$b")
    for s in 128x256x32 1024x1024x1024 4096x4096x4096 2048x8192x1024; do
      IFS=x read -r m n k <<<"$s"
      variant_check "$b.$s" whole-tile "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $extra --no-timing
    done
    variant_check "$b.ld-padded16" whole-tile "$D/$b/kernel.json" -m 1024 -n 1280 -k 2048 \
      --lda 2056 --ldb 1288 --ldc 1296 $extra --no-timing
    for s in 1x1x1 7x9x3 129x257x65 1000x1300x2000 4097x4095x4093 1024x1024x1040 1152x1280x2047; do
      IFS=x read -r m n k <<<"$s"
      variant_check "$b.$s" any-shape "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" $extra --no-timing
    done
    variant_check "$b.lda1025" any-shape "$D/$b/kernel.json" -m 1024 -n 1024 -k 1024 --lda 1025 $extra --no-timing
    variant_check "$b.ldb1028" any-shape "$D/$b/kernel.json" -m 1024 -n 1024 -k 1024 --ldb 1028 $extra --no-timing
    variant_check "$b.ldc1030" any-shape "$D/$b/kernel.json" -m 1024 -n 1024 -k 1024 --ldc 1030 $extra --no-timing
  done
fi

if wants random; then
  cases=${RANDOM_CASES:-30}
  RANDOM=${RANDOM_SEED:-20}
  echo "== random: $cases cases per bundle, seed ${RANDOM_SEED:-20}"
  for b in $RAGGED; do
    for ((i = 0; i < cases; i++)); do
      random_problem
      if ((i % 3 == 0)); then
        # Whole tiles, pitches padded by multiples of 8 elements.
        m=$(((m + 127) / 128 * 128)); n=$(((n + 255) / 256 * 256)); k=$(((k + 31) / 32 * 32))
        lda=$((k + 8 * (RANDOM % 3))); ldb=$((n + 8 * (RANDOM % 3))); ldc=$((n + 8 * (RANDOM % 3)))
      fi
      logged_check "random.$b.$i.${m}x${n}x${k}.$lda.$ldb.$ldc" "$R" "$D/$b/kernel.json" \
        -m "$m" -n "$n" -k "$k" --lda "$lda" --ldb "$ldb" --ldc "$ldc" --seed "$i" --no-timing
      echo "   $(grep -m1 -o '^variant  : ran [a-z -]*' "$WORK/random.$b.$i.${m}x${n}x${k}.$lda.$ldb.$ldc.log")"
    done
  done
fi

if wants memcheck; then
  echo "== sanitizers"
  for b in bf16_128x256x32_s4_ragged epilogue_bf16_sync_alpha_beta_row_bias_relu_residual; do
    extra=$(fused_args "$b")
    for tool in memcheck racecheck; do
      logged_check "$b.$tool-whole" "$SAN" --tool $tool --error-exitcode 86 "$R" "$D/$b/kernel.json" \
        -m 256 -n 512 -k 96 $extra --no-timing --iterations 1 --no-cublas
      logged_check "$b.$tool-edge" "$SAN" --tool $tool --error-exitcode 86 "$R" "$D/$b/kernel.json" \
        -m 300 -n 333 -k 201 --lda 203 $extra --no-timing --iterations 1 --no-cublas
    done
  done
fi

if wants perf; then
  echo "== perf: gemm-opt ms TFLOP/s | cuBLAS | ratio | result | what ran"
  for r in $(seq 1 "$ROUNDS"); do
    for t in bf16 f16; do
      time_bundle "r$r.4096^3.${t}_128x256x32_s4" "${t}_128x256x32_s4" -m 4096 -n 4096 -k 4096
      time_bundle "r$r.4096^3.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4096 -n 4096 -k 4096
      time_bundle "r$r.8192^3.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 8192 -n 8192 -k 8192
      time_bundle "r$r.4097x4095x4096.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4097 -n 4095 -k 4096
      time_bundle "r$r.4096^3-lda4097.${t}_128x256x32_s4_ragged" "${t}_128x256x32_s4_ragged" -m 4096 -n 4096 -k 4096 --lda 4097
    done
    time_bundle "r$r.8192^3.gemm_bf16_sm90" gemm_bf16_sm90 -m 8192 -n 8192 -k 8192
  done
fi

SIMT="f32_simt_128x256x8_t8x16_s3 gemm_f32_simt_sm90 f32_simt_128x128x16_t8x8_s3"
if wants simt; then
  echo "== simt checks"
  for b in $SIMT; do
    for s in 1024x1024x1024 2048x4096x512; do
      IFS=x read -r m n k <<<"$s"
      variant_check "$b.$s" whole-tile "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
    for s in 1000x1300x2000 4097x4095x4093 1024x1024x1020; do
      IFS=x read -r m n k <<<"$s"
      variant_check "$b.$s" any-shape "$D/$b/kernel.json" -m "$m" -n "$n" -k "$k" --no-timing
    done
    variant_check "$b.ldb1025" any-shape "$D/$b/kernel.json" -m 1024 -n 1024 -k 1024 --ldb 1025 --no-timing
  done
  for tool in memcheck racecheck; do
    logged_check "simt.$tool-whole" "$SAN" --tool $tool --error-exitcode 86 "$R" \
      "$D/f32_simt_128x256x8_t8x16_s3/kernel.json" -m 256 -n 512 -k 64 --no-timing --iterations 1 --no-cublas
  done
  echo "== simt perf: gemm-opt ms TFLOP/s | cuBLAS | ratio | result | what ran"
  for r in $(seq 1 "$ROUNDS"); do
    for b in f32_simt_128x256x8_t8x16_s3 gemm_f32_simt_sm90; do
      for s in 4096 8192; do
        time_bundle "r$r.$s^3.$b" "$b" -m $s -n $s -k $s
        time_bundle "r$r.$s^3-lda$((s + 1)).$b" "$b" -m $s -n $s -k $s --lda $((s + 1))
      done
    done
  done
fi

# gputests: the gemm-run lines of test/GPU/*.mlir this session changed,
# from the bundles (no lit or FileCheck on the GPU machine): each must exit
# as the test expects and print what its FileCheck lines look for.
# expect_run NAME RC PATTERN ARGS...: gemm-run ARGS must exit with RC and
# its output match the extended regular expression PATTERN.
expect_run() {
  local name=$1 want=$2 pattern=$3
  shift 3
  timeout 120 "$R" "$@" >"$WORK/$name.log" 2>&1
  local rc=$?
  if [ "$rc" = "$want" ] && grep -Eq "$pattern" "$WORK/$name.log"; then
    echo "ok $name"
  else
    echo "FAIL $name rc=$rc (want $want), /$pattern/: $(grep -E '^(variant|result|gemm-run)' "$WORK/$name.log" | tr '\n' ' ')"
    failures=$((failures + 1))
  fi
}
if wants gputests; then
  echo "== test/GPU lines"
  simt=$D/gemm_f32_simt_sm90/kernel.json
  for s in "4096 4096 4096" "2048 8192 1024" "128 256 8"; do
    read -r m n k <<<"$s"
    expect_run "simt.$m.$n.$k" 0 "ran its whole-tile variant gemm_f32_kernel_whole_tiles" "$simt" -m $m -n $n -k $k --no-timing
  done
  expect_run simt.padded 0 "ran its whole-tile variant" "$simt" -m 512 -n 512 -k 512 --lda 640 --ldb 768 --ldc 520 --no-timing
  expect_run simt.ragged 0 "ran the any-shape kernel" "$simt" -m 500 -n 512 -k 509 --no-timing
  expect_run simt.ldb513 0 "ran the any-shape kernel" "$simt" -m 512 -n 512 -k 512 --ldb 513 --no-timing
  expect_run simt-s3.ragged 0 "result   : PASS" "$D/f32_simt_128x128x16_t8x8_s3/kernel.json" -m 4097 -n 4095 -k 4093 --no-timing
  for b in gemm_bf16_wgmma_sm90 gemm_f16_wgmma_sm90; do
    expect_run "$b.ragged" 0 "result   : PASS" "$D/$b/kernel.json" -m 500 -n 512 -k 509 --no-timing
  done
  for b in gemm_bf16_sm90 gemm_f16_sm90; do
    expect_run "$b.refusal" 2 "not a multiple.*ragged = true" "$D/$b/kernel.json" -m 500 -n 512 -k 512 --no-timing
  done
  rg=$D/bf16_128x256x32_s4_ragged/kernel.json
  expect_run ragged.whole 0 "ran its whole-tile variant bf16_128x256x32_s4_ragged_kernel_whole_tiles" "$rg" -m 1024 -n 1024 -k 1024 --no-timing
  expect_run ragged.any 0 "ran the any-shape kernel" "$rg" -m 1000 -n 1300 -k 2000 --no-timing
  expect_run ragged.lda 0 "ran the any-shape kernel" "$rg" -m 1024 -n 1024 -k 1024 --lda 1025 --no-timing
fi

# tf32: the tf32 example at 4096³ and 8192³ (issue 4's open target), ROUNDS
# rounds; not in the default PARTS.
if wants tf32; then
  echo "== tf32: gemm-opt ms TFLOP/s | cuBLAS | ratio | result"
  for r in $(seq 1 "$ROUNDS"); do
    for s in 4096 8192; do
      time_bundle "r$r.$s^3.gemm_tf32_wgmma_sm90" gemm_tf32_wgmma_sm90 -m $s -n $s -k $s
    done
  done
fi

if wants sass; then
  echo "== sass: per function LDL STL HMMA FFMA"
  for b in gemm_bf16_sm90 gemm_f16_sm90 $RAGGED $FUSED $SIMT; do
    cubin=$(ls "$D/$b"/*.cubin | head -1)
    cuobjdump -sass "$cubin" >"$WORK/$b.sass" 2>&1
    awk -v b="$b" '/Function :/ { if (f) printf "%s %s: %d LDL, %d STL, %d HMMA, %d FFMA\n", b, f, l, s, h, m; f = $3; l = s = h = m = 0 }
      /LDL/ { l++ } /STL/ { s++ } /HMMA/ { h++ } /FFMA/ { m++ }
      END { if (f) printf "%s %s: %d LDL, %d STL, %d HMMA, %d FFMA\n", b, f, l, s, h, m }' "$WORK/$b.sass"
  done
fi

if wants sweep; then
  export LD_LIBRARY_PATH=/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  # shellcheck disable=SC2086
  sweep_seeds ${SWEEP_SEEDS:-26}
fi
echo "== failures: $failures"
tar czf "$OUT_ROOT/session20.tar.gz" -C "$WORK" . 2>/dev/null
