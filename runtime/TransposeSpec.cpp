//===- TransposeSpec.cpp - The fields of a "transpose" bundle kernel ------===//

#include "runtime/TransposeSpec.h"

#include "runtime/JsonFieldReader.h"
#include "runtime/KernelEntryFields.h"
#include "runtime/RuntimeError.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// "types": {"src": T, "dst": T} with one supported T.
Expected<ElementType> parseTransposeType(const JsonFieldReader &kernel) {
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
                                  getElementTypeName(*result) +
                                  "; a transpose keeps the element type");
    result = *type;
  }
  return *result;
}

/// "parameters": exactly the memrefs of src and dst, in that order.
Error checkTransposeParameters(const JsonFieldReader &kernel) {
  Expected<const json::Value *> value = kernel.getRequired("parameters");
  if (!value)
    return value.takeError();
  const json::Array *array = (*value)->getAsArray();
  static constexpr StringLiteral expected =
      "must be [{\"kind\": \"memref\", \"operand\": \"src\", \"rank\": 2}, "
      "{\"kind\": \"memref\", \"operand\": \"dst\", \"rank\": 2}]";
  if (!array || array->size() != 2)
    return kernel.fail("parameters", expected);
  static constexpr StringLiteral operands[] = {"src", "dst"};
  for (auto [index, operand] : enumerate(operands)) {
    const json::Object *parameter = (*array)[index].getAsObject();
    if (!parameter || parameter->getString("kind") != "memref" ||
        parameter->getString("operand") != operand ||
        parameter->getInteger("rank") != 2)
      return kernel.fail("parameters", expected);
  }
  return Error::success();
}

} // namespace

Error parseTransposeFields(const JsonFieldReader &kernel, KernelSpec &spec) {
  TransposeKernelSpec transpose;
  Expected<JsonFieldReader> tile = kernel.getObject("tile");
  if (!tile)
    return tile.takeError();
  for (auto [key, field] :
       {std::pair<StringRef, int64_t *>("m", &transpose.tileRows),
        {"n", &transpose.tileCols}}) {
    Expected<int64_t> value = tile->getInteger(key, 1);
    if (!value)
      return value.takeError();
    *field = *value;
  }

  Expected<ElementType> type = parseTransposeType(kernel);
  if (!type)
    return type.takeError();
  transpose.elementType = *type;
  spec.aType = spec.bType = spec.cType = *type;

  if (Error err = checkRowMajorLayouts(kernel, {"src", "dst"}))
    return std::move(err);
  Expected<int64_t> alignment = readMinAlignmentBytes(kernel);
  if (!alignment)
    return alignment.takeError();
  spec.minAlignmentBytes = *alignment;

  if (kernel.has("vector_elements")) {
    Expected<int64_t> vector = kernel.getInteger("vector_elements", 1, 8);
    if (!vector)
      return vector.takeError();
    transpose.vectorElements = *vector;
  }

  if (Error err = checkTransposeParameters(kernel))
    return err;
  spec.kind = KernelKind::Transpose;
  spec.transpose = transpose;
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
