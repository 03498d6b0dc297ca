//===- GroupedArgumentsCheck.cpp - a grouped launch's arguments -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/GroupedArgumentsCheck.h"

#include "jit/KernelLaunchArguments.h"
#include "runtime/GroupedKernelSpec.h"
#include "runtime/RuntimeError.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

/// TMA's alignment of global addresses and strides (CUDA driver API,
/// cuTensorMapEncodeTiled).
static constexpr int64_t TmaAlignmentBytes = 16;

/// The group operand of `layout` as GemmArguments names it.
static StringRef getGroupFieldName(GroupedLayout layout) {
  return layout == GroupedLayout::Masked ? "groupRows" : "groupOffsets";
}

/// A, B and C where TMA reads and writes them in place: 16-byte aligned
/// pointers, row pitches and (where the operand has one) batch strides.
static Error checkInPlaceOperands(const KernelSpec &spec,
                                  const GemmArguments &args,
                                  const GemmShape &shape) {
  GroupedLayout layout = *spec.grouped;
  for (auto [operand, pointer] :
       {std::pair<Operand, const void *>(Operand::A, args.a),
        {Operand::B, args.b},
        {Operand::C, args.c}}) {
    std::string name = getOperandName(operand).upper();
    int64_t element =
        static_cast<int64_t>(getElementSize(spec.getOperandType(operand)));
    auto refuse = [&](const Twine &what) {
      return makeBadInputError(
          "grouped schedule '" + spec.name + "': " + what +
          "; a grouped kernel's operands are read and written by TMA in "
          "place (never staged), which needs multiples of " +
          Twine(TmaAlignmentBytes) + " bytes (" +
          Twine(TmaAlignmentBytes / element) + " " +
          getElementTypeName(spec.getOperandType(operand)) +
          " elements: n and k multiples of it for packed operands)");
    };
    if (reinterpret_cast<uint64_t>(pointer) % TmaAlignmentBytes != 0)
      return refuse(name + " at " + formatAddress(pointer) + " is not " +
                    Twine(TmaAlignmentBytes) + "-byte aligned");
    int64_t ld = getOperandLayout(shape, operand).ld;
    if (ld * element % TmaAlignmentBytes != 0)
      return refuse("ld" + getOperandName(operand) + " = " + Twine(ld) +
                    " gives " + name + " a row pitch of " +
                    Twine(ld * element) + " bytes");
    bool batched = layout == GroupedLayout::Masked || operand == Operand::B;
    int64_t stride = shape.getBatchStride(operand);
    if (batched && stride * element % TmaAlignmentBytes != 0)
      return refuse(name + "'s batch stride of " + Twine(stride) +
                    " elements is " + Twine(stride * element) + " bytes");
  }
  return Error::success();
}

Error checkGroupedArguments(const KernelSpec &spec, const GemmArguments &args,
                            const GemmShape &shape) {
  if (!spec.grouped) {
    if (args.groupRows || args.groupOffsets || args.groups != 0)
      return makeBadInputError(
          "schedule '" + spec.name +
          "' is not a grouped GEMM (its tile.gemm takes no group_rows or "
          "group_offsets); groupRows and groupOffsets must be null and "
          "groups 0 (got groups = " +
          Twine(args.groups) + ")");
    return Error::success();
  }
  GroupedLayout layout = *spec.grouped;
  bool masked = layout == GroupedLayout::Masked;
  StringRef field = getGroupFieldName(layout);
  StringRef otherField = getGroupFieldName(masked ? GroupedLayout::Contiguous
                                                  : GroupedLayout::Masked);
  const int32_t *given = masked ? args.groupRows : args.groupOffsets;
  const int32_t *other = masked ? args.groupOffsets : args.groupRows;
  std::string what =
      ("schedule '" + spec.name + "' is a " + getGroupedLayoutName(layout) +
       " grouped GEMM (" + getGroupOperandName(layout) + ")")
          .str();
  std::string entries = masked ? "its G row counts" : "its G + 1 row offsets";
  if (other)
    return makeBadInputError(what + ": it takes " + field + " (" + entries +
                             "), not " + otherField + "; " + otherField +
                             " must be null");
  if (!given)
    return makeBadInputError(what + ": " + field + " must point to " + entries +
                             " (int32, in device memory)");
  if (reinterpret_cast<uint64_t>(given) % sizeof(int32_t) != 0)
    return makeBadInputError(field + " at " + formatAddress(given) +
                             " is not 4-byte aligned; its entries are int32");
  if (args.groups < 1)
    return makeBadInputError(what + ": groups = " + Twine(args.groups) +
                             "; it takes at least 1 group");
  if (args.batch != 1)
    return makeBadInputError(what +
                             ": its group count is groups, so batch "
                             "must be 1 (got batch = " +
                             Twine(args.batch) + ")");
  if (!masked && (args.batchStrideA || args.batchStrideC))
    return makeBadInputError(
        what + ": its A (T x K) and C (T x N) hold the groups' rows back to "
               "back, one matrix each; batchStrideA and batchStrideC must be "
               "unset (B's batch stride is per group)");
  return checkInPlaceOperands(spec, args, shape);
}

} // namespace jit
} // namespace gemm_opt
