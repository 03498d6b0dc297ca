//===- FusedEpilogueSpec.cpp - a bundle kernel's fused epilogue -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/FusedEpilogueSpec.h"

#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <optional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getEpilogueBiasName(EpilogueBias bias) {
  switch (bias) {
  case EpilogueBias::None:
    return "none";
  case EpilogueBias::Row:
    return "row";
  case EpilogueBias::Column:
    return "column";
  }
  return "?";
}

StringRef getEpilogueActivationName(EpilogueActivation activation) {
  switch (activation) {
  case EpilogueActivation::None:
    return "none";
  case EpilogueActivation::Relu:
    return "relu";
  case EpilogueActivation::GeluTanh:
    return "gelu_tanh";
  case EpilogueActivation::GeluErf:
    return "gelu_erf";
  case EpilogueActivation::Silu:
    return "silu";
  }
  return "?";
}

std::string FusedEpilogueSpec::describe() const {
  std::string text;
  auto add = [&](StringRef item) {
    text += (text.empty() ? "" : ",") + item.str();
  };
  if (alphaBeta)
    add("alpha_beta");
  if (bias != EpilogueBias::None)
    add("bias=" + getEpilogueBiasName(bias).str());
  if (activation != EpilogueActivation::None)
    add("activation=" + getEpilogueActivationName(activation).str());
  if (residual)
    add("residual");
  return text.empty() ? "none" : text;
}

double applyActivation(EpilogueActivation activation, double x) {
  switch (activation) {
  case EpilogueActivation::None:
    return x;
  case EpilogueActivation::Relu:
    return std::isnan(x) ? x : std::max(x, 0.0);
  case EpilogueActivation::GeluTanh: {
    const double sqrt2OverPi = 0.79788456080286535588;
    return 0.5 * x * (1.0 + std::tanh(sqrt2OverPi * (x + 0.044715 * x * x * x)));
  }
  case EpilogueActivation::GeluErf:
    return 0.5 * x * (1.0 + std::erf(x * 0.70710678118654752440));
  case EpilogueActivation::Silu:
    return x / (1.0 + std::exp(-x));
  }
  return x;
}

double applyFusedEpilogue(const FusedEpilogueSpec &spec, double acc,
                          const EpilogueEntryInputs &inputs) {
  double x = acc;
  if (spec.alphaBeta)
    x = inputs.alpha * acc + inputs.beta * inputs.oldC;
  if (spec.bias != EpilogueBias::None)
    x += inputs.bias;
  x = applyActivation(spec.activation, x);
  if (spec.residual)
    x += inputs.residual;
  return x;
}

FusedEpilogueSpec
readFusedEpilogue(const std::optional<bundle::Epilogue> &epilogue) {
  FusedEpilogueSpec spec;
  if (!epilogue)
    return spec;
  spec.alphaBeta = epilogue->alphaBeta.value_or(false);
  spec.residual = epilogue->residual.value_or(false);
  spec.bias = StringSwitch<EpilogueBias>(epilogue->bias.value_or("none"))
                  .Case("row", EpilogueBias::Row)
                  .Case("column", EpilogueBias::Column)
                  .Default(EpilogueBias::None);
  spec.activation =
      StringSwitch<EpilogueActivation>(epilogue->activation.value_or("none"))
          .Case("relu", EpilogueActivation::Relu)
          .Case("gelu_tanh", EpilogueActivation::GeluTanh)
          .Case("gelu_erf", EpilogueActivation::GeluErf)
          .Case("silu", EpilogueActivation::Silu)
          .Default(EpilogueActivation::None);
  return spec;
}

} // namespace runtime
} // namespace gemm_opt
