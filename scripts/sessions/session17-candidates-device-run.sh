#!/usr/bin/env bash
# Session 17: issue 4's two open targets on the H100, over every candidate
# already compiled (artifacts of bca60ca):
#   tf32     every tf32 bundle that reads K-major operands, timed at 4096³
#            next to cuBLAS tf32 (two interleaved rounds);
#   epilogue every bf16 bias + GELU bundle at 8192x8192x4096 against cuBLAS
#            + a separate kernel and cuBLASLt's GELU_BIAS.
# Results under $OUT/tf32/ and $OUT/all/epilogue/.
set -u
cd "$(dirname "$0")/../.."
OUT_ROOT=${OUT:-./device-out}
TF32=$(cd device-artifacts && ls -d *tf32* | grep -v -e staged -e epilogue | tr '\n' ' ')
OUT=$OUT_ROOT/tf32 NAME=session17-tf32 NEW="" SANITIZE="" CONTROLS="$TF32" \
  TIMED="4096x4096x4096" ROUNDS=2 ITER=30 BUDGET=330 \
  timeout 360 bash scripts/candidates-device-run.sh 2>&1 | sed -n '/^== session17-tf32/,$p'
OUT=$OUT_ROOT/all PARTS=epilogue EPILOGUE_ITERATIONS=30 \
  EPILOGUE_BUNDLES="$(cd device-artifacts && ls -d *bias_gelu* | grep bf16 | tr '\n' ' ')" \
  timeout 200 bash scripts/device-all.sh 2>&1 | grep -E "^--|^\| (fused|unfused|cublaslt|cublas_gemm) " | cut -c1-200
