//===- KernelParamSpec.cpp - Kernel parameter conventions -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelParamSpec.h"

#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <optional>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getMatrixLayoutName(MatrixLayout layout) {
  return layout == MatrixLayout::Row ? "row" : "col";
}

std::optional<MatrixLayout> parseMatrixLayout(StringRef name) {
  if (name == "row")
    return MatrixLayout::Row;
  if (name == "col")
    return MatrixLayout::Col;
  return std::nullopt;
}

std::string MatrixLayouts::str() const {
  return ("a=" + getMatrixLayoutName(a) + " b=" + getMatrixLayoutName(b) +
          " c=" + getMatrixLayoutName(c))
      .str();
}

StringRef getOperandName(Operand operand) {
  switch (operand) {
  case Operand::A:
    return "a";
  case Operand::B:
    return "b";
  case Operand::C:
    return "c";
  }
  return "?";
}

StringRef getParamOperandName(const KernelParamSpec &param) {
  if (param.kind == KernelParamSpec::Kind::ScaleMemRef)
    return param.operand == Operand::A ? "scale_a" : "scale_b";
  if (param.kind == KernelParamSpec::Kind::ScaleDMemRef)
    return "scale_d";
  if (param.kind == KernelParamSpec::Kind::AmaxMemRef)
    return "amax";
  if (param.kind == KernelParamSpec::Kind::GroupMemRef)
    return getGroupOperandName(param.groupLayout);
  return param.overResidual ? "residual" : getOperandName(param.operand);
}

StringRef getEpilogueOperandName(EpilogueOperand operand) {
  switch (operand) {
  case EpilogueOperand::Alpha:
    return "alpha";
  case EpilogueOperand::Beta:
    return "beta";
  case EpilogueOperand::Bias:
    return "bias";
  case EpilogueOperand::Residual:
    return "residual";
  }
  return "?";
}

Error checkEpilogueParams(const std::vector<KernelParamSpec> &params,
                          const FusedEpilogueSpec &epilogue,
                          const Twine &context) {
  std::array<int, 4> count = {};
  for (const KernelParamSpec &param : params)
    if (param.isEpilogue())
      ++count[static_cast<size_t>(param.epilogueOperand)];
  auto wanted = [&](EpilogueOperand operand) {
    switch (operand) {
    case EpilogueOperand::Alpha:
    case EpilogueOperand::Beta:
      return epilogue.alphaBeta;
    case EpilogueOperand::Bias:
      return epilogue.bias != EpilogueBias::None;
    case EpilogueOperand::Residual:
      return epilogue.residual;
    }
    return false;
  };
  for (EpilogueOperand operand :
       {EpilogueOperand::Alpha, EpilogueOperand::Beta, EpilogueOperand::Bias,
        EpilogueOperand::Residual}) {
    int expected = wanted(operand) ? 1 : 0;
    int actual = count[static_cast<size_t>(operand)];
    if (actual != expected)
      return makeBadInputError(
          context + ": parameters: " + Twine(actual) + " '" +
          getEpilogueOperandName(operand) + "' parameter(s), but the epilogue (" +
          epilogue.describe() + ") needs " + Twine(expected));
  }
  // A map over the residual reads the buffer the epilogue adds; an epilogue
  // without a residual passes none.
  if (!epilogue.residual)
    for (auto [index, param] : enumerate(params))
      if (param.isTensorMap() && param.overResidual)
        return makeBadInputError(
            context + ": parameters[" + Twine(index) +
            "]: a tma parameter over the residual, but the epilogue (" +
            epilogue.describe() + ") has no residual");
  return Error::success();
}

StringRef getTensorMapPassingName(TensorMapPassing passing) {
  return passing == TensorMapPassing::ByValue ? "by_value" : "global_pointer";
}

Error checkTensorMapBox(const TensorMapSpec &spec, ElementType type,
                        const Twine &context) {
  std::string box = "box [" + std::to_string(spec.box[0]) + ", " +
                    std::to_string(spec.box[1]) +
                    (spec.rank == 3 ? ", " + std::to_string(spec.box[2]) : "") +
                    "]";
  for (unsigned dim = 0; dim < spec.rank; ++dim)
    if (spec.box[dim] < 1 || spec.box[dim] > MaxTensorMapBox)
      return makeBadInputError(context + ": " + box +
                               ": TMA box extents must be in [1, " +
                               Twine(MaxTensorMapBox) + "]");
  if (spec.rank == 3 && spec.box[2] != 1)
    return makeBadInputError(context + ": " + box +
                             ": a batched tensor map loads one batch entry "
                             "per box (its third extent must be 1)");
  uint64_t innerBytes = uint64_t(spec.box[0]) * getElementSize(type);
  std::string inner = box + " of " + getElementTypeName(type).str() +
                      ": the inner extent is " + std::to_string(innerBytes) +
                      " bytes";
  if (innerBytes % 16 != 0)
    return makeBadInputError(context + ": " + inner +
                             ", not a multiple of 16 bytes as TMA requires");
  if (spec.swizzleBytes != 0 && innerBytes > spec.swizzleBytes)
    return makeBadInputError(
        context + ": " + inner + ", more than the " + Twine(spec.swizzleBytes) +
        "-byte swizzle span (use a smaller inner box or a wider swizzle)");
  return Error::success();
}

namespace {

/// The operand of a memref, tma or tma_present parameter, which the schema
/// restricted to "a", "b", "c", "residual" (tma, tma_present) or also
/// "bias", "src", "dst" (memref). Where `residualAllowed` (tma and
/// tma_present parameters), "residual" names a map over the residual, which
/// is laid out like C: operand C with overResidual.
Error readOperand(const bundle::Parameter &parameter, bool residualAllowed,
                  KernelParamSpec &param, const Twine &context) {
  // Not value_or(""): that returns a temporary std::string, which would
  // be gone before `name` is read.
  StringRef name = parameter.operand ? StringRef(*parameter.operand) : "";
  if (residualAllowed && name == "residual") {
    param.operand = Operand::C;
    param.overResidual = true;
    return Error::success();
  }
  std::optional<Operand> operand = StringSwitch<std::optional<Operand>>(name)
                                       .Case("a", Operand::A)
                                       .Case("b", Operand::B)
                                       .Case("c", Operand::C)
                                       .Default(std::nullopt);
  if (!operand)
    return makeBadFieldError(
        context, "operand",
        "is '" + name + "', expected " +
            (residualAllowed ? "a, b, c or residual" : "a, b, c, bias or "
                                                       "residual"));
  param.operand = *operand;
  return Error::success();
}

/// A "tma" parameter's map; the schema checked each field's values.
TensorMapSpec readTensorMap(const bundle::Parameter &parameter) {
  TensorMapSpec spec;
  spec.rank = static_cast<unsigned>(parameter.box.size());
  for (auto [index, extent] : enumerate(parameter.box))
    spec.box[index] = static_cast<uint32_t>(extent);
  spec.swizzleBytes = static_cast<unsigned>(parameter.swizzle.value_or(0));
  spec.l2PromotionBytes =
      static_cast<unsigned>(parameter.l2Promotion.value_or(0));
  spec.passing = parameter.pass == "by_value" ? TensorMapPassing::ByValue
                                              : TensorMapPassing::GlobalPointer;
  spec.oobFill = parameter.oobFill == "nan" ? TensorMapOobFill::Nan
                                            : TensorMapOobFill::Zero;
  spec.nullWhenUnaligned = parameter.nullWhenUnaligned.value_or(false);
  return spec;
}

} // namespace

Expected<std::vector<KernelParamSpec>>
readKernelParams(ArrayRef<bundle::Parameter> parameters,
                 const std::array<ElementType, 3> &operandTypes,
                 const Twine &kernelContext) {
  std::vector<KernelParamSpec> params;
  // seen[kind][operand]; the residual's map is not C's.
  std::array<std::array<bool, 3>, 2> seen = {};
  bool seenResidualMap = false;
  for (auto [index, parameter] : enumerate(parameters)) {
    std::string context =
        (kernelContext + ": parameters[" + Twine(index) + "]").str();
    KernelParamSpec param;
    switch (parameter.kind) {
    case bundle::ParameterKind::Scalar:
      param.kind = KernelParamSpec::Kind::EpilogueScalar;
      param.epilogueOperand = parameter.name == "alpha"
                                  ? EpilogueOperand::Alpha
                                  : EpilogueOperand::Beta;
      params.push_back(param);
      continue;
    case bundle::ParameterKind::Workspace:
      param.kind = KernelParamSpec::Kind::Workspace;
      param.rank = 1;
      param.workspace = parameter.name == "split_k_partials"
                            ? WorkspaceBuffer::Partials
                            : WorkspaceBuffer::TileCounters;
      params.push_back(param);
      continue;
    case bundle::ParameterKind::TmaPresent: {
      if (Error err =
              readOperand(parameter, /*residualAllowed=*/true, param, context))
        return std::move(err);
      const KernelParamSpec *map = params.empty() ? nullptr : &params.back();
      if (!map || !map->isTensorMap() || map->operand != param.operand ||
          map->overResidual != param.overResidual ||
          !map->tensorMap.nullWhenUnaligned)
        return makeBadInputError(
            context + ": a tma_present parameter must follow its operand's "
                      "tma parameter with null_when_unaligned");
      param.kind = KernelParamSpec::Kind::TensorMapPresent;
      params.push_back(param);
      continue;
    }
    case bundle::ParameterKind::MemRef:
      if (parameter.operand == "scale_a" || parameter.operand == "scale_b") {
        // Their count and ranks are checked against "scaling"
        // (checkScaledKernelSpec); the schema checked the ranks' range.
        param.kind = KernelParamSpec::Kind::ScaleMemRef;
        param.operand =
            parameter.operand == "scale_a" ? Operand::A : Operand::B;
        param.rank = static_cast<unsigned>(parameter.rank.value_or(0));
        params.push_back(param);
        continue;
      }
      if (parameter.operand == "scale_d" || parameter.operand == "amax") {
        // Their count and the types they go with are checked by
        // checkScaledKernelSpec; the schema checked rank 0.
        param.kind = parameter.operand == "scale_d"
                         ? KernelParamSpec::Kind::ScaleDMemRef
                         : KernelParamSpec::Kind::AmaxMemRef;
        param.operand = Operand::C;
        param.rank = 0;
        params.push_back(param);
        continue;
      }
      if (parameter.operand == "group_rows" ||
          parameter.operand == "group_offsets") {
        // Its place and layout are checked by checkGroupedKernelSpec; the
        // schema checked rank 1.
        param.kind = KernelParamSpec::Kind::GroupMemRef;
        param.groupLayout = parameter.operand == "group_rows"
                                ? GroupedLayout::Masked
                                : GroupedLayout::Contiguous;
        param.rank = 1;
        params.push_back(param);
        continue;
      }
      if (parameter.operand == "bias" || parameter.operand == "residual") {
        // The bias is a vector; the residual is laid out like C (rank 3 in
        // a batched kernel, checkBatchedKernelSpec). The schema checked
        // the ranks.
        bool isBias = parameter.operand == "bias";
        param.kind = KernelParamSpec::Kind::EpilogueMemRef;
        param.rank = static_cast<unsigned>(parameter.rank.value_or(1));
        param.epilogueOperand =
            isBias ? EpilogueOperand::Bias : EpilogueOperand::Residual;
        params.push_back(param);
        continue;
      }
      param.kind = KernelParamSpec::Kind::MemRef;
      // 3: a batched kernel's batch × rows × columns operand.
      param.rank = static_cast<unsigned>(parameter.rank.value_or(2));
      break;
    case bundle::ParameterKind::Tma:
      param.kind = KernelParamSpec::Kind::TensorMap;
      break;
    }
    if (Error err = readOperand(
            parameter, /*residualAllowed=*/param.isTensorMap(), param, context))
      return std::move(err);
    if (param.isTensorMap()) {
      param.tensorMap = readTensorMap(parameter);
      // The residual's map has C's element type (operand is C).
      ElementType type = operandTypes[static_cast<size_t>(param.operand)];
      if (Error err = checkTensorMapBox(param.tensorMap, type, context))
        return std::move(err);
      // TMA fills with NaN only for its float types; 8-bit floats travel as
      // UINT8 (TensorMapEncoding.h).
      if (param.tensorMap.oobFill == TensorMapOobFill::Nan &&
          isEightBitFloat(type))
        return makeBadInputError(
            context +
            ": \"oob_fill\": \"nan\" needs a float type TMA knows; "
            "it maps " +
            getElementTypeName(type) +
            " as UINT8, which fills with zeros only (use \"zero\")");
      // The residual's address and pitch are the caller's: where TMA cannot
      // take them the runtime leaves the map out, so the kernel must be able
      // to do without it.
      if (param.overResidual && !param.tensorMap.nullWhenUnaligned)
        return makeBadInputError(
            context + ": a tma parameter over the residual needs "
                      "\"null_when_unaligned\": true (the runtime leaves it "
                      "out where TMA cannot take the residual)");
    }
    bool &wasSeen = param.overResidual
                        ? seenResidualMap
                        : seen[static_cast<size_t>(param.kind)]
                              [static_cast<size_t>(param.operand)];
    if (wasSeen)
      return makeBadInputError(context + ": operand '" +
                               getParamOperandName(param) +
                               "' is passed twice as a " +
                               bundle::getParameterKindName(parameter.kind) +
                               " parameter");
    wasSeen = true;
    params.push_back(param);
  }
  // Without its tma_present parameter a kernel could not tell a left-out
  // by_value map from a real one.
  for (auto [index, param] : enumerate(params)) {
    bool needsPresence = param.isTensorMap() &&
                         param.tensorMap.passing == TensorMapPassing::ByValue &&
                         param.tensorMap.nullWhenUnaligned;
    if (needsPresence &&
        (index + 1 == params.size() ||
         params[index + 1].kind != KernelParamSpec::Kind::TensorMapPresent))
      return makeBadInputError(
          kernelContext + ": parameters[" + Twine(index) +
          "]: a by_value tma parameter with null_when_unaligned must be "
          "followed by {\"kind\": \"tma_present\", \"operand\": \"" +
          getParamOperandName(param) + "\"}");
  }
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    size_t index = static_cast<size_t>(operand);
    if (!seen[0][index] && !seen[1][index])
      return makeBadInputError(kernelContext +
                               ": parameters: no memref or tma parameter for "
                               "operand '" +
                               getOperandName(operand) + "'");
  }
  return std::move(params);
}

} // namespace runtime
} // namespace gemm_opt
