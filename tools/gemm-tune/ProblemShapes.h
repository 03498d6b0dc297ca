//===- ProblemShapes.h - the shapes gemm-tune plans for ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TOOLS_GEMMTUNE_PROBLEMSHAPES_H
#define GEMM_OPT_TOOLS_GEMMTUNE_PROBLEMSHAPES_H

#include "analysis/PerformanceModel.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace gemm_opt::tune {

/// The Hopper benchmark's shapes (bench/hopper-benchmark.sh): 4096³, 8192³,
/// 8192×8192×1024, 2048³, 1024×1024×8192, 128×4096×4096, 16×4096×4096
/// (which only the wgmma kernels run: no block tile divides 16 rows).
std::vector<analysis::GemmShape> getBenchmarkShapes();

/// Parses "MxNxK" (each in [1, 2^31 - 1], analysis::verifyShape),
/// "benchmark" (all benchmark shapes) or a
/// shape class of tuning/TuningDatabase ("large", "shallow-k", "small",
/// "deep-k", "skinny": the benchmark shapes of that class).
llvm::Expected<std::vector<analysis::GemmShape>>
parseShapes(llvm::StringRef text);

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TOOLS_GEMMTUNE_PROBLEMSHAPES_H
