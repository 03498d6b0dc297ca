//===- KernelEntrySchema.cpp - kernel entries of the bundle schema --------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/bundle/BundleSchema.h"
#include "runtime/bundle/SchemaChecks.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace gemm_opt {
namespace bundle {

StringRef getKernelKindName(KernelKind kind) {
  switch (kind) {
  case KernelKind::Gemm:
    return "gemm";
  case KernelKind::Transpose:
    return "transpose";
  case KernelKind::Copy:
    return "copy";
  }
  return "?";
}

json::Value toJSON(KernelKind kind) { return getKernelKindName(kind); }

bool fromJSON(const json::Value &value, KernelKind &kind, json::Path path) {
  std::optional<StringRef> name = value.getAsString();
  std::optional<KernelKind> parsed;
  if (name)
    parsed = StringSwitch<std::optional<KernelKind>>(*name)
                 .Case("gemm", KernelKind::Gemm)
                 .Case("transpose", KernelKind::Transpose)
                 .Case("copy", KernelKind::Copy)
                 .Default(std::nullopt);
  if (!parsed) {
    path.report("expected \"gemm\", \"transpose\" or \"copy\"");
    return false;
  }
  kind = *parsed;
  return true;
}

json::Value toJSON(const GemmTypes &types) {
  return json::Object{{"a", types.a},
                      {"b", types.b},
                      {"c", types.c},
                      {"accumulator", types.accumulator}};
}

bool fromJSON(const json::Value &value, GemmTypes &types, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("a", types.a) || !mapper.map("b", types.b) ||
      !mapper.map("c", types.c) ||
      !mapper.map("accumulator", types.accumulator))
    return false;
  return checkChoice(types.a, InputElementTypeNames, InputElementTypeMessage,
                     path.field("a")) &&
         checkChoice(types.b, InputElementTypeNames, InputElementTypeMessage,
                     path.field("b")) &&
         checkChoice(types.c, OutputElementTypeNames, OutputElementTypeMessage,
                     path.field("c")) &&
         checkChoice(types.accumulator, ElementTypeNames, ElementTypeMessage,
                     path.field("accumulator"));
}

json::Value toJSON(const GemmLayouts &layouts) {
  return json::Object{{"a", layouts.a}, {"b", layouts.b}, {"c", layouts.c}};
}

bool fromJSON(const json::Value &value, GemmLayouts &layouts,
              json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("a", layouts.a) || !mapper.map("b", layouts.b) ||
      !mapper.map("c", layouts.c))
    return false;
  StringLiteral message = "expected \"row\" or \"col\"";
  return checkChoice(layouts.a, {"row", "col"}, message, path.field("a")) &&
         checkChoice(layouts.b, {"row", "col"}, message, path.field("b")) &&
         checkChoice(layouts.c, {"row", "col"}, message, path.field("c"));
}

json::Value toJSON(const Epilogue &epilogue) {
  json::Object object;
  if (epilogue.alphaBeta)
    object["alpha_beta"] = *epilogue.alphaBeta;
  if (epilogue.bias)
    object["bias"] = *epilogue.bias;
  if (epilogue.activation)
    object["activation"] = *epilogue.activation;
  if (epilogue.residual)
    object["residual"] = *epilogue.residual;
  return object;
}

bool fromJSON(const json::Value &value, Epilogue &epilogue, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("alpha_beta", epilogue.alphaBeta) ||
      !mapper.map("bias", epilogue.bias) ||
      !mapper.map("activation", epilogue.activation) ||
      !mapper.map("residual", epilogue.residual))
    return false;
  return checkOptionalChoice(epilogue.bias, {"none", "row", "column"},
                     "expected \"none\", \"row\" or \"column\"",
                     path.field("bias")) &&
         checkOptionalChoice(epilogue.activation,
                     {"none", "relu", "gelu_tanh", "gelu_erf", "silu"},
                     "expected \"none\", \"relu\", \"gelu_tanh\", "
                     "\"gelu_erf\" or \"silu\"",
                     path.field("activation"));
}

json::Value toJSON(const Scaling &scaling) {
  return json::Object{{"a", scaling.a},
                      {"b", scaling.b},
                      {"fast_accumulation", scaling.fastAccumulation}};
}

bool fromJSON(const json::Value &value, Scaling &scaling, json::Path path) {
  json::ObjectMapper mapper(value, path);
  if (!mapper || !mapper.map("a", scaling.a) || !mapper.map("b", scaling.b) ||
      !mapper.mapOptional("fast_accumulation", scaling.fastAccumulation))
    return false;
  return checkChoice(scaling.a, {"tensor", "row", "block_1x128"},
                     "expected \"tensor\", \"row\" or \"block_1x128\"",
                     path.field("a")) &&
         checkChoice(scaling.b, {"tensor", "column", "block_128x128"},
                     "expected \"tensor\", \"column\" or \"block_128x128\"",
                     path.field("b"));
}

json::Value toJSON(const Batch &batch) {
  json::Object object;
  if (batch.strided)
    object["strided"] = *batch.strided;
  return object;
}

bool fromJSON(const json::Value &value, Batch &batch, json::Path path) {
  json::ObjectMapper mapper(value, path);
  return mapper && mapper.map("strided", batch.strided);
}

/// Maps a required tile along M, N and K.
static bool mapTileMNK(json::ObjectMapper &mapper, StringLiteral key,
                       ProblemTile &tile, json::Path path) {
  if (!mapper.map(key, tile))
    return false;
  if (tile.k)
    return true;
  path.field(key).field("k").report("missing value");
  return false;
}

json::Value toJSON(const WholeTileVariant &variant) {
  json::Object object{{"name", variant.name},
                      {"requires_divisible", toJSON(variant.requiresDivisible)},
                      {"min_alignment_bytes", variant.minAlignmentBytes}};
  if (variant.dynamicSharedMemoryBytes)
    object["dynamic_shared_memory_bytes"] = *variant.dynamicSharedMemoryBytes;
  return object;
}

bool fromJSON(const json::Value &value, WholeTileVariant &variant,
              json::Path path) {
  json::ObjectMapper mapper(value, path);
  return mapper && mapper.map("name", variant.name) &&
         checkSymbolName(variant.name, path.field("name")) &&
         mapTileMNK(mapper, "requires_divisible", variant.requiresDivisible,
                    path) &&
         mapper.map("min_alignment_bytes", variant.minAlignmentBytes) &&
         checkAlignment(variant.minAlignmentBytes,
                        path.field("min_alignment_bytes")) &&
         mapper.map("dynamic_shared_memory_bytes",
                    variant.dynamicSharedMemoryBytes) &&
         checkOptionalRange(variant.dynamicSharedMemoryBytes, 0, MaxSharedMemoryBytes,
                    "expected an integer in [0, 2^30]",
                    path.field("dynamic_shared_memory_bytes"));
}

/// {"a"*: entry, "b"*: entry}.
static json::Value toJSON(const std::vector<StagedKernel> &staged) {
  json::Object object;
  for (const StagedKernel &kernel : staged)
    object[kernel.operand] = toJSON(kernel.kernel);
  return object;
}

static bool mapStaged(const json::Object &entry, StringLiteral key,
                      std::vector<StagedKernel> &staged, json::Path path) {
  const json::Value *value = entry.get(key);
  if (!value)
    return true;
  json::ObjectMapper mapper(*value, path.field(key));
  if (!mapper)
    return false;
  for (StringLiteral operand : {StringLiteral("a"), StringLiteral("b")}) {
    StagedKernel kernel;
    kernel.operand = operand.str();
    std::optional<KernelEntry> parsed;
    if (!mapper.map(operand, parsed))
      return false;
    if (!parsed)
      continue;
    kernel.kernel = std::move(*parsed);
    staged.push_back(std::move(kernel));
  }
  return true;
}

/// Adds the fields of `gemm` to the entry `object`.
static void addGemmFields(const GemmFields &gemm, json::Object &object) {
  object["types"] = toJSON(gemm.types);
  object["layouts"] = toJSON(gemm.layouts);
  if (gemm.sourceLayouts)
    object["source_layouts"] = toJSON(*gemm.sourceLayouts);
  object["requires_divisible"] = toJSON(gemm.requiresDivisible);
  if (gemm.math)
    object["math"] = *gemm.math;
  if (gemm.epilogue)
    object["epilogue"] = toJSON(*gemm.epilogue);
  if (gemm.scaling)
    object["scaling"] = toJSON(*gemm.scaling);
  if (gemm.batch)
    object["batch"] = toJSON(*gemm.batch);
  if (gemm.grouped)
    object["grouped"] = *gemm.grouped;
  if (!gemm.stagedTransposes.empty())
    object["staged_transposes"] = toJSON(gemm.stagedTransposes);
  if (!gemm.stagedCopies.empty())
    object["staged_copies"] = toJSON(gemm.stagedCopies);
  if (gemm.wholeTileVariant)
    object["whole_tile_variant"] = toJSON(*gemm.wholeTileVariant);
}

static bool mapGemmFields(const json::Value &value, GemmFields &gemm,
                          json::Path path) {
  json::ObjectMapper mapper(value, path);
  const json::Object &object = *value.getAsObject();
  return mapper.map("types", gemm.types) &&
         mapper.map("layouts", gemm.layouts) &&
         mapper.map("source_layouts", gemm.sourceLayouts) &&
         mapTileMNK(mapper, "requires_divisible", gemm.requiresDivisible,
                    path) &&
         mapper.map("math", gemm.math) &&
         checkOptionalChoice(gemm.math, {"ffma", "tensor_core"},
                             "expected \"ffma\" or \"tensor_core\"",
                             path.field("math")) &&
         mapper.map("epilogue", gemm.epilogue) &&
         mapper.map("scaling", gemm.scaling) &&
         mapper.map("batch", gemm.batch) &&
         mapper.map("grouped", gemm.grouped) &&
         checkOptionalChoice(gemm.grouped, {"masked", "contiguous"},
                             "expected \"masked\" or \"contiguous\"",
                             path.field("grouped")) &&
         mapStaged(object, "staged_transposes", gemm.stagedTransposes, path) &&
         mapStaged(object, "staged_copies", gemm.stagedCopies, path) &&
         mapper.map("whole_tile_variant", gemm.wholeTileVariant);
}

static void addMatrixMoveFields(const MatrixMoveFields &move,
                                json::Object &object) {
  object["types"] = json::Object{{"src", move.srcType}, {"dst", move.dstType}};
  object["layouts"] =
      json::Object{{"src", move.srcLayout}, {"dst", move.dstLayout}};
  if (move.vectorElements)
    object["vector_elements"] = *move.vectorElements;
}

static bool mapMatrixMoveFields(const json::Value &value,
                                MatrixMoveFields &move, json::Path path) {
  json::ObjectMapper mapper(value, path);
  const json::Object &object = *value.getAsObject();
  json::Path typesPath = path.field("types");
  json::Path layoutsPath = path.field("layouts");
  const json::Value *types = object.get("types");
  const json::Value *layouts = object.get("layouts");
  if (!types || !layouts) {
    (types ? layoutsPath : typesPath).report("missing value");
    return false;
  }
  json::ObjectMapper typesMapper(*types, typesPath);
  json::ObjectMapper layoutsMapper(*layouts, layoutsPath);
  // Transposes and copies read and write row-major matrices only.
  StringLiteral rowOnly = "expected \"row\" (only row-major is supported)";
  return typesMapper && typesMapper.map("src", move.srcType) &&
         typesMapper.map("dst", move.dstType) &&
         checkChoice(move.srcType, InputElementTypeNames,
                     InputElementTypeMessage, typesPath.field("src")) &&
         checkChoice(move.dstType, InputElementTypeNames,
                     InputElementTypeMessage, typesPath.field("dst")) &&
         layoutsMapper && layoutsMapper.map("src", move.srcLayout) &&
         layoutsMapper.map("dst", move.dstLayout) &&
         checkChoice(move.srcLayout, {"row"}, rowOnly,
                     layoutsPath.field("src")) &&
         checkChoice(move.dstLayout, {"row"}, rowOnly,
                     layoutsPath.field("dst")) &&
         mapper.map("vector_elements", move.vectorElements) &&
         checkOptionalRange(move.vectorElements, 1, 16,
                            "expected an integer in [1, 16]",
                            path.field("vector_elements"));
}

json::Value toJSON(const KernelEntry &entry) {
  json::Object object{{"name", entry.name},
                      {"block", json::Array{entry.block[0], entry.block[1],
                                            entry.block[2]}},
                      {"grid", toJSON(entry.grid)},
                      {"min_alignment_bytes", entry.minAlignmentBytes},
                      {"parameters", entry.parameters}};
  if (entry.kind)
    object["kind"] = toJSON(*entry.kind);
  auto put = [&](StringRef key, const auto &field) {
    if (field)
      object[key] = *field;
  };
  put("chip", entry.chip);
  put("cubin", entry.cubin);
  put("ptx", entry.ptx);
  put("ptxas_opt_level", entry.ptxasOptLevel);
  put("ptxas_info", entry.ptxasInfo);
  if (entry.cluster)
    object["cluster"] = json::Array{(*entry.cluster)[0], (*entry.cluster)[1],
                                    (*entry.cluster)[2]};
  put("dynamic_shared_memory_bytes", entry.dynamicSharedMemoryBytes);
  if (entry.tile)
    object["tile"] = toJSON(*entry.tile);
  if (entry.gemm)
    addGemmFields(*entry.gemm, object);
  if (entry.matrixMove)
    addMatrixMoveFields(*entry.matrixMove, object);
  return object;
}

/// The optional image file `key` ("cubin", "ptx"): a non-empty name.
static bool mapImage(json::ObjectMapper &mapper, StringLiteral key,
                     std::optional<std::string> &image, json::Path path) {
  if (!mapper.map(key, image))
    return false;
  if (!image || !image->empty())
    return true;
  path.field(key).report("expected a non-empty file name");
  return false;
}

bool fromJSON(const json::Value &value, KernelEntry &entry, json::Path path) {
  json::ObjectMapper mapper(value, path);
  entry = KernelEntry();
  if (!mapper || !mapper.map("kind", entry.kind) ||
      !mapper.map("name", entry.name) || !mapper.map("chip", entry.chip) ||
      !mapImage(mapper, "cubin", entry.cubin, path) ||
      !mapImage(mapper, "ptx", entry.ptx, path) ||
      !mapper.map("ptxas_opt_level", entry.ptxasOptLevel) ||
      !mapper.map("ptxas_info", entry.ptxasInfo) ||
      !checkSymbolName(entry.name, path.field("name")))
    return false;
  const json::Object &object = *value.getAsObject();
  const json::Value *block = object.get("block");
  if (!block) {
    path.field("block").report("missing value");
    return false;
  }
  if (!readDim3(*block, entry.block, 1024,
                "expected 3 integers, each in [1, 1024]", path.field("block")))
    return false;
  if (const json::Value *cluster = object.get("cluster")) {
    entry.cluster.emplace();
    if (!readDim3(*cluster, *entry.cluster, 16,
                  "expected 3 integers, each in [1, 16]",
                  path.field("cluster")))
      return false;
  }
  if (!mapper.map("dynamic_shared_memory_bytes",
                  entry.dynamicSharedMemoryBytes) ||
      !checkOptionalRange(entry.dynamicSharedMemoryBytes, 0, MaxSharedMemoryBytes,
                  "expected an integer in [0, 2^30]",
                  path.field("dynamic_shared_memory_bytes")) ||
      !mapper.map("grid", entry.grid) || !mapper.map("tile", entry.tile) ||
      !mapper.map("min_alignment_bytes", entry.minAlignmentBytes) ||
      !checkAlignment(entry.minAlignmentBytes,
                      path.field("min_alignment_bytes")) ||
      !mapper.map("parameters", entry.parameters))
    return false;
  if (entry.getKind() == KernelKind::Gemm) {
    if (entry.tile && !entry.tile->k) {
      path.field("tile").field("k").report("missing value");
      return false;
    }
    return mapGemmFields(value, entry.gemm.emplace(), path);
  }
  if (!entry.tile) {
    path.field("tile").report("missing value");
    return false;
  }
  return mapMatrixMoveFields(value, entry.matrixMove.emplace(), path);
}

} // namespace bundle
} // namespace gemm_opt
