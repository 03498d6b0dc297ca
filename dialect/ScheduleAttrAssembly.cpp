//===- ScheduleAttrAssembly.cpp - text form of #tile.schedule -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   #tile.schedule<chip = "sm_90a", block = [BM, BN, BK], warp = [WM, WN],
//                  mma = ..., elements = ..., smem_a = ..., smem_b = ...,
//                  pipeline = ... (, specialization | grid | cluster | store
//                  = ...)*>
//
// The required fields come in this order; the optional ones follow in any
// order, each at most once, and are printed in the order above. The parser
// records where each field was written (ScheduleFieldLocations.h), so that
// the verifier can report a problem at the field instead of at the op.
//
//===----------------------------------------------------------------------===//

#include "dialect/ScheduleFieldLocations.h"
#include "dialect/TileDialect.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace gemm_opt::tile;

namespace {

/// Parses `keyword = ` and remembers where `keyword` was.
ParseResult parseFieldKey(AsmParser &parser, StringRef keyword,
                          ScheduleFieldLocations &where) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  where.record(keyword, parser.getEncodedSourceLoc(loc));
  return success();
}

/// The error the declarative format words for a field that does not parse.
ParseResult fieldError(AsmParser &parser, StringRef field, StringRef type) {
  return parser.emitError(parser.getCurrentLocation())
         << "failed to parse Tile_ScheduleAttr parameter '" << field
         << "' which is to be a `" << type << "`";
}

template <typename AttrT>
ParseResult parseTileAttr(AsmParser &parser, AttrT &value, StringRef field,
                          StringRef type) {
  FailureOr<AttrT> parsed = FieldParser<AttrT>::parse(parser);
  if (failed(parsed))
    return fieldError(parser, field, type);
  value = *parsed;
  return success();
}

ParseResult parseExtents(AsmParser &parser, SmallVector<int64_t> &extents,
                         StringRef field) {
  if (parser.parseLSquare())
    return failure();
  FailureOr<SmallVector<int64_t>> parsed =
      FieldParser<SmallVector<int64_t>>::parse(parser);
  if (failed(parsed))
    return fieldError(parser, field, "::llvm::ArrayRef<int64_t>");
  extents = std::move(*parsed);
  return parser.parseRSquare();
}

} // namespace

Attribute ScheduleAttr::parse(AsmParser &parser, Type) {
  SMLoc start = parser.getCurrentLocation();
  ScheduleFieldLocations where;
  std::string chip;
  SmallVector<int64_t> block, warp;
  MmaAttr mma;
  ElementTypesAttr elements;
  Attribute smemA, smemB;
  PipelineAttr pipeline;
  WarpSpecializationAttr specialization;
  GridAttr grid;
  ClusterAttr cluster;
  StoreAttr store;

  if (parser.parseLess() || parseFieldKey(parser, "chip", where))
    return {};
  FailureOr<std::string> chipText = FieldParser<std::string>::parse(parser);
  if (failed(chipText)) {
    (void)fieldError(parser, "chip", "::llvm::StringRef");
    return {};
  }
  chip = *chipText;
  if (parser.parseComma() || parseFieldKey(parser, "block", where) ||
      parseExtents(parser, block, "block") || parser.parseComma() ||
      parseFieldKey(parser, "warp", where) ||
      parseExtents(parser, warp, "warp") || parser.parseComma() ||
      parseFieldKey(parser, "mma", where) ||
      parseTileAttr(parser, mma, "mma", "MmaAttr") || parser.parseComma() ||
      parseFieldKey(parser, "elements", where) ||
      parseTileAttr(parser, elements, "elements", "ElementTypesAttr") ||
      parser.parseComma() || parseFieldKey(parser, "smem_a", where) ||
      parseTileAttr(parser, smemA, "smemA", "::mlir::Attribute") ||
      parser.parseComma() || parseFieldKey(parser, "smem_b", where) ||
      parseTileAttr(parser, smemB, "smemB", "::mlir::Attribute") ||
      parser.parseComma() || parseFieldKey(parser, "pipeline", where) ||
      parseTileAttr(parser, pipeline, "pipeline", "PipelineAttr"))
    return {};

  // The optional fields, in any order.
  bool seenSpecialization = false, seenGrid = false, seenCluster = false,
       seenStore = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key)) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected a parameter name in struct");
      return {};
    }
    if (parser.parseEqual())
      return {};
    ParseResult parsed = failure();
    if (!seenSpecialization && key == "specialization") {
      seenSpecialization = true;
      parsed =
          parseTileAttr(parser, specialization, key, "WarpSpecializationAttr");
    } else if (!seenGrid && key == "grid") {
      seenGrid = true;
      parsed = parseTileAttr(parser, grid, key, "GridAttr");
    } else if (!seenCluster && key == "cluster") {
      seenCluster = true;
      parsed = parseTileAttr(parser, cluster, key, "ClusterAttr");
    } else if (!seenStore && key == "store") {
      seenStore = true;
      parsed = parseTileAttr(parser, store, key, "StoreAttr");
    } else {
      parser.emitError(parser.getCurrentLocation(),
                       "duplicate or unknown struct parameter name: ")
          << key;
      return {};
    }
    if (failed(parsed))
      return {};
    where.record(key, parser.getEncodedSourceLoc(keyLoc));
  }
  if (parser.parseGreater())
    return {};
  auto schedule = parser.getChecked<ScheduleAttr>(
      start, parser.getContext(), StringRef(chip), ArrayRef<int64_t>(block),
      ArrayRef<int64_t>(warp), mma, elements, smemA, smemB, pipeline,
      specialization, grid, cluster, store);
  if (schedule)
    where.attachTo(schedule);
  return schedule;
}

void ScheduleAttr::print(AsmPrinter &printer) const {
  printer << "<chip = ";
  printer.printString(getChip());
  printer << ", block = [";
  printer.printStrippedAttrOrType(getBlock());
  printer << "], warp = [";
  printer.printStrippedAttrOrType(getWarp());
  printer << "], mma = " << getMma() << ", elements = " << getElements()
          << ", smem_a = ";
  printer.printStrippedAttrOrType(getSmemA());
  printer << ", smem_b = ";
  printer.printStrippedAttrOrType(getSmemB());
  printer << ", pipeline = " << getPipeline();
  if (getSpecialization())
    printer << ", specialization = " << getSpecialization();
  if (getGrid())
    printer << ", grid = " << getGrid();
  if (getCluster())
    printer << ", cluster = " << getCluster();
  if (getStore())
    printer << ", store = " << getStore();
  printer << ">";
}
