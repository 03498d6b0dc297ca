//===- MatrixMoveSpec.cpp - The fields of a transpose or copy kernel ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/MatrixMoveSpec.h"

#include "runtime/JsonFieldReader.h"
#include "runtime/KernelEntryFields.h"
#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// "types": {"src": T, "dst": T} with one supported T; `kind` names the
/// kernel's kind in messages.
Expected<ElementType> parseMatrixMoveType(const JsonFieldReader &kernel,
                                          StringRef kind) {
  Expected<JsonFieldReader> types = kernel.getObject("types");
  if (!types)
    return types.takeError();
  std::optional<ElementType> result;
  for (StringRef key : {"src", "dst"}) {
    Expected<StringRef> name = types->getString(key);
    if (!name)
      return name.takeError();
    std::optional<ElementType> type = parseElementType(*name);
    if (!type)
      return types->fail(key, "has unsupported element type '" + *name +
                                  "' (expected f16, bf16 or f32)");
    if (result && *result != *type)
      return types->fail(key, "is " + *name + " but src is " +
                                  getElementTypeName(*result) + "; a " + kind +
                                  " keeps the element type");
    result = *type;
  }
  return *result;
}

/// "parameters": exactly the memrefs of src and dst, in that order, both of
/// rank 2 (one matrix) or both of rank 3 (a batch). Returns the rank.
Expected<int64_t> parseMatrixMoveParameters(const JsonFieldReader &kernel) {
  Expected<const json::Value *> value = kernel.getRequired("parameters");
  if (!value)
    return value.takeError();
  const json::Array *array = (*value)->getAsArray();
  static constexpr StringLiteral expected =
      "must be [{\"kind\": \"memref\", \"operand\": \"src\", \"rank\": R}, "
      "{\"kind\": \"memref\", \"operand\": \"dst\", \"rank\": R}] with R "
      "2 (a matrix) or 3 (a batch)";
  if (!array || array->size() != 2)
    return kernel.fail("parameters", expected);
  static constexpr StringLiteral operands[] = {"src", "dst"};
  std::optional<int64_t> rank;
  for (auto [index, operand] : enumerate(operands)) {
    const json::Object *parameter = (*array)[index].getAsObject();
    std::optional<int64_t> operandRank =
        parameter ? parameter->getInteger("rank") : std::nullopt;
    if (!parameter || parameter->getString("kind") != "memref" ||
        parameter->getString("operand") != operand || !operandRank ||
        (*operandRank != 2 && *operandRank != 3) ||
        (rank && *rank != *operandRank))
      return kernel.fail("parameters", expected);
    rank = operandRank;
  }
  return *rank;
}

} // namespace

Error parseMatrixMoveFields(const JsonFieldReader &kernel, KernelSpec &spec) {
  MatrixMoveKernelSpec move;
  Expected<JsonFieldReader> tile = kernel.getObject("tile");
  if (!tile)
    return tile.takeError();
  for (auto [key, field] :
       {std::pair<StringRef, int64_t *>("m", &move.tileRows),
        {"n", &move.tileCols}}) {
    Expected<int64_t> value = tile->getInteger(key, 1);
    if (!value)
      return value.takeError();
    *field = *value;
  }

  Expected<ElementType> type =
      parseMatrixMoveType(kernel, getKernelKindName(spec.kind));
  if (!type)
    return type.takeError();
  move.elementType = *type;
  spec.aType = spec.bType = spec.cType = *type;

  if (Error err = checkRowMajorLayouts(kernel, {"src", "dst"}))
    return err;
  Expected<int64_t> alignment = readMinAlignmentBytes(kernel);
  if (!alignment)
    return alignment.takeError();
  spec.minAlignmentBytes = *alignment;

  if (kernel.has("vector_elements")) {
    Expected<int64_t> vector = kernel.getInteger("vector_elements", 1, 8);
    if (!vector)
      return vector.takeError();
    move.vectorElements = *vector;
  }

  Expected<int64_t> rank = parseMatrixMoveParameters(kernel);
  if (!rank)
    return rank.takeError();
  move.batched = *rank == 3;
  // The entries of a batch run along grid z; one matrix takes one layer.
  const GridDimSpec &z = spec.grid[2];
  bool zFits = move.batched ? !z.isConstant && z.extent == ProblemDim::Batch &&
                                  z.tile == 1
                            : z.isConstant && z.constant == 1;
  if (!zFits)
    return kernel.fail("grid", move.batched
                                   ? "must have z = {\"extent\": \"batch\", "
                                     "\"tile\": 1} for rank-3 (batched) "
                                     "parameters"
                                   : "must have z = 1 for rank-2 parameters");
  spec.matrixMove = move;
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
