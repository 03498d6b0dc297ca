//===- KernelParamSpec.cpp - Kernel parameter conventions -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelParamSpec.h"

#include "runtime/JsonFieldReader.h"
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

/// Reads the "operand" field into `param`. Where `residualAllowed` (tma and
/// tma_present parameters), "residual" names a map over the residual, which
/// is laid out like C: operand C with overResidual.
Error parseOperand(const JsonFieldReader &reader, bool residualAllowed,
                   KernelParamSpec &param) {
  Expected<StringRef> name = reader.getString("operand");
  if (!name)
    return name.takeError();
  if (residualAllowed && *name == "residual") {
    param.operand = Operand::C;
    param.overResidual = true;
    return Error::success();
  }
  std::optional<Operand> operand = StringSwitch<std::optional<Operand>>(*name)
                                       .Case("a", Operand::A)
                                       .Case("b", Operand::B)
                                       .Case("c", Operand::C)
                                       .Default(std::nullopt);
  if (!operand)
    return reader.fail(
        "operand", "is '" + *name + "', expected " +
                       (residualAllowed ? "a, b, c or residual" : "a, b or c"));
  param.operand = *operand;
  return Error::success();
}

/// An integer field that must be one of `allowed`; `absent` if optional and
/// missing.
Expected<unsigned> getChoice(const JsonFieldReader &reader, StringRef key,
                             ArrayRef<unsigned> allowed,
                             std::optional<unsigned> absent) {
  if (absent && !reader.has(key))
    return *absent;
  Expected<int64_t> value = reader.getInteger(key, 0);
  if (!value)
    return value.takeError();
  if (any_of(allowed,
             [&](unsigned choice) { return int64_t(choice) == *value; }))
    return static_cast<unsigned>(*value);
  std::string choices;
  for (size_t i = 0; i < allowed.size(); ++i) {
    if (i > 0)
      choices += i + 1 == allowed.size() ? " or " : ", ";
    choices += std::to_string(allowed[i]);
  }
  return reader.fail(key, "is " + Twine(*value) + ", expected " + choices);
}

Expected<TensorMapSpec> parseTensorMap(const JsonFieldReader &reader,
                                       ElementType type) {
  TensorMapSpec spec;
  Expected<const json::Value *> box = reader.getRequired("box");
  if (!box)
    return box.takeError();
  const json::Array *array = (*box)->getAsArray();
  if (!array || (array->size() != 2 && array->size() != 3))
    return reader.fail("box", "must be an array of 2 integers [inner, outer] "
                              "(or 3, [inner, outer, 1], for a batched "
                              "operand)");
  spec.rank = static_cast<unsigned>(array->size());
  for (size_t i = 0; i < array->size(); ++i) {
    std::optional<int64_t> extent = (*array)[i].getAsInteger();
    if (!extent || *extent < 1 || *extent > MaxTensorMapBox)
      return reader.fail("box", "must be an array of integers [inner, "
                                "outer(, 1)], each in [1, " +
                                    Twine(MaxTensorMapBox) + "]");
    spec.box[i] = static_cast<uint32_t>(*extent);
  }

  Expected<unsigned> swizzle =
      getChoice(reader, "swizzle", {0, 32, 64, 128}, std::nullopt);
  if (!swizzle)
    return swizzle.takeError();
  spec.swizzleBytes = *swizzle;
  Expected<unsigned> promotion =
      getChoice(reader, "l2_promotion", {0, 64, 128, 256}, 0u);
  if (!promotion)
    return promotion.takeError();
  spec.l2PromotionBytes = *promotion;

  Expected<StringRef> pass = reader.getString("pass");
  if (!pass)
    return pass.takeError();
  std::optional<TensorMapPassing> passing =
      StringSwitch<std::optional<TensorMapPassing>>(*pass)
          .Case("global_pointer", TensorMapPassing::GlobalPointer)
          .Case("by_value", TensorMapPassing::ByValue)
          .Default(std::nullopt);
  if (!passing)
    return reader.fail("pass", "is '" + *pass +
                                   "', expected global_pointer or by_value");
  spec.passing = *passing;

  if (reader.has("oob_fill")) {
    Expected<StringRef> fill = reader.getString("oob_fill");
    if (!fill)
      return fill.takeError();
    if (*fill == "nan")
      spec.oobFill = TensorMapOobFill::Nan;
    else if (*fill != "zero")
      return reader.fail("oob_fill",
                         "is '" + *fill + "', expected zero or nan");
  }
  if (reader.has("null_when_unaligned")) {
    Expected<const json::Value *> value =
        reader.getRequired("null_when_unaligned");
    if (!value)
      return value.takeError();
    std::optional<bool> flag = (*value)->getAsBoolean();
    if (!flag)
      return reader.fail("null_when_unaligned", "must be true or false");
    spec.nullWhenUnaligned = *flag;
  }
  if (Error err = checkTensorMapBox(spec, type, reader.getContext()))
    return std::move(err);
  return spec;
}

} // namespace

Expected<std::vector<KernelParamSpec>>
parseKernelParams(const JsonFieldReader &kernel,
                  const std::array<ElementType, 3> &operandTypes) {
  Expected<const json::Value *> value = kernel.getRequired("parameters");
  if (!value)
    return value.takeError();
  const json::Array *array = (*value)->getAsArray();
  if (!array)
    return kernel.fail("parameters", "must be an array");
  std::vector<KernelParamSpec> params;
  // seen[kind][operand]; the residual's map is not C's.
  std::array<std::array<bool, 3>, 2> seen = {};
  bool seenResidualMap = false;
  for (auto [index, element] : enumerate(*array)) {
    std::string context =
        kernel.getContext() + ": parameters[" + std::to_string(index) + "]";
    const json::Object *object = element.getAsObject();
    if (!object)
      return makeBadInputError(context + " must be an object");
    JsonFieldReader reader(*object, context);
    Expected<StringRef> kind = reader.getString("kind");
    if (!kind)
      return kind.takeError();
    KernelParamSpec param;
    if (*kind == "scalar") {
      Expected<StringRef> name = reader.getString("name");
      if (!name)
        return name.takeError();
      if (*name != "alpha" && *name != "beta")
        return reader.fail("name", "is '" + *name + "', expected alpha or beta");
      Expected<StringRef> type = reader.getString("type");
      if (!type)
        return type.takeError();
      if (*type != "f32")
        return reader.fail("type", "is '" + *type + "', expected f32");
      param.kind = KernelParamSpec::Kind::EpilogueScalar;
      param.epilogueOperand =
          *name == "alpha" ? EpilogueOperand::Alpha : EpilogueOperand::Beta;
      params.push_back(param);
      continue;
    }
    if (*kind == "workspace") {
      Expected<StringRef> name = reader.getString("name");
      if (!name)
        return name.takeError();
      if (*name != "split_k_partials" && *name != "split_k_tile_counters")
        return reader.fail("name", "is '" + *name +
                                       "', expected split_k_partials or "
                                       "split_k_tile_counters");
      param.kind = KernelParamSpec::Kind::Workspace;
      param.rank = 1;
      param.workspace = *name == "split_k_partials"
                            ? WorkspaceBuffer::Partials
                            : WorkspaceBuffer::TileCounters;
      params.push_back(param);
      continue;
    }
    if (*kind == "tma_present") {
      if (Error err = parseOperand(reader, /*residualAllowed=*/true, param))
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
    if (*kind == "memref" && reader.has("operand")) {
      Expected<StringRef> name = reader.getString("operand");
      if (!name)
        return name.takeError();
      if (*name == "bias" || *name == "residual") {
        // The bias is a vector; the residual is laid out like C (rank 3 in
        // a batched kernel, checkBatchedKernelSpec).
        bool isBias = *name == "bias";
        Expected<int64_t> rank =
            reader.getInteger("rank", isBias ? 1 : 2, isBias ? 1 : 3);
        if (!rank)
          return rank.takeError();
        param.kind = KernelParamSpec::Kind::EpilogueMemRef;
        param.rank = static_cast<unsigned>(*rank);
        param.epilogueOperand =
            isBias ? EpilogueOperand::Bias : EpilogueOperand::Residual;
        params.push_back(param);
        continue;
      }
    }
    if (*kind == "tma")
      param.kind = KernelParamSpec::Kind::TensorMap;
    else if (*kind != "memref")
      return reader.fail("kind", "is '" + *kind +
                                     "', expected \"memref\", \"tma\", "
                                     "\"tma_present\", \"scalar\" or "
                                     "\"workspace\"");
    if (Error err = parseOperand(
            reader, /*residualAllowed=*/param.isTensorMap(), param))
      return std::move(err);
    if (param.isTensorMap()) {
      // The residual's map has C's element type (operand is C).
      Expected<TensorMapSpec> tensorMap = parseTensorMap(
          reader, operandTypes[static_cast<size_t>(param.operand)]);
      if (!tensorMap)
        return tensorMap.takeError();
      param.tensorMap = *tensorMap;
      // The residual's address and pitch are the caller's: where TMA cannot
      // take them the runtime leaves the map out, so the kernel must be able
      // to do without it.
      if (param.overResidual && !param.tensorMap.nullWhenUnaligned)
        return makeBadInputError(
            context + ": a tma parameter over the residual needs "
                      "\"null_when_unaligned\": true (the runtime leaves it "
                      "out where TMA cannot take the residual)");
    } else {
      // 3: a batched kernel's batch × rows × columns operand.
      Expected<int64_t> rank = reader.getInteger("rank", 2, 3);
      if (!rank)
        return rank.takeError();
      param.rank = static_cast<unsigned>(*rank);
    }
    bool &wasSeen = param.overResidual
                        ? seenResidualMap
                        : seen[static_cast<size_t>(param.kind)]
                              [static_cast<size_t>(param.operand)];
    if (wasSeen)
      return makeBadInputError(
          context + ": operand '" + getParamOperandName(param) +
          "' is passed twice as a " + *kind + " parameter");
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
          kernel.getContext() + ": parameters[" + Twine(index).str() +
          "]: a by_value tma parameter with null_when_unaligned must be "
          "followed by {\"kind\": \"tma_present\", \"operand\": \"" +
          getParamOperandName(param).str() + "\"}");
  }
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    size_t index = static_cast<size_t>(operand);
    if (!seen[0][index] && !seen[1][index])
      return makeBadInputError(kernel.getContext() +
                               ": parameters: no memref or tma parameter for "
                               "operand '" +
                               getOperandName(operand) + "'");
  }
  return std::move(params);
}

} // namespace runtime
} // namespace gemm_opt
