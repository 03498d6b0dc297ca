//===- FusedEpilogueSpec.cpp - a bundle kernel's fused epilogue -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/FusedEpilogueSpec.h"

#include "runtime/JsonFieldReader.h"

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

namespace {
Expected<bool> getFlag(const JsonFieldReader &reader, StringRef key) {
  if (!reader.has(key))
    return false;
  Expected<const json::Value *> value = reader.getRequired(key);
  if (!value)
    return value.takeError();
  std::optional<bool> flag = (*value)->getAsBoolean();
  if (!flag)
    return reader.fail(key, "must be true or false");
  return *flag;
}
} // namespace

Expected<FusedEpilogueSpec> parseFusedEpilogue(const JsonFieldReader &kernel) {
  FusedEpilogueSpec spec;
  if (!kernel.has("epilogue"))
    return spec;
  Expected<JsonFieldReader> reader = kernel.getObject("epilogue");
  if (!reader)
    return reader.takeError();
  Expected<bool> alphaBeta = getFlag(*reader, "alpha_beta");
  if (!alphaBeta)
    return alphaBeta.takeError();
  spec.alphaBeta = *alphaBeta;
  Expected<bool> residual = getFlag(*reader, "residual");
  if (!residual)
    return residual.takeError();
  spec.residual = *residual;
  if (reader->has("bias")) {
    Expected<StringRef> name = reader->getString("bias");
    if (!name)
      return name.takeError();
    std::optional<EpilogueBias> bias =
        StringSwitch<std::optional<EpilogueBias>>(*name)
            .Case("none", EpilogueBias::None)
            .Case("row", EpilogueBias::Row)
            .Case("column", EpilogueBias::Column)
            .Default(std::nullopt);
    if (!bias)
      return reader->fail("bias", "is '" + *name +
                                      "', expected none, row or column");
    spec.bias = *bias;
  }
  if (reader->has("activation")) {
    Expected<StringRef> name = reader->getString("activation");
    if (!name)
      return name.takeError();
    std::optional<EpilogueActivation> activation =
        StringSwitch<std::optional<EpilogueActivation>>(*name)
            .Case("none", EpilogueActivation::None)
            .Case("relu", EpilogueActivation::Relu)
            .Case("gelu_tanh", EpilogueActivation::GeluTanh)
            .Case("gelu_erf", EpilogueActivation::GeluErf)
            .Case("silu", EpilogueActivation::Silu)
            .Default(std::nullopt);
    if (!activation)
      return reader->fail("activation",
                          "is '" + *name +
                              "', expected none, relu, gelu_tanh, gelu_erf "
                              "or silu");
    spec.activation = *activation;
  }
  return spec;
}

} // namespace runtime
} // namespace gemm_opt
