//===- CublasLtScaledMatmul.h - cuBLASLt's FP8 matmul ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The vendor's FP8 GEMM beside an FP8 kernel (gemm-run): one cublasLtMatmul
// of the kernel's 8-bit A and B with its scale modes
// (CUBLASLT_MATMUL_DESC_{A,B}_SCALE_MODE and _POINTER, the scales copied into
// buffers of their own in cuBLASLt's layouts, CublasLtScaleLayout.h, which
// also gives the column-major "TN" form that exchanges A and B),
// CUBLASLT_MATMUL_DESC_FAST_ACCUM as the kernel's fast_accumulation,
// CUBLAS_COMPUTE_32F, over a strided batch where the shape has several
// entries (one set of scales for all of them), a 32 MiB workspace and the first (best) algorithm of
// cublasLtMatmulAlgoGetHeuristic, computing
//
//   D = epilogue(alpha · sa · sb · (A·B) + beta · C)     (C is D, in place)
//
// where the epilogue is cuBLASLt's bias and/or activation
// (CUBLASLT_EPILOGUE_*, with gemm-opt's bias = column, CublasLtEpilogue.h)
// or none. cuBLASLt runs only some combinations of types, scale modes, fast
// accumulation and epilogues: planning tries the matmul once and reports a
// combination it refuses (CUBLAS_STATUS_NOT_SUPPORTED, _INVALID_VALUE,
// _ARCH_MISMATCH, or no algorithm) as a refusal, not an error, so that the
// caller can go on without it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASLTSCALEDMATMUL_H
#define GEMM_OPT_RUNTIME_CUBLASLTSCALEDMATMUL_H

#include "runtime/CublasLtMatmulObjects.h"
#include "runtime/CublasReference.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/GemmShape.h"
#include "runtime/HostScales.h"

#include "llvm/Support/Error.h"

#include <cublasLt.h>

#include <optional>
#include <string>

namespace gemm_opt {
namespace runtime {

/// What the matmul computes beyond the scaled product.
struct CublasLtScaledMatmulOptions {
  float alpha = 1.0f;
  /// Not 0: D's buffer holds C before each run.
  float beta = 0.0f;
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  /// N entries of C's type, for an epilogue with a bias.
  const void *bias = nullptr;
  /// An 8-bit D's scale (D = saturate(scaleD · result),
  /// CUBLASLT_MATMUL_DESC_D_SCALE_POINTER), one f32 in device memory; null
  /// for a 16- or 32-bit D.
  const void *scaleD = nullptr;
  /// Where cuBLASLt writes max |result| before scaleD
  /// (CUBLASLT_MATMUL_DESC_AMAX_D_POINTER), one f32 in device memory, or
  /// null.
  void *amax = nullptr;
  /// A workspace of CublasReference::WorkspaceBytes to use instead of one
  /// of the matmul's own: matmuls that run one after the other on one
  /// stream (a loop over groups) can share it. Null: its own.
  void *workspace = nullptr;
};

struct CublasLtScaledMatmulPlan;

/// A planned cublasLtMatmul on fixed operands (RAII, move-only).
class CublasLtScaledMatmul : CublasLtMatmulObjects {
public:
  /// Plans D = epilogue(alpha · sa · sb · (A·B) + beta · C) for the FP8
  /// problem `shape` (row-major A, column-major B, row-major C) of `types`
  /// with the scales `scales`, on the device operands `a`, `b` and `d`,
  /// and runs it once on `stream` to see that cuBLASLt takes it (which
  /// writes D). A combination cuBLASLt refuses comes back as the plan's
  /// refusal; an Error is any other failure.
  static llvm::Expected<CublasLtScaledMatmulPlan>
  plan(const GemmShape &shape, const GemmTypes &types, const HostScales &scales,
       const CublasLtScaledMatmulOptions &options, const void *a, const void *b,
       void *d, cudaStream_t stream);

  CublasLtScaledMatmul(CublasLtScaledMatmul &&other) noexcept = default;
  CublasLtScaledMatmul &operator=(CublasLtScaledMatmul &&) = delete;
  CublasLtScaledMatmul(const CublasLtScaledMatmul &) = delete;
  CublasLtScaledMatmul &operator=(const CublasLtScaledMatmul &) = delete;
  ~CublasLtScaledMatmul() = default;

  /// Enqueues the matmul on the planned stream.
  llvm::Error run();

  /// "A_SCALE_MODE=BLK128x128_32F (scale_b), B_SCALE_MODE=VEC128_32F
  /// (scale_a), FAST_ACCUM=0".
  const std::string &getScaleModes() const { return scaleModes; }
  /// "algo 66, tile 20, stages 12, split-K 1, waves 0.97, workspace 0 B".
  const std::string &getAlgorithmDescription() const { return algorithm; }

private:
  CublasLtScaledMatmul() = default;
  /// Enqueues the matmul and returns cuBLASLt's status.
  cublasStatus_t runStatus();

  cublasLtMatmulAlgo_t algo = {};
  /// The matmul's own workspace, unless the options gave one.
  DeviceBuffer ownWorkspace;
  void *workspace = nullptr;
  /// cuBLASLt's A and B scales: our scale_b and scale_a in its layouts.
  DeviceBuffer scalesOfA, scalesOfB;
  /// An 8-bit D's C (bf16, never read: beta is 0), which cuBLASLt needs
  /// typed apart from D; empty otherwise.
  DeviceBuffer cOfEightBitD;
  const void *a = nullptr, *b = nullptr;
  void *d = nullptr;
  float alpha = 1.0f, beta = 0.0f;
  cudaStream_t stream = nullptr;
  std::string scaleModes, algorithm;
};

/// A planned matmul, or why cuBLASLt refuses it.
struct CublasLtScaledMatmulPlan {
  std::optional<CublasLtScaledMatmul> matmul;
  /// "cublasLtMatmulAlgoGetHeuristic: CUBLAS_STATUS_NOT_SUPPORTED"; empty
  /// when planned.
  std::string refusal;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASLTSCALEDMATMUL_H
