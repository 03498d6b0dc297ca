//===- DiscardableAttributes.cpp - checks of tile.* attributes ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/DiscardableAttributes.h"

#include "dialect/TileDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace gemm_opt::tile;

namespace {

/// Whether `value` is an array of strings, each one of `allowed`, of
/// `size` entries (any number where size is 0).
bool isStringArray(Attribute value, ArrayRef<StringRef> allowed,
                   size_t size) {
  auto array = dyn_cast<ArrayAttr>(value);
  if (!array || (size != 0 && array.size() != size))
    return false;
  return llvm::all_of(array, [&](Attribute entry) {
    auto name = dyn_cast<StringAttr>(entry);
    return name && llvm::is_contained(allowed, name.getValue());
  });
}

bool isOneOf(Attribute value, ArrayRef<StringRef> allowed) {
  auto name = dyn_cast<StringAttr>(value);
  return name && llvm::is_contained(allowed, name.getValue());
}

} // namespace

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute named) {
  StringRef name = named.getName().getValue();
  Attribute value = named.getValue();
  // What each attribute must hold, as the error words it.
  std::optional<StringRef> expected;
  bool ok = true;
  if (name == attr::schedule) {
    ok = isa<ScheduleAttr>(value);
    expected = "a #tile.schedule";
  } else if (name == attr::epilogue) {
    ok = isa<EpilogueAttr>(value);
    expected = "a #tile.epilogue";
  } else if (name == attr::scaling) {
    ok = isa<ScalingAttr>(value);
    expected = "a #tile.scaling";
  } else if (name == attr::layouts) {
    ok = isStringArray(value, {"row", "col"}, 3);
    expected = "[\"row\" | \"col\"] for A, B and C";
  } else if (name == attr::batched || name == attr::amax ||
             name == attr::exchangedOperands ||
             name == attr::wholeTileVariant || name == attr::transposeBatched ||
             name == attr::copyBatched) {
    ok = isa<UnitAttr>(value);
    expected = "a unit attribute";
  } else if (name == attr::tensorMapArguments) {
    ok = isa<DenseI32ArrayAttr>(value);
    expected = "an array<i32>";
  } else if (name == attr::ptxasOptLevel) {
    auto level = dyn_cast<IntegerAttr>(value);
    ok = level && level.getType().isInteger(32) && level.getInt() >= 0 &&
         level.getInt() <= 3;
    expected = "an i32 from 0 to 3";
  } else if (name == attr::transposeSchedule) {
    ok = isa<TransposeScheduleAttr>(value);
    expected = "a #tile.transpose_schedule";
  } else if (name == attr::copySchedule) {
    ok = isa<CopyScheduleAttr>(value);
    expected = "a #tile.copy_schedule";
  } else if (name == attr::transposeElement || name == attr::copyElement) {
    ok = isa<TypeAttr>(value);
    expected = "an element type";
  } else if (name == attr::grouped) {
    ok = isOneOf(value, {"masked", "contiguous"});
    expected = "\"masked\" or \"contiguous\"";
  } else if (name == attr::stagedOperand) {
    ok = isOneOf(value, {"a", "b"});
    expected = "\"a\" or \"b\"";
  } else if (name == attr::stagedCopyOperands || name == attr::perEntryScales) {
    ok = isStringArray(value, {"a", "b"}, 0);
    expected = "an array of \"a\" and \"b\"";
  } else {
    return op->emitError() << "unknown tile dialect attribute '" << name
                           << "'";
  }
  if (!ok)
    return op->emitError() << "'" << name << "' must be " << *expected
                           << ", got " << value;
  return success();
}
