//===- EpilogueAttrAssembly.cpp - text form of #tile.epilogue -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//   #tile.epilogue<alpha_beta = true, bias = row, activation = gelu_tanh,
//                  residual = true>
//   #tile.epilogue<bias = column>
//
// The fields come in any order, each at most once and at least one, and are
// printed in the order above, only when not the default.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/BoolKeyword.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace gemm_opt::tile;

namespace {

/// Parses a keyword that `symbolize` turns into an enum value; `what` and
/// `choices` word the error.
template <typename Enum>
ParseResult parseChoice(AsmParser &parser, Enum &value,
                        std::optional<Enum> (*symbolize)(StringRef),
                        StringRef what, StringRef choices) {
  SMLoc where = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseKeyword(&keyword)))
    return failure();
  std::optional<Enum> parsed = symbolize(keyword);
  if (!parsed || *parsed == Enum::none)
    return parser.emitError(where) << "unknown " << what << " '" << keyword
                                   << "', expected " << choices;
  value = *parsed;
  return success();
}

} // namespace

Attribute EpilogueAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  bool alphaBeta = false, residual = false;
  EpilogueBias bias = EpilogueBias::none;
  EpilogueActivation activation = EpilogueActivation::none;
  llvm::StringSet<> seen;
  do {
    SMLoc fieldLoc = parser.getCurrentLocation();
    StringRef field;
    if (parser.parseKeyword(&field) || parser.parseEqual())
      return {};
    if (!seen.insert(field).second) {
      parser.emitError(fieldLoc) << "epilogue field '" << field
                                 << "' is given twice";
      return {};
    }
    ParseResult parsed = failure();
    if (field == "alpha_beta")
      parsed = parseBoolKeyword(parser, alphaBeta);
    else if (field == "residual")
      parsed = parseBoolKeyword(parser, residual);
    else if (field == "bias")
      parsed = parseChoice<EpilogueBias>(parser, bias, symbolizeEpilogueBias,
                                         "bias", "row or column");
    else if (field == "activation")
      parsed = parseChoice<EpilogueActivation>(
          parser, activation, symbolizeEpilogueActivation, "activation",
          "relu, gelu_tanh, gelu_erf or silu");
    else if (field == "store" || field == "store_rounds" ||
             field == "staging_buffers")
      parser.emitError(fieldLoc)
          << "'" << field
          << "' says how C is stored, which belongs to the schedule: write "
             "store = #tile.store<...> in #tile.schedule";
    else
      parser.emitError(fieldLoc)
          << "unknown epilogue field '" << field
          << "', expected alpha_beta, bias, activation or residual";
    if (failed(parsed))
      return {};
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  return EpilogueAttr::get(parser.getContext(), alphaBeta, bias, activation,
                           residual);
}

void EpilogueAttr::print(AsmPrinter &printer) const {
  SmallVector<std::string> fields;
  if (getAlphaBeta())
    fields.push_back("alpha_beta = true");
  if (getBias() != EpilogueBias::none)
    fields.push_back(("bias = " + stringifyEpilogueBias(getBias())).str());
  if (getActivation() != EpilogueActivation::none)
    fields.push_back(
        ("activation = " + stringifyEpilogueActivation(getActivation())).str());
  if (getResidual())
    fields.push_back("residual = true");
  // An epilogue with nothing fused prints its default, so that it parses
  // back.
  if (fields.empty())
    fields.push_back("alpha_beta = false");
  printer << "<" << llvm::join(fields, ", ") << ">";
}
