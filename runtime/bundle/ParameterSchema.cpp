//===- ParameterSchema.cpp - kernel parameters of the bundle schema -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/BundleSchema.h"
#include "runtime/bundle/SchemaChecks.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gemm_opt {
namespace bundle {

StringRef getParameterKindName(ParameterKind kind) {
  switch (kind) {
  case ParameterKind::MemRef:
    return "memref";
  case ParameterKind::Tma:
    return "tma";
  case ParameterKind::TmaPresent:
    return "tma_present";
  case ParameterKind::Scalar:
    return "scalar";
  case ParameterKind::Workspace:
    return "workspace";
  }
  return "?";
}

json::Value toJSON(ParameterKind kind) { return getParameterKindName(kind); }

bool fromJSON(const json::Value &value, ParameterKind &kind, json::Path path) {
  std::optional<StringRef> name = value.getAsString();
  std::optional<ParameterKind> parsed;
  if (name)
    parsed = StringSwitch<std::optional<ParameterKind>>(*name)
                 .Case("memref", ParameterKind::MemRef)
                 .Case("tma", ParameterKind::Tma)
                 .Case("tma_present", ParameterKind::TmaPresent)
                 .Case("scalar", ParameterKind::Scalar)
                 .Case("workspace", ParameterKind::Workspace)
                 .Default(std::nullopt);
  if (!parsed) {
    path.report("expected \"memref\", \"tma\", \"tma_present\", \"scalar\" "
                "or \"workspace\"");
    return false;
  }
  kind = *parsed;
  return true;
}

json::Value toJSON(const Parameter &parameter) {
  json::Object object{{"kind", toJSON(parameter.kind)}};
  auto put = [&](StringRef key, const auto &field) {
    if (field)
      object[key] = *field;
  };
  put("operand", parameter.operand);
  put("rank", parameter.rank);
  if (parameter.kind == ParameterKind::Tma)
    object["box"] = parameter.box;
  put("swizzle", parameter.swizzle);
  put("pass", parameter.pass);
  put("l2_promotion", parameter.l2Promotion);
  put("oob_fill", parameter.oobFill);
  put("null_when_unaligned", parameter.nullWhenUnaligned);
  put("name", parameter.name);
  put("type", parameter.type);
  return object;
}

/// The fields of a "tma" parameter after its operand.
static bool mapTensorMap(json::ObjectMapper &mapper, Parameter &parameter,
                         json::Path path) {
  int64_t swizzle = 0;
  std::string pass;
  if (!mapper.map("box", parameter.box) || !mapper.map("swizzle", swizzle) ||
      !mapper.map("pass", pass) ||
      !mapper.map("l2_promotion", parameter.l2Promotion) ||
      !mapper.map("oob_fill", parameter.oobFill) ||
      !mapper.map("null_when_unaligned", parameter.nullWhenUnaligned))
    return false;
  parameter.swizzle = swizzle;
  parameter.pass = pass;
  StringLiteral boxMessage =
      "expected [inner, outer] (or [inner, outer, 1] for a batched operand), "
      "each in [1, 256]";
  if (parameter.box.size() != 2 && parameter.box.size() != 3) {
    path.field("box").report(boxMessage);
    return false;
  }
  for (auto [index, extent] : enumerate(parameter.box))
    if (!checkRange(extent, 1, 256, boxMessage, path.field("box").index(index)))
      return false;
  auto oneOf = [](std::optional<int64_t> value, ArrayRef<int64_t> choices) {
    return !value || is_contained(choices, *value);
  };
  if (!oneOf(swizzle, {0, 32, 64, 128})) {
    path.field("swizzle").report("expected 0, 32, 64 or 128");
    return false;
  }
  if (!oneOf(parameter.l2Promotion, {0, 64, 128, 256})) {
    path.field("l2_promotion").report("expected 0, 64, 128 or 256");
    return false;
  }
  return checkChoice(pass, {"global_pointer", "by_value"},
                     "expected \"global_pointer\" or \"by_value\"",
                     path.field("pass")) &&
         checkOptionalChoice(parameter.oobFill, {"zero", "nan"},
                     "expected \"zero\" or \"nan\"", path.field("oob_fill"));
}

bool fromJSON(const json::Value &value, Parameter &parameter,
              json::Path path) {
  json::ObjectMapper mapper(value, path);
  parameter = Parameter();
  if (!mapper || !mapper.map("kind", parameter.kind))
    return false;
  std::string name;
  switch (parameter.kind) {
  case ParameterKind::MemRef: {
    std::string operand;
    int64_t rank = 0;
    if (!mapper.map("operand", operand) || !mapper.map("rank", rank))
      return false;
    parameter.operand = operand;
    parameter.rank = rank;
    if (!checkChoice(
            operand,
            {"a", "b", "c", "bias", "residual", "scale_a", "scale_b", "scale_d",
             "amax", "src", "dst", "group_rows", "group_offsets"},
            "expected \"a\", \"b\", \"c\", \"bias\", \"residual\", "
            "\"scale_a\", \"scale_b\", \"scale_d\", \"amax\", \"src\", "
            "\"dst\", \"group_rows\" or \"group_offsets\"",
            path.field("operand")))
      return false;
    // A grouped GEMM's counts or offsets (docs/design/grouped-gemm.md).
    if (operand == "group_rows" || operand == "group_offsets")
      return checkRange(rank, 1, 1, "expected 1 (one entry per group)",
                        path.field("rank"));
    // The bias is a vector (a grouped kernel's may be one per group); an
    // FP8 GEMM's scales a scalar, a vector or a
    // matrix of block scales (one more rank for each batch entry's own);
    // matrices are rank 2, or 3 for a batch.
    if (operand == "bias")
      return checkRange(rank, 1, 2,
                        "expected 1 (the bias is a vector), or 2 for a "
                        "grouped kernel's bias of one vector per group",
                        path.field("rank"));
    // An 8-bit C's output scale and the amax of D are one f32 each.
    if (operand == "scale_d" || operand == "amax")
      return checkRange(rank, 0, 0, "expected 0 (one f32)", path.field("rank"));
    if (operand == "scale_a" || operand == "scale_b")
      return checkRange(rank, 0, 3,
                        "expected 0 (a tensor's scale), 1 (a row or column "
                        "vector) or 2 (block scales), one more for scales "
                        "per batch entry",
                        path.field("rank"));
    return checkRange(rank, 2, 3, "expected 2, or 3 for a batch of matrices",
                      path.field("rank"));
  }
  case ParameterKind::Tma:
  case ParameterKind::TmaPresent: {
    std::string operand;
    if (!mapper.map("operand", operand))
      return false;
    parameter.operand = operand;
    if (!checkChoice(operand, {"a", "b", "c", "residual"},
                     "expected \"a\", \"b\", \"c\" or \"residual\"",
                     path.field("operand")))
      return false;
    return parameter.kind == ParameterKind::TmaPresent ||
           mapTensorMap(mapper, parameter, path);
  }
  case ParameterKind::Scalar: {
    std::string type;
    if (!mapper.map("name", name) || !mapper.map("type", type))
      return false;
    parameter.name = name;
    parameter.type = type;
    return checkChoice(name, {"alpha", "beta"},
                       "expected \"alpha\" or \"beta\"", path.field("name")) &&
           checkChoice(type, {"f32"}, "expected \"f32\"", path.field("type"));
  }
  case ParameterKind::Workspace:
    if (!mapper.map("name", name))
      return false;
    parameter.name = name;
    return checkChoice(
        name, {"split_k_partials", "split_k_tile_counters"},
        "expected \"split_k_partials\" or \"split_k_tile_counters\"",
        path.field("name"));
  }
  return false;
}

} // namespace bundle
} // namespace gemm_opt
