//===- GroupedKernelSpec.cpp - What makes a bundle kernel grouped ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedKernelSpec.h"

#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScalingSpec.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getGroupedLayoutName(GroupedLayout layout) {
  return layout == GroupedLayout::Masked ? "masked" : "contiguous";
}

std::optional<GroupedLayout> parseGroupedLayout(StringRef name) {
  return StringSwitch<std::optional<GroupedLayout>>(name)
      .Case("masked", GroupedLayout::Masked)
      .Case("contiguous", GroupedLayout::Contiguous)
      .Default(std::nullopt);
}

StringRef getGroupOperandName(GroupedLayout layout) {
  return layout == GroupedLayout::Masked ? "group_rows" : "group_offsets";
}

int64_t getGroupOperandEntries(GroupedLayout layout, int64_t groups) {
  return layout == GroupedLayout::Masked ? groups : groups + 1;
}

unsigned getGroupedBiasRank(GroupedLayout layout, EpilogueBias bias) {
  return bias == EpilogueBias::Column ||
                 (layout == GroupedLayout::Masked && bias == EpilogueBias::Row)
             ? 2
             : 1;
}

std::optional<std::pair<unsigned, unsigned>>
getGroupedScaleRanks(GroupedLayout layout, const ScalingSpec &scaling) {
  bool blocks = scaling.a == ScaleMode::Block1x128 &&
                scaling.b == ScaleMode::Block128x128;
  bool tensors =
      scaling.a == ScaleMode::Tensor && scaling.b == ScaleMode::Tensor;
  if (!blocks && !tensors)
    return std::nullopt;
  // B's scales are per group; a masked A's too, while a contiguous A's
  // rows (all T of them) take the dense A scales.
  unsigned perGroupA = layout == GroupedLayout::Masked ? 1 : 0;
  return std::make_pair(getScaleRank(scaling.a) + perGroupA,
                        getScaleRank(scaling.b) + 1);
}

namespace {

/// The scales of a grouped FP8 kernel: the modes and ranks of
/// getGroupedScaleRanks. Its C, scale_d and amax are checked as a dense
/// FP8 kernel's are (one scale_d and one amax for all groups).
Error checkGroupedScales(const KernelSpec &spec, GroupedLayout layout,
                         const Twine &context) {
  if (!spec.scaling)
    return Error::success();
  std::string what = ("a " + getGroupedLayoutName(layout) +
                      " grouped FP8 kernel (docs/design/grouped-gemm.md)")
                         .str();
  std::optional<std::pair<unsigned, unsigned>> ranks =
      getGroupedScaleRanks(layout, *spec.scaling);
  if (!ranks)
    return makeBadInputError(context + ": \"scaling\" is " +
                             spec.scaling->describe() + "; " + what +
                             " takes a=block_1x128 b=block_128x128 or "
                             "a=tensor b=tensor");
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.kind != KernelParamSpec::Kind::ScaleMemRef)
      continue;
    bool isA = param.operand == Operand::A;
    unsigned expected = isA ? ranks->first : ranks->second;
    if (param.rank != expected)
      return makeBadInputError(
          context + ": parameters: '" + getParamOperandName(param) +
          "' has rank " + Twine(param.rank) + "; " + what + " with " +
          spec.scaling->describe() + " takes it of rank " + Twine(expected) +
          (isA && layout == GroupedLayout::Contiguous
               ? " (the T rows' scales, as a dense A's)"
               : " (one set per group first)"));
  }
  return Error::success();
}

} // namespace

Error checkGroupedKernelSpec(const KernelSpec &spec, const Twine &context) {
  auto isGroupParam = [](const KernelParamSpec &param) {
    return param.kind == KernelParamSpec::Kind::GroupMemRef;
  };
  auto isBias = [](const KernelParamSpec &param) {
    return param.kind == KernelParamSpec::Kind::EpilogueMemRef &&
           param.epilogueOperand == EpilogueOperand::Bias;
  };
  if (!spec.grouped) {
    if (any_of(spec.parameters, isGroupParam))
      return makeBadInputError(context +
                               ": it takes a group_rows or group_offsets "
                               "parameter, which only a grouped kernel "
                               "(\"grouped\": \"masked\" or \"contiguous\") "
                               "has");
    for (const KernelParamSpec &param : spec.parameters)
      if (isBias(param) && param.rank != 1)
        return makeBadInputError(context + ": its bias has rank " +
                                 Twine(param.rank) +
                                 "; only a grouped kernel takes one bias "
                                 "vector per group (rank 2)");
    return Error::success();
  }
  GroupedLayout layout = *spec.grouped;
  std::string what = ("a " + getGroupedLayoutName(layout) +
                      " grouped kernel (docs/design/grouped-gemm.md)")
                         .str();
  auto refuse = [&](const Twine &message) {
    return makeBadInputError(context + ": " + message + "; " + what +
                             (layout == GroupedLayout::Masked
                                  ? " takes rank-3 a, b and c and its "
                                    "group_rows last"
                                  : " takes rank-2 a and c, a rank-3 b and "
                                    "its group_offsets last"));
  };
  if (spec.parameters.empty() || !isGroupParam(spec.parameters.back()) ||
      spec.parameters.back().groupLayout != layout)
    return refuse("its last parameter is not its " +
                  getGroupOperandName(layout) + " memref");
  if (count_if(spec.parameters, isGroupParam) != 1)
    return refuse("it takes more than one group parameter");
  if (!spec.persistentGrid || spec.persistentGrid->streamK)
    return refuse("its grid is not a data-parallel persistent one");
  for (const KernelParamSpec &param : spec.parameters)
    if (isBias(param) &&
        param.rank != getGroupedBiasRank(layout, spec.epilogue.bias))
      return refuse("its bias (" + getEpilogueBiasName(spec.epilogue.bias) +
                    ") has rank " + Twine(param.rank) + ", expected " +
                    Twine(getGroupedBiasRank(layout, spec.epilogue.bias)) +
                    " (one row per group: G × N for a column bias, G × "
                    "M_max for a masked row bias; T entries for a "
                    "contiguous row bias)");
  if (Error err = checkGroupedScales(spec, layout, context))
    return err;
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.kind == KernelParamSpec::Kind::Workspace)
      return refuse("it takes a workspace");
    bool isMemRef = param.kind == KernelParamSpec::Kind::MemRef;
    if (!isMemRef && !param.isTensorMap())
      continue;
    unsigned rank = isMemRef ? param.rank : param.tensorMap.rank;
    unsigned expected =
        layout == GroupedLayout::Masked || param.operand == Operand::B ? 3 : 2;
    if (rank != expected)
      return refuse(Twine("the ") + (isMemRef ? "memref" : "tensor map") +
                    " of operand '" + getParamOperandName(param) +
                    "' has rank " + Twine(rank));
  }
  if (layout == GroupedLayout::Masked && !spec.stridedBatch)
    return refuse("it has no \"batch\": {\"strided\": true}");
  if (spec.layouts.a != MatrixLayout::Row ||
      spec.layouts.c != MatrixLayout::Row)
    return refuse("its A or C is column-major");
  return Error::success();
}

Error checkGroupsRequest(const KernelSpec &spec,
                         std::optional<int64_t> groups) {
  if (!spec.grouped) {
    if (groups)
      return makeBadInputError("--groups was given, but kernel " + spec.name +
                               " is not a grouped GEMM (its bundle entry "
                               "has no \"grouped\")");
    return Error::success();
  }
  if (!groups)
    return makeBadInputError(
        "kernel " + spec.name + " is a " + getGroupedLayoutName(*spec.grouped) +
        " grouped GEMM: give the group count with --groups G (and -m as " +
        (*spec.grouped == GroupedLayout::Masked ? "each group's M_max"
                                                : "the total tokens T") +
        ")");
  if (*groups < 1)
    return makeBadInputError("--groups=" + Twine(*groups) +
                             ": the group count must be at least 1");
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
