//===- CublasBaseline.cpp - What cuBLAS computes beside a kernel ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasBaseline.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace gemm_opt {
namespace runtime {

std::string CublasBaseline::describe() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (alpha != 1.0f)
    os << llvm::format("%g", alpha) << "·";
  os << "A·B";
  if (beta != 0.0f) {
    os << " + ";
    if (beta != 1.0f)
      os << llvm::format("%g", beta) << "·";
    os << "C";
  }
  switch (initialC) {
  case InitialC::None:
    break;
  case InitialC::KernelC:
    os << " (C: the kernel's initial C)";
    break;
  case InitialC::Residual:
    os << " (C holding the residual)";
    break;
  }
  return text;
}

CublasBaseline getCublasBaseline(const FusedEpilogueSpec &epilogue, float alpha,
                                 float beta) {
  CublasBaseline baseline;
  if (epilogue.alphaBeta) {
    baseline.alpha = alpha;
    baseline.beta = beta;
    if (beta != 0.0f)
      baseline.initialC = CublasBaseline::InitialC::KernelC;
  } else if (epilogue.residual) {
    baseline.beta = 1.0f;
    baseline.initialC = CublasBaseline::InitialC::Residual;
  }
  return baseline;
}

} // namespace runtime
} // namespace gemm_opt
