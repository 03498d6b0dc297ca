#!/usr/bin/env bash
# Session 36's device call (bench/NOTES.md, "Session 36"), on an H200:
# issue 4's table at the final kernels, with the evidence for its two
# unmet rows taken in the same call.
#   table    scripts/sessions/session17-h100-device-run.sh, parts table, epilogue and
#            transpose (the table's rows, cuBLAS in the same process);
#   layouts  scripts/sessions/session31-device-run.sh, part tf32layouts: tf32 at
#            4096³ and 8192³ in each layout against cuBLAS tf32 in that
#            layout;
#   ceiling  scripts/sessions/session27-device-run.sh, parts ceiling, bound and
#            power: the wgmma-only ceiling at the bias + GELU shape and at
#            tf32 4096³ beside cuBLAS and our kernels, v_none (the bias +
#            GELU schedule without epilogue work, scripts/sessions/session27-prepare.sh)
#            and the sustained runs under the power cap.
#   simt     (call 2) the SIMT kernel with column-major A, B or both
#            (f32_simt_128x256x8_t8x16_s3_col_a, _col_b, _col_ab) against
#            cuBLAS SGEMM in the same layout beside the row-major kernel, two
#            rounds at 4096³ and 8192³; gemm-run's checks on whole tiles,
#            ragged shapes, padded and odd pitches, one K tile; memcheck and
#            racecheck.
#   colc     (call 3) the SIMT kernel into a column-major C, run as
#            C^T = B^T·A^T (f32_simt_128x256x8_t8x16_s3_colc, and
#            epilogue_f32_simt_alpha_beta_row_bias_gelu_colc with alpha, beta,
#            a row bias and erf GELU), timed against cuBLAS SGEMM in the
#            same layouts beside the row-major kernel; the same checks and
#            sanitizers as simt, beta = 0 with C poisoned.
#   residual (call 5) epilogue_f32_simt_alpha_beta_row_bias_gelu_residual_colc:
#            a residual into a column-major C, read through its transpose;
#            timed beside the row-major ..._residual kernel against SGEMM;
#            checks (the residual off C's alignment included), sanitizers.
#   sweep    (calls 2, 3, 5) gemm-sweep, seeds SWEEP_SEEDS (default 101), each with
#            its cover bundles (device-artifacts/sweep-cover<seed>).
# PARTS picks (default: table layouts ceiling). Each part's console in
# $OUT/console-<part>.txt, each script's logs in its own tarball under $OUT
# (simt and sweep: session36.tar.gz).
set -u
cd "$(dirname "$0")/../.."
PARTS=${PARTS:-table layouts ceiling}
wants() { [[ " $PARTS " == *" $1 "* ]]; }
status=0
if wants table; then
  CONSOLE=console-table.txt PARTS="table epilogue transpose" bash scripts/sessions/session17-h100-device-run.sh || status=1
fi
if wants layouts; then
  CONSOLE=console-layouts.txt PARTS=tf32layouts bash scripts/sessions/session31-device-run.sh || status=1
fi
if wants ceiling; then
  CONSOLE=console-ceiling.txt PARTS="ceiling bound power" ROUNDS=2 SUSTAINED_MS=2000 bash scripts/sessions/session27-device-run.sh || status=1
fi
if wants simt || wants colc || wants residual || wants sweep; then
  (
    CONSOLE=console-simt.txt
    PATH=/usr/local/cuda/bin:$PATH
    source scripts/lib/device-session.sh
    source scripts/lib/logged-session.sh
    if wants simt; then
      LIST=""
      for shape in 4096x4096x4096 8192x8192x8192; do
        for v in "" _col_a _col_b _col_ab; do
          LIST+="f32_simt_128x256x8_t8x16_s3$v:$shape:
"
        done
      done
      time_variants "${LIST%$'\n'}" ""
      # Whole tiles (the whole-tile variant), one K tile, ragged shapes,
      # padded and odd pitches (the Guarded copies; a column-major
      # operand's leading dimension is its row count).
      CASES="4096x4096x4096 2048x8192x1024 128x256x8 1x1x1 7x9x3 129x257x65
1000x1300x2000 4097x4095x4093 300x264x7"
      check_shapes f32_simt_128x256x8_t8x16_s3_col_a 5 "$CASES
1000x1300x2001:--lda:1003:--ldb:1301:--ldc:1302 512x512x512:--lda:516" 
      check_shapes f32_simt_128x256x8_t8x16_s3_col_b 6 "$CASES
1000x1300x2001:--lda:2003:--ldb:2005:--ldc:1302 512x512x512:--ldb:513"
      check_shapes f32_simt_128x256x8_t8x16_s3_col_ab 7 "$CASES
1000x1300x2001:--lda:1001:--ldb:2002 512x512x512:--lda:640:--ldb:768:--ldc:520"
      for v in _col_a _col_b _col_ab; do
        sanitize_checks f32_simt_128x256x8_t8x16_s3$v "- --ldc:303" -m 300 -n 264 -k 129
        sanitize_checks f32_simt_128x256x8_t8x16_s3$v "-" -m 256 -n 512 -k 64
      done
    fi
    if wants colc; then
      EPI="--alpha 1.5 --beta 0.5 --bias"
      LIST=""
      for shape in 4096x4096x4096 8192x8192x8192 4097x4095x4096; do
        LIST+="f32_simt_128x256x8_t8x16_s3:$shape:
f32_simt_128x256x8_t8x16_s3_colc:$shape:
epilogue_f32_simt_alpha_beta_row_bias_gelu_colc:$shape:$EPI
"
      done
      time_variants "${LIST%$'\n'}" ""
      CASES="4096x4096x4096 2048x8192x1024 128x256x8 1x1x1 7x9x3 129x257x65
1000x1300x2000 4097x4095x4093 300x264x7 1000x1300x2001:--ldc:1003 512x512x512:--lda:640:--ldb:768:--ldc:520
512x512x512:--ldc:515"
      check_shapes f32_simt_128x256x8_t8x16_s3_colc 8 "$CASES"
      # shellcheck disable=SC2086
      check_shapes epilogue_f32_simt_alpha_beta_row_bias_gelu_colc 9 "$CASES
1000x1300x2001:--ldb:2003" $EPI
      check_shapes epilogue_f32_simt_alpha_beta_row_bias_gelu_colc 10 "1000x1300x2000 4096x4096x512" \
        --alpha 1.5 --beta 0 --bias
      for spec in "f32_simt_128x256x8_t8x16_s3_colc:" "epilogue_f32_simt_alpha_beta_row_bias_gelu_colc:$EPI"; do
        # shellcheck disable=SC2086
        sanitize_checks "${spec%%:*}" "- --ldc:303" -m 300 -n 264 -k 129 ${spec#*:}
      done
    fi
    if wants residual; then
      ALL="--alpha 1.5 --beta 0.5 --bias --residual"
      LIST=""
      for shape in 4096x4096x4096 8192x8192x8192 4095x4097x4096; do
        LIST+="epilogue_f32_simt_alpha_beta_row_bias_gelu_residual:$shape:$ALL
epilogue_f32_simt_alpha_beta_row_bias_gelu_residual_colc:$shape:$ALL
"
      done
      time_variants "${LIST%$'\n'}" ""
      CASES="4096x4096x4096 2048x8192x1024 128x256x8 1x1x1 7x9x3 129x257x65
1000x1300x2000 4097x4095x4093 300x264x7 1000x1300x2001:--ldc:1003 512x512x512:--lda:640:--ldb:768:--ldc:520
512x512x512:--ldc:515 640x384x1000:--residual-offset:3"
      V=epilogue_f32_simt_alpha_beta_row_bias_gelu_residual_colc
      # shellcheck disable=SC2086
      check_shapes $V 11 "$CASES" $ALL
      # shellcheck disable=SC2086
      check_shapes $V 12 "1000x1300x2000 4096x4096x512" ${ALL/--beta 0.5/--beta 0}
      # shellcheck disable=SC2086
      sanitize_checks $V "- --ldc:303" -m 300 -n 264 -k 129 $ALL
    fi
    if wants sweep; then
      # shellcheck disable=SC2086
      sweep_seeds ${SWEEP_SEEDS:-101}
    fi
    finish_logged_session session36.tar.gz
    [ "$failures" = 0 ]
  ) || status=1
fi
exit $status
