//===- MatmulTuneRun.h - measure a tuning library's candidates --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULTUNERUN_H
#define GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULTUNERUN_H

#include "MatmulBenchProblem.h"

#include "jit/KernelLibrary.h"
#include "llvm/Support/JSON.h"

namespace gemm_opt {

/// Checks every kernel `library` holds for `problem` (each rank) and times
/// those that pass, alternating with cuBLAS, L2 flushed: the problem's
/// entry of the measurements file (tools/gemm-opt-build-library/
/// MeasurementIngest.h). `summary` gets one line: the fastest and cuBLAS.
llvm::Expected<llvm::json::Object>
tuneMatmulProblem(KernelLibrary &library, const MatmulProblem &problem,
                  MatmulBenchBuffers &buffers, cudaStream_t stream,
                  runtime::L2Flusher &flusher, unsigned runs,
                  std::string &summary);

} // namespace gemm_opt

#endif // GEMM_OPT_TOOLS_GEMMMATMULBENCH_MATMULTUNERUN_H
