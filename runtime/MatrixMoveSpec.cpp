//===- MatrixMoveSpec.cpp - The fields of a transpose or copy kernel ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/MatrixMoveSpec.h"

#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// The parameters must be exactly the memrefs of src and dst, in that
/// order, both of rank 2 (one matrix) or both of rank 3 (a batch). Returns
/// the rank.
Expected<int64_t> readMatrixMoveParameters(const bundle::KernelEntry &entry,
                                           const Twine &context) {
  static constexpr StringLiteral expected =
      "must be [{\"kind\": \"memref\", \"operand\": \"src\", \"rank\": R}, "
      "{\"kind\": \"memref\", \"operand\": \"dst\", \"rank\": R}] with R "
      "2 (a matrix) or 3 (a batch)";
  if (entry.parameters.size() != 2)
    return makeBadFieldError(context, "parameters", expected);
  static constexpr StringLiteral operands[] = {"src", "dst"};
  std::optional<int64_t> rank;
  for (auto [index, operand] : enumerate(operands)) {
    const bundle::Parameter &parameter = entry.parameters[index];
    if (parameter.kind != bundle::ParameterKind::MemRef ||
        parameter.operand != operand || !parameter.rank ||
        (*parameter.rank != 2 && *parameter.rank != 3) ||
        (rank && *rank != *parameter.rank))
      return makeBadFieldError(context, "parameters", expected);
    rank = parameter.rank;
  }
  return *rank;
}

} // namespace

Error readMatrixMoveFields(const bundle::KernelEntry &entry, KernelSpec &spec,
                           const Twine &context) {
  // The schema gave a transpose or copy entry its tile and fields, with
  // supported element types and row-major layouts.
  const bundle::MatrixMoveFields &fields = *entry.matrixMove;
  MatrixMoveKernelSpec move;
  move.tileRows = entry.tile->m;
  move.tileCols = entry.tile->n;
  ElementType type = *parseElementType(fields.srcType);
  if (fields.dstType != fields.srcType)
    return makeBadInputError(context + ": field 'types': field 'dst' is " +
                             fields.dstType + " but src is " + fields.srcType +
                             "; a " + getKernelKindName(spec.kind) +
                             " keeps the element type");
  move.elementType = type;
  spec.aType = spec.bType = spec.cType = type;
  spec.minAlignmentBytes = entry.minAlignmentBytes;
  move.vectorElements = fields.vectorElements.value_or(1);

  Expected<int64_t> rank = readMatrixMoveParameters(entry, context);
  if (!rank)
    return rank.takeError();
  move.batched = *rank == 3;
  // The entries of a batch run along grid z; one matrix takes one layer.
  const GridDimSpec &z = spec.grid[2];
  bool zFits = move.batched ? !z.isConstant && z.extent == ProblemDim::Batch &&
                                  z.tile == 1
                            : z.isConstant && z.constant == 1;
  if (!zFits)
    return makeBadFieldError(context, "grid",
                             move.batched
                                 ? "must have z = {\"extent\": \"batch\", "
                                   "\"tile\": 1} for rank-3 (batched) "
                                   "parameters"
                                 : "must have z = 1 for rank-2 parameters");
  spec.matrixMove = move;
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
