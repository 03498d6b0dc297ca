//===- FusedEpilogueSpec.h - a bundle kernel's fused epilogue --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The optional "epilogue" object of a bundle kernel: what the kernel fuses
// between the fp32 accumulator and the store of C,
//
//   {"alpha_beta": true|false, "bias": "none"|"row"|"column",
//    "activation": "none"|"relu"|"gelu_tanh"|"gelu_erf"|"silu",
//    "residual": true|false}
//
//   D = activation(alpha·acc + beta·C_old + bias) + residual
//
// (every field optional, defaults false / "none"; a kernel without the
// object fuses nothing). The math is also here in fp64, for the reference.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_FUSEDEPILOGUESPEC_H
#define GEMM_OPT_RUNTIME_FUSEDEPILOGUESPEC_H

#include "llvm/ADT/StringRef.h"
#include "runtime/bundle/BundleSchema.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace gemm_opt {
namespace runtime {

enum class EpilogueBias { None, Row, Column };
enum class EpilogueActivation { None, Relu, GeluTanh, GeluErf, Silu };

llvm::StringRef getEpilogueBiasName(EpilogueBias bias);
llvm::StringRef getEpilogueActivationName(EpilogueActivation activation);

struct FusedEpilogueSpec {
  bool alphaBeta = false;
  EpilogueBias bias = EpilogueBias::None;
  EpilogueActivation activation = EpilogueActivation::None;
  bool residual = false;

  bool hasFusedOperations() const {
    return alphaBeta || bias != EpilogueBias::None ||
           activation != EpilogueActivation::None || residual;
  }
  /// "bias=column,activation=gelu_tanh", or "none".
  std::string describe() const;
};

/// The epilogue's run-time inputs, in fp64 for one entry of C.
struct EpilogueEntryInputs {
  double alpha = 1.0, beta = 0.0;
  double oldC = 0.0;     ///< C before the kernel (read when beta is used).
  double bias = 0.0;     ///< bias[row] or bias[col].
  double residual = 0.0; ///< residual(row, col).
};

/// The activation in fp64: relu max(x, 0); gelu_tanh
/// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))); gelu_erf 0.5·x·(1 + erf(x/√2));
/// silu x/(1 + e^-x). NaN stays NaN.
double applyActivation(EpilogueActivation activation, double x);

/// D for accumulator `acc` (the exact A·B entry), in fp64.
double applyFusedEpilogue(const FusedEpilogueSpec &spec, double acc,
                          const EpilogueEntryInputs &inputs);

/// The entry's optional "epilogue" (nothing fused where absent), whose
/// names the schema checked.
FusedEpilogueSpec
readFusedEpilogue(const std::optional<bundle::Epilogue> &epilogue);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_FUSEDEPILOGUESPEC_H
