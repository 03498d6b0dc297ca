//===- Registration.h - what gemm-opt's tools register ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_REGISTRATION_H
#define GEMM_OPT_PASSES_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace gemm_opt {

/// The dialects schedules and lowered kernels use, and the interfaces the
/// NVVM conversions and serialization need.
void registerGemmOptDialects(mlir::DialectRegistry &registry);

/// The tile passes, `lower-to-nvvm`, and the upstream passes it runs.
void registerGemmOptPasses();

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_REGISTRATION_H
