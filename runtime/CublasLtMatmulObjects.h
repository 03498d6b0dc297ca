//===- CublasLtMatmulObjects.h - what a planned cublasLtMatmul owns -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The cuBLASLt objects behind one planned matmul (its handle, operation
// descriptor and the layouts of A, B and D), destroyed with it and handed
// over on a move: the base of the cuBLASLt references (CublasLtEpilogue.h,
// CublasLtScaledMatmul.h).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_CUBLASLTMATMULOBJECTS_H
#define GEMM_OPT_RUNTIME_CUBLASLTMATMULOBJECTS_H

#include <cublasLt.h>

namespace gemm_opt {
namespace runtime {

struct CublasLtMatmulObjects {
  CublasLtMatmulObjects() = default;
  CublasLtMatmulObjects(CublasLtMatmulObjects &&other) noexcept
      : handle(other.handle), operation(other.operation),
        aLayout(other.aLayout), bLayout(other.bLayout), dLayout(other.dLayout),
        cLayout(other.cLayout) {
    other.handle = nullptr;
    other.operation = nullptr;
    other.aLayout = other.bLayout = other.dLayout = other.cLayout = nullptr;
  }
  CublasLtMatmulObjects &operator=(CublasLtMatmulObjects &&) = delete;
  CublasLtMatmulObjects(const CublasLtMatmulObjects &) = delete;
  CublasLtMatmulObjects &operator=(const CublasLtMatmulObjects &) = delete;
  ~CublasLtMatmulObjects() {
    if (aLayout)
      (void)cublasLtMatrixLayoutDestroy(aLayout);
    if (bLayout)
      (void)cublasLtMatrixLayoutDestroy(bLayout);
    if (dLayout)
      (void)cublasLtMatrixLayoutDestroy(dLayout);
    if (cLayout)
      (void)cublasLtMatrixLayoutDestroy(cLayout);
    if (operation)
      (void)cublasLtMatmulDescDestroy(operation);
    if (handle)
      (void)cublasLtDestroy(handle);
  }

  cublasLtHandle_t handle = nullptr;
  cublasLtMatmulDesc_t operation = nullptr;
  cublasLtMatrixLayout_t aLayout = nullptr, bLayout = nullptr,
                         dLayout = nullptr;
  /// C's layout where it differs from D's (an 8-bit D takes a 16-bit C),
  /// else null: C is D.
  cublasLtMatrixLayout_t cLayout = nullptr;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_CUBLASLTMATMULOBJECTS_H
