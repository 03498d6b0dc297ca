//===- MatmulBenchProblem.h - one problem of gemm-matmul-bench --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULBENCHPROBLEM_H
#define GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULBENCHPROBLEM_H

#include "jit/MatmulHandle.h"
#include "runtime/CublasReference.h"
#include "runtime/DeviceBuffer.h"
#include "runtime/HostMatrix.h"
#include "runtime/Timing.h"
#include "runtime/Validation.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>

namespace gemm_opt {

/// What identifies a problem's weights (B): its type, layout, N and K.
std::string getWeightKey(const MatmulProblem &problem);

/// Device buffers reused across problems (grown as needed), the host copies
/// of the current inputs, and one cuBLAS handle per compute type.
struct MatmulBenchBuffers {
  runtime::DeviceBuffer a, b, c, reference;
  std::string aKey, bKey;
  std::optional<runtime::HostMatrix> hostA, hostB;
  std::map<int, runtime::CublasReference> cublas; ///< By compute type.
};

struct MatmulBenchResult {
  MatmulChoice choice;
  double oursMs = 0, cublasMs = 0;
  /// Bytes of B, read once per run.
  double weightBytes = 0;
  runtime::ErrorMetric vsFp64, vsCublas;
  /// Why the check failed; empty when it passed.
  std::string failure;
  bool passed() const { return failure.empty(); }
};

/// Checks and times `problem` through `handle` (see gemm-matmul-bench.cpp).
llvm::Expected<MatmulBenchResult>
runMatmulBenchProblem(MatmulHandle &handle, const MatmulProblem &problem,
                      MatmulBenchBuffers &buffers, cudaStream_t stream,
                      runtime::L2Flusher &flusher, unsigned runs);

} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULBENCHPROBLEM_H
