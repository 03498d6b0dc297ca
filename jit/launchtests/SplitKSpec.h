//===- SplitKSpec.h - a split_k kernel's launch metadata for tests -*- C++
//-*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_LAUNCHTESTS_SPLITKSPEC_H
#define GEMM_OPT_JIT_LAUNCHTESTS_SPLITKSPEC_H

#include "runtime/KernelSpec.h"
#include "runtime/unittests/TestBundles.h"

namespace gemm_opt {
namespace jit {

/// A split_k = 4 kernel with 64x128 tiles (grid z = 4), its workspace last,
/// as gemm-translate describes bench/schedules/wgmma_bf16_64x128x64_s4_sk4.
inline runtime::KernelSpec makeSplitKSpec() {
  using llvm::json::Array;
  using llvm::json::Object;
  Object kernel = runtime::test::makeValidKernel();
  kernel["grid"] = Object{{"x", Object{{"extent", "n"}, {"tile", 128}}},
                          {"y", Object{{"extent", "m"}, {"tile", 64}}},
                          {"z", 4}};
  kernel["tile"] = Object{{"m", 64}, {"n", 128}, {"k", 64}};
  Array *parameters = kernel.getArray("parameters");
  parameters->push_back(
      Object{{"kind", "workspace"}, {"name", "split_k_partials"}});
  parameters->push_back(
      Object{{"kind", "workspace"}, {"name", "split_k_tile_counters"}});
  return runtime::test::parseSingleKernel(std::move(kernel));
}

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_LAUNCHTESTS_SPLITKSPEC_H
