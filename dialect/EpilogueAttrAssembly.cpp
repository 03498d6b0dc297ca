//===- EpilogueAttrAssembly.cpp - text form of #tile.epilogue -------------===//
//
//   #tile.epilogue<store = vector, alpha_beta = true, bias = row,
//                  activation = gelu_tanh, residual = true>
//   #tile.epilogue<store = tma, store_rounds = 2>
//   #tile.epilogue<store = tma, store_rounds = 8, staging_buffers = 2>
//
// `store` comes first; the other fields follow in any order, each at most
// once, and are printed (fused fields in the order above, then
// store_rounds and staging_buffers) only when not the default.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/BoolKeyword.h"

#include "mlir/IR/DialectImplementation.h"
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
  if (parser.parseLess() || parser.parseKeyword("store") || parser.parseEqual())
    return {};
  SMLoc storeLoc = parser.getCurrentLocation();
  StringRef storeName;
  if (parser.parseKeyword(&storeName))
    return {};
  std::optional<EpilogueStore> store = symbolizeEpilogueStore(storeName);
  if (!store) {
    parser.emitError(storeLoc) << "unknown epilogue store '" << storeName
                               << "', expected tma, vector or direct";
    return {};
  }

  bool alphaBeta = false, residual = false;
  int64_t storeRounds = 1, stagingBuffers = 1;
  EpilogueBias bias = EpilogueBias::none;
  EpilogueActivation activation = EpilogueActivation::none;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
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
    else if (field == "store_rounds")
      parsed = parser.parseInteger(storeRounds);
    else if (field == "staging_buffers")
      parsed = parser.parseInteger(stagingBuffers);
    else if (field == "activation")
      parsed = parseChoice<EpilogueActivation>(
          parser, activation, symbolizeEpilogueActivation, "activation",
          "relu, gelu_tanh, gelu_erf or silu");
    else
      parser.emitError(fieldLoc)
          << "unknown epilogue field '" << field
          << "', expected alpha_beta, bias, activation, residual, "
             "store_rounds or staging_buffers";
    if (failed(parsed))
      return {};
  }
  SMLoc endLoc = parser.getCurrentLocation();
  if (parser.parseGreater())
    return {};
  return EpilogueAttr::getChecked(
      [&] { return parser.emitError(endLoc); }, parser.getContext(), *store,
      alphaBeta, bias, activation, residual, storeRounds, stagingBuffers);
}

void EpilogueAttr::print(AsmPrinter &printer) const {
  printer << "<store = " << stringifyEpilogueStore(getStore());
  if (getAlphaBeta())
    printer << ", alpha_beta = true";
  if (getBias() != EpilogueBias::none)
    printer << ", bias = " << stringifyEpilogueBias(getBias());
  if (getActivation() != EpilogueActivation::none)
    printer << ", activation = " << stringifyEpilogueActivation(getActivation());
  if (getResidual())
    printer << ", residual = true";
  if (getStoreRounds() != 1)
    printer << ", store_rounds = " << getStoreRounds();
  if (getStagingBuffers() != 1)
    printer << ", staging_buffers = " << getStagingBuffers();
  printer << ">";
}
