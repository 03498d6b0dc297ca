//===- GridAttrAssembly.cpp - text form of #tile.grid ---------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   #tile.grid<persistent = true, raster = along_m, group = 8>
//   #tile.grid<persistent = false, raster = along_n, group = 1, split_k = 4>
//   #tile.grid<persistent = true, raster = along_m, group = 8, stream_k = 1>
//   #tile.grid<persistent = true, raster = along_m, group = 4, stream_k = spares>
//
// persistent, raster and group come first, in this order; split_k and
// stream_k follow in any order, each at most once, and are printed only when
// not the default (1, 0). stream_k is a number of waves or `spares`.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/BoolKeyword.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace gemm_opt::tile;

Attribute GridAttr::parse(AsmParser &parser, Type) {
  SMLoc start = parser.getCurrentLocation();
  bool persistent = false;
  int64_t group = 1, splitK = 1, streamK = 0;
  bool streamKSpares = false;
  StringRef rasterName;
  SMLoc rasterLoc;
  if (parser.parseLess() || parser.parseKeyword("persistent") ||
      parser.parseEqual() || parseBoolKeyword(parser, persistent) ||
      parser.parseComma() || parser.parseKeyword("raster") ||
      parser.parseEqual())
    return {};
  rasterLoc = parser.getCurrentLocation();
  if (parser.parseKeyword(&rasterName) || parser.parseComma() ||
      parser.parseKeyword("group") || parser.parseEqual() ||
      parser.parseInteger(group))
    return {};
  std::optional<RasterOrder> raster = symbolizeRasterOrder(rasterName);
  if (!raster) {
    parser.emitError(rasterLoc) << "unknown raster order '" << rasterName
                                << "', expected along_m or along_n";
    return {};
  }
  bool seenSplitK = false, seenStreamK = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc fieldLoc = parser.getCurrentLocation();
    StringRef field;
    if (parser.parseKeyword(&field) || parser.parseEqual())
      return {};
    bool &seen = field == "split_k" ? seenSplitK : seenStreamK;
    if ((field == "split_k" || field == "stream_k") && seen) {
      parser.emitError(fieldLoc) << "grid field '" << field
                                 << "' is given twice";
      return {};
    }
    seen = true;
    ParseResult parsed = failure();
    if (field == "split_k")
      parsed = parser.parseInteger(splitK);
    else if (field == "stream_k" &&
             succeeded(parser.parseOptionalKeyword("spares"))) {
      // The partial last wave, by its idle blocks.
      streamK = 1;
      streamKSpares = true;
      parsed = success();
    } else if (field == "stream_k")
      parsed = parser.parseInteger(streamK);
    else
      parser.emitError(fieldLoc) << "unknown grid field '" << field
                                 << "', expected split_k or stream_k";
    if (failed(parsed))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return GridAttr::getChecked([&] { return parser.emitError(start); },
                              parser.getContext(), persistent, *raster, group,
                              splitK, streamK, streamKSpares);
}

void GridAttr::print(AsmPrinter &printer) const {
  printer << "<persistent = " << (getPersistent() ? "true" : "false")
          << ", raster = " << stringifyRasterOrder(getRaster())
          << ", group = " << getGroup();
  if (getSplitK() != 1)
    printer << ", split_k = " << getSplitK();
  if (getStreamKSpares())
    printer << ", stream_k = spares";
  else if (getStreamK())
    printer << ", stream_k = " << getStreamK();
  printer << ">";
}
