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
#include "runtime/GemmProblem.h"
#include "runtime/HostMatrix.h"
#include "runtime/Timing.h"
#include "runtime/Validation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
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

/// A problem's inputs on the device (in MatmulBenchBuffers) and how cuBLAS
/// computes it.
struct MatmulBenchInputs {
  runtime::CublasReference *cublas = nullptr;
  runtime::GemmProblem reference;
  runtime::ElementType inputType = runtime::ElementType::BF16;
  runtime::ElementType outputType = runtime::ElementType::BF16;
  /// Bytes of B, read once per run.
  double weightBytes = 0;
  /// Enqueues cuBLAS's product into buffers.reference.
  llvm::Error runCublas(MatmulBenchBuffers &buffers) const;
};

/// Draws (or keeps) the problem's inputs and uploads them.
llvm::Expected<MatmulBenchInputs>
prepareMatmulBenchInputs(const MatmulProblem &problem,
                         MatmulBenchBuffers &buffers, cudaStream_t stream);

/// What the check of one output found.
struct MatmulCheck {
  runtime::ErrorMetric vsFp64, vsCublas;
  /// Why the check failed; empty when it passed.
  std::string failure;
  bool passed() const { return failure.empty(); }
};

/// Poisons C, enqueues `run` (which writes buffers.c) and cuBLAS, and
/// compares: no NaN or Inf in C, the sampled entries against fp64 and
/// against cuBLAS.
llvm::Expected<MatmulCheck>
checkMatmulOutput(const MatmulProblem &problem, const MatmulBenchInputs &inputs,
                  MatmulBenchBuffers &buffers, cudaStream_t stream,
                  llvm::function_ref<llvm::Error()> run);

struct MatmulBenchResult {
  MatmulChoice choice;
  double oursMs = 0, cublasMs = 0;
  double weightBytes = 0;
  MatmulCheck check;
};

/// Checks and times `problem` through `handle` (see gemm-matmul-bench.cpp).
llvm::Expected<MatmulBenchResult>
runMatmulBenchProblem(MatmulHandle &handle, const MatmulProblem &problem,
                      MatmulBenchBuffers &buffers, cudaStream_t stream,
                      runtime::L2Flusher &flusher, unsigned runs);

} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULBENCHPROBLEM_H
