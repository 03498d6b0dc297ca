//===- MatmulKernelSource.h - kernels matmul lacks --------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The interface through which a MatmulHandle asks for a kernel that its
// ahead-of-time library does not hold. The JIT implements it
// (jit/MatmulCompiler.h); a deployment without LLVM leaves it out and the
// handle answers from the library alone.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULKERNELSOURCE_H
#define GEMM_OPT_JIT_MATMULKERNELSOURCE_H

#include "jit/GemmKernel.h"
#include "jit/MatmulChoice.h"
#include "jit/MatmulProblem.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace gemm_opt {

/// A kernel for a problem, with the reason it was chosen.
struct ChosenKernel {
  std::shared_ptr<jit::GemmKernel> kernel;
  MatmulChoice choice;
};

class MatmulKernelSource {
public:
  virtual ~MatmulKernelSource();

  /// A kernel that computes `problem` (its chip set) with an epilogue of
  /// form `epilogue`, chosen and compiled without a schedule from the
  /// caller.
  virtual llvm::Expected<ChosenKernel>
  getKernel(const MatmulProblem &problem,
            const jit::FusedEpilogueDescription &epilogue) = 0;
};

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULKERNELSOURCE_H
