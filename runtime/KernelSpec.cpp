//===- KernelSpec.cpp - Kernel bundle metadata ----------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelSpec.h"

#include "runtime/BatchedKernelSpec.h"
#include "runtime/JsonFieldReader.h"
#include "runtime/KernelEntryFields.h"
#include "runtime/MatrixMoveSpec.h"
#include "runtime/RuntimeError.h"
#include "runtime/TransposedProblem.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

StringRef getProblemDimName(ProblemDim dim) {
  switch (dim) {
  case ProblemDim::M:
    return "m";
  case ProblemDim::N:
    return "n";
  case ProblemDim::K:
    return "k";
  case ProblemDim::Batch:
    return "batch";
  }
  return "?";
}

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

namespace {

Expected<ProblemTile> parseProblemTile(const JsonFieldReader &parent,
                                       StringRef key) {
  Expected<JsonFieldReader> reader = parent.getObject(key);
  if (!reader)
    return reader.takeError();
  ProblemTile tile;
  for (auto [name, field] : {std::pair<StringRef, int64_t *>("m", &tile.m),
                             {"n", &tile.n},
                             {"k", &tile.k}}) {
    Expected<int64_t> value = reader->getInteger(name, 1);
    if (!value)
      return value.takeError();
    *field = *value;
  }
  return tile;
}

Expected<ElementType> parseTypeField(const JsonFieldReader &types,
                                     StringRef key) {
  Expected<StringRef> name = types.getString(key);
  if (!name)
    return name.takeError();
  if (std::optional<ElementType> type = parseElementType(*name))
    return *type;
  return types.fail(key, "has unsupported element type '" + *name +
                             "' (expected f16, bf16 or f32)");
}

Expected<GridDimSpec> parseGridDim(const JsonFieldReader &grid, StringRef key,
                                   bool optional) {
  GridDimSpec dim;
  if (optional && !grid.has(key))
    return dim;
  Expected<const json::Value *> value = grid.getRequired(key);
  if (!value)
    return value.takeError();
  if (std::optional<int64_t> constant = (*value)->getAsInteger()) {
    if (*constant < 1)
      return grid.fail(key, "must be positive");
    dim.constant = *constant;
    return dim;
  }
  const json::Object *object = (*value)->getAsObject();
  if (!object)
    return grid.fail(key, "must be a positive integer or an object "
                          "{\"extent\": \"m\"|\"n\"|\"k\"|\"batch\", "
                          "\"tile\": N}");
  JsonFieldReader reader(*object, grid.getContext() + "." + key.str());
  Expected<StringRef> extent = reader.getString("extent");
  if (!extent)
    return extent.takeError();
  std::optional<ProblemDim> problemDim =
      StringSwitch<std::optional<ProblemDim>>(*extent)
          .Case("m", ProblemDim::M)
          .Case("n", ProblemDim::N)
          .Case("k", ProblemDim::K)
          .Case("batch", ProblemDim::Batch)
          .Default(std::nullopt);
  if (!problemDim)
    return reader.fail("extent",
                       "is '" + *extent + "', expected m, n, k or batch");
  Expected<int64_t> tile = reader.getInteger("tile", 1);
  if (!tile)
    return tile.takeError();
  dim.isConstant = false;
  dim.extent = *problemDim;
  dim.tile = *tile;
  return dim;
}

/// {"persistent": {"ctas_per_sm": C}, "tiles": {"m": TM, "n": TN}}.
Expected<PersistentGridSpec> parsePersistentGrid(const JsonFieldReader &grid) {
  for (StringRef axis : {"x", "y", "z"})
    if (grid.has(axis))
      return grid.fail(axis, "cannot be combined with 'persistent' (a "
                             "persistent grid is 1-D and sized by the "
                             "runtime)");
  PersistentGridSpec persistent;
  Expected<JsonFieldReader> options = grid.getObject("persistent");
  if (!options)
    return options.takeError();
  Expected<int64_t> ctasPerSm = options->getInteger("ctas_per_sm", 1, 32);
  if (!ctasPerSm)
    return ctasPerSm.takeError();
  persistent.ctasPerSm = *ctasPerSm;
  if (options->has("stream_k")) {
    Expected<const json::Value *> value = options->getRequired("stream_k");
    if (!value)
      return value.takeError();
    std::optional<bool> flag = (*value)->getAsBoolean();
    if (!flag)
      return options->fail("stream_k", "must be true or false");
    persistent.streamK = *flag;
  }
  Expected<JsonFieldReader> tiles = grid.getObject("tiles");
  if (!tiles)
    return tiles.takeError();
  for (auto [name, field] :
       {std::pair<StringRef, int64_t *>("m", &persistent.tileM),
        {"n", &persistent.tileN}}) {
    Expected<int64_t> value = tiles->getInteger(name, 1);
    if (!value)
      return value.takeError();
    *field = *value;
  }
  if (persistent.streamK) {
    Expected<int64_t> tileK = tiles->getInteger("k", 1);
    if (!tileK)
      return tileK.takeError();
    persistent.tileK = *tileK;
  }
  if (tiles->has("batch")) {
    // One batch entry per tile: the only way a kernel walks entries.
    Expected<int64_t> batch = tiles->getInteger("batch", 1, 1);
    if (!batch)
      return batch.takeError();
    persistent.perBatchEntry = true;
  }
  return persistent;
}

Error parseGrid(const JsonFieldReader &kernel, KernelSpec &spec) {
  Expected<JsonFieldReader> grid = kernel.getObject("grid");
  if (!grid)
    return grid.takeError();
  if (grid->has("persistent")) {
    Expected<PersistentGridSpec> persistent = parsePersistentGrid(*grid);
    if (!persistent)
      return persistent.takeError();
    if (spec.cluster[1] != 1 || spec.cluster[2] != 1)
      return kernel.fail("cluster",
                         "is [" + Twine(spec.cluster[0]) + ", " +
                             Twine(spec.cluster[1]) + ", " +
                             Twine(spec.cluster[2]) +
                             "]; a persistent grid is 1-D, so clusters must "
                             "be [X, 1, 1]");
    spec.persistentGrid = *persistent;
    return Error::success();
  }
  if (grid->has("tiles"))
    return grid->fail("tiles", "is only allowed with 'persistent'");
  static constexpr StringLiteral gridAxes[] = {"x", "y", "z"};
  for (auto [index, key] : enumerate(gridAxes)) {
    Expected<GridDimSpec> dim =
        parseGridDim(*grid, key, /*optional=*/index == 2);
    if (!dim)
      return dim.takeError();
    spec.grid[index] = *dim;
  }
  return Error::success();
}

std::string resolvePath(StringRef directory, StringRef path) {
  if (sys::path::is_absolute(path))
    return path.str();
  SmallString<256> resolved(directory);
  sys::path::append(resolved, path);
  return std::string(resolved);
}

Expected<KernelSpec> parseKernel(const json::Object &object,
                                 const std::string &baseContext,
                                 StringRef directory);

/// Checks the staged copy kernel `copy` of `operand` (field `key` of
/// `staged`) against the GEMM `spec`: rank-3 memrefs for a batched GEMM,
/// rank 2 otherwise, and an operand not staged through a transpose.
Error checkStagedCopy(const JsonFieldReader &staged, StringRef key,
                      Operand operand, const KernelSpec &copy,
                      const KernelSpec &spec) {
  if (copy.matrixMove->batched != spec.stridedBatch)
    return staged.fail(
        key, "is " + copy.name + ", a copy of " +
                 (copy.matrixMove->batched ? "a batch (rank-3 parameters)"
                                           : "one matrix (rank-2 parameters)") +
                 "; the staged copies of a " +
                 (spec.stridedBatch ? "batched kernel take rank-3 memrefs"
                                    : "kernel without batches take rank-2 "
                                      "memrefs"));
  if (spec.getStagedTranspose(operand))
    return staged.fail(key, "stages an operand the kernel reads through a "
                            "staged transpose");
  return Error::success();
}

/// Parses the staged-operand kernels of `key` ("staged_transposes" or
/// "staged_copies", see KernelSpec.h): each entry is a kernel of `kind` in
/// the images of `object`, of its operand's element type.
Expected<std::vector<StagedOperandSpec>>
parseStagedKernels(const json::Object &object, const JsonFieldReader &kernel,
                   StringRef directory, const KernelSpec &spec, StringRef key,
                   KernelKind kind) {
  std::vector<StagedOperandSpec> result;
  if (!kernel.has(key))
    return std::move(result);
  Expected<JsonFieldReader> staged = kernel.getObject(key);
  if (!staged)
    return staged.takeError();
  for (Operand operand : {Operand::A, Operand::B}) {
    StringRef operandKey = getOperandName(operand);
    if (!staged->has(operandKey))
      continue;
    Expected<JsonFieldReader> entry = staged->getObject(operandKey);
    if (!entry)
      return entry.takeError();
    json::Object fields = entry->getFields();
    for (StringRef inherited : {"cubin", "ptx", "chip"})
      if (const json::Value *value = object.get(inherited))
        fields[inherited] = *value;
    Expected<KernelSpec> parsed =
        parseKernel(fields, entry->getContext(), directory);
    if (!parsed)
      return parsed.takeError();
    ElementType type = spec.getOperandType(operand);
    if (parsed->kind != kind || parsed->matrixMove->elementType != type)
      return staged->fail(
          operandKey, "must be a " + getKernelKindName(kind) + " kernel of " +
                          getElementTypeName(type) + " elements");
    if (kind == KernelKind::Copy)
      if (Error err =
              checkStagedCopy(*staged, operandKey, operand, *parsed, spec))
        return std::move(err);
    result.push_back(
        {operand, std::make_shared<const KernelSpec>(std::move(*parsed))});
  }
  return std::move(result);
}

/// Parses "whole_tile_variant" (see KernelSpec.h), whose dynamic shared
/// memory defaults to the entry's.
Error parseWholeTileVariant(const JsonFieldReader &kernel, KernelSpec &spec) {
  if (!kernel.has("whole_tile_variant"))
    return Error::success();
  Expected<JsonFieldReader> entry = kernel.getObject("whole_tile_variant");
  if (!entry)
    return entry.takeError();
  WholeTileVariantSpec variant;
  Expected<StringRef> name = entry->getString("name");
  if (!name)
    return name.takeError();
  variant.name = name->str();
  Expected<ProblemTile> divisible =
      parseProblemTile(*entry, "requires_divisible");
  if (!divisible)
    return divisible.takeError();
  variant.requiresDivisible = *divisible;
  Expected<int64_t> alignment = readMinAlignmentBytes(*entry);
  if (!alignment)
    return alignment.takeError();
  variant.minAlignmentBytes = *alignment;
  variant.dynamicSharedMemoryBytes = spec.dynamicSharedMemoryBytes;
  if (entry->has("dynamic_shared_memory_bytes")) {
    Expected<int64_t> smem =
        entry->getInteger("dynamic_shared_memory_bytes", 0, 1 << 30);
    if (!smem)
      return smem.takeError();
    variant.dynamicSharedMemoryBytes = static_cast<uint32_t>(*smem);
  }
  if (variant.name == spec.name)
    return entry->fail("name", "is the entry's own kernel");
  // It launches with the entry's parameters through cuLaunchKernel.
  if (spec.hasCluster() || spec.hasTensorMaps())
    return kernel.fail("whole_tile_variant",
                       "is only for kernels without clusters and tensor maps");
  spec.wholeTileVariant = std::move(variant);
  return Error::success();
}

Expected<KernelSpec> parseKernel(const json::Object &object,
                                 const std::string &baseContext,
                                 StringRef directory) {
  KernelSpec spec;
  Expected<StringRef> name =
      JsonFieldReader(object, baseContext).getString("name");
  if (!name)
    return name.takeError();
  spec.name = name->str();
  JsonFieldReader kernel(object, baseContext + " (" + spec.name + ")");

  if (kernel.has("kind")) {
    Expected<StringRef> kind = kernel.getString("kind");
    if (!kind)
      return kind.takeError();
    std::optional<KernelKind> parsed =
        StringSwitch<std::optional<KernelKind>>(*kind)
            .Case("gemm", KernelKind::Gemm)
            .Case("transpose", KernelKind::Transpose)
            .Case("copy", KernelKind::Copy)
            .Default(std::nullopt);
    if (!parsed)
      return kernel.fail("kind", "is '" + *kind +
                                     "', expected \"gemm\", \"transpose\" "
                                     "or \"copy\"");
    spec.kind = *parsed;
  }

  // Images: a cubin, a PTX file, or both.
  for (auto [key, path] :
       {std::pair<StringRef, std::string *>("cubin", &spec.cubinPath),
        {"ptx", &spec.ptxPath}}) {
    if (!kernel.has(key))
      continue;
    Expected<StringRef> relative = kernel.getString(key);
    if (!relative)
      return relative.takeError();
    if (relative->empty())
      return kernel.fail(key, "must not be empty");
    *path = resolvePath(directory, *relative);
  }
  if (spec.cubinPath.empty() && spec.ptxPath.empty())
    return makeBadInputError(kernel.getContext() +
                             ": needs a 'cubin' or a 'ptx' field");

  Expected<StringRef> chipName = kernel.getString("chip");
  if (!chipName)
    return chipName.takeError();
  Expected<ChipTarget> chip = parseChip(*chipName);
  if (!chip)
    return addErrorContext(chip.takeError(),
                           kernel.getContext() + ": field 'chip'");
  spec.chipName = chipName->str();
  spec.chip = *chip;

  Expected<std::array<unsigned, 3>> block = kernel.getDim3("block", 1024);
  if (!block)
    return block.takeError();
  spec.block = *block;
  if (spec.getThreadsPerBlock() > 1024)
    return kernel.fail("block", "has " + Twine(spec.getThreadsPerBlock()) +
                                    " threads; at most 1024 are allowed");
  if (kernel.has("cluster")) {
    Expected<std::array<unsigned, 3>> cluster = kernel.getDim3("cluster", 16);
    if (!cluster)
      return cluster.takeError();
    spec.cluster = *cluster;
  }
  if (kernel.has("dynamic_shared_memory_bytes")) {
    Expected<int64_t> smem =
        kernel.getInteger("dynamic_shared_memory_bytes", 0, 1 << 30);
    if (!smem)
      return smem.takeError();
    spec.dynamicSharedMemoryBytes = static_cast<uint32_t>(*smem);
  }

  if (Error err = parseGrid(kernel, spec))
    return std::move(err);
  if (spec.kind != KernelKind::Gemm) {
    if (Error err = parseMatrixMoveFields(kernel, spec))
      return std::move(err);
    return std::move(spec);
  }

  if (kernel.has("tile")) {
    Expected<ProblemTile> tile = parseProblemTile(kernel, "tile");
    if (!tile)
      return tile.takeError();
    spec.tile = *tile;
  }
  Expected<ProblemTile> divisible =
      parseProblemTile(kernel, "requires_divisible");
  if (!divisible)
    return divisible.takeError();
  spec.requiresDivisible = *divisible;

  Expected<JsonFieldReader> types = kernel.getObject("types");
  if (!types)
    return types.takeError();
  for (auto [key, type] :
       {std::pair<StringRef, ElementType *>("a", &spec.aType),
        {"b", &spec.bType},
        {"c", &spec.cType},
        {"accumulator", &spec.accumulatorType}}) {
    Expected<ElementType> parsed = parseTypeField(*types, key);
    if (!parsed)
      return parsed.takeError();
    *type = *parsed;
  }

  Expected<MatrixLayouts> layouts = readGemmLayouts(kernel);
  if (!layouts)
    return layouts.takeError();
  spec.layouts = *layouts;
  if (kernel.has("source_layouts")) {
    Expected<MatrixLayouts> source = readGemmLayouts(kernel, "source_layouts");
    if (!source)
      return source.takeError();
    // The compiler exchanged A and B: the GEMM as written is the kernel's
    // transposed problem.
    if (!(*source == getTransposedLayouts(spec.layouts)))
      return kernel.fail("source_layouts",
                         "is " + source->str() +
                             "; a kernel compiled with A and B exchanged "
                             "runs the transposed layouts of its own " +
                             spec.layouts.str() + ", " +
                             getTransposedLayouts(spec.layouts).str());
    spec.sourceLayouts = *source;
  }
  Expected<int64_t> alignment = readMinAlignmentBytes(kernel);
  if (!alignment)
    return alignment.takeError();
  spec.minAlignmentBytes = *alignment;

  if (kernel.has("math")) {
    Expected<StringRef> math = kernel.getString("math");
    if (!math)
      return math.takeError();
    if (*math != "ffma" && *math != "tensor_core")
      return kernel.fail("math", "is '" + *math +
                                     "'; expected \"ffma\" or \"tensor_core\"");
    spec.exactFp32Math = *math == "ffma";
  }

  Expected<std::vector<KernelParamSpec>> params =
      parseKernelParams(kernel, {spec.aType, spec.bType, spec.cType});
  if (!params)
    return params.takeError();
  spec.parameters = std::move(*params);
  Expected<FusedEpilogueSpec> epilogue = parseFusedEpilogue(kernel);
  if (!epilogue)
    return epilogue.takeError();
  spec.epilogue = *epilogue;
  if (Error err = checkEpilogueParams(spec.parameters, spec.epilogue,
                                      kernel.getContext()))
    return std::move(err);
  Expected<bool> batched = readStridedBatch(kernel);
  if (!batched)
    return batched.takeError();
  spec.stridedBatch = *batched;
  if (Error err = checkBatchedKernelSpec(spec, kernel.getContext()))
    return std::move(err);
  Expected<std::vector<StagedTransposeSpec>> transposes =
      parseStagedKernels(object, kernel, directory, spec, "staged_transposes",
                         KernelKind::Transpose);
  if (!transposes)
    return transposes.takeError();
  spec.stagedTransposes = std::move(*transposes);
  Expected<std::vector<StagedCopySpec>> copies = parseStagedKernels(
      object, kernel, directory, spec, "staged_copies", KernelKind::Copy);
  if (!copies)
    return copies.takeError();
  spec.stagedCopies = std::move(*copies);
  if (Error err = parseWholeTileVariant(kernel, spec))
    return std::move(err);
  if (Error err = checkSupportedTypes(spec))
    return addErrorContext(std::move(err), kernel.getContext());
  return std::move(spec);
}

} // namespace

bool KernelSpec::hasTensorMaps() const {
  return any_of(parameters, [](const KernelParamSpec &param) {
    return param.isTensorMap();
  });
}

namespace {

const StagedOperandSpec *findStaged(ArrayRef<StagedOperandSpec> staged,
                                    Operand operand) {
  for (const StagedOperandSpec &entry : staged)
    if (entry.operand == operand)
      return &entry;
  return nullptr;
}

} // namespace

const StagedTransposeSpec *
KernelSpec::getStagedTranspose(Operand operand) const {
  return findStaged(stagedTransposes, operand);
}

const StagedCopySpec *KernelSpec::getStagedCopy(Operand operand) const {
  return findStaged(stagedCopies, operand);
}

ElementType KernelSpec::getOperandType(Operand operand) const {
  switch (operand) {
  case Operand::A:
    return aType;
  case Operand::B:
    return bType;
  case Operand::C:
    return cType;
  }
  return aType;
}

Error checkSupportedTypes(const KernelSpec &spec) {
  if (spec.accumulatorType != ElementType::F32)
    return makeBadInputError("unsupported accumulator type '" +
                             getElementTypeName(spec.accumulatorType) +
                             "' (only f32 is supported)");
  if (spec.aType != spec.bType ||
      (spec.cType != spec.aType && spec.cType != ElementType::F32))
    return makeBadInputError(
        "unsupported type combination a=" + getElementTypeName(spec.aType) +
        " b=" + getElementTypeName(spec.bType) +
        " c=" + getElementTypeName(spec.cType) +
        ": a and b must have the same type and c that type or f32 (what the "
        "cuBLAS reference supports)");
  return Error::success();
}

Expected<KernelBundle> parseKernelBundle(StringRef jsonText,
                                         StringRef bundleDirectory,
                                         StringRef displayName) {
  Expected<json::Value> root = json::parse(jsonText);
  if (!root)
    return makeBadInputError(displayName +
                             ": invalid JSON: " + toString(root.takeError()));
  const json::Object *object = root->getAsObject();
  if (!object)
    return makeBadInputError(displayName + ": the top level must be an object");
  JsonFieldReader reader(*object, displayName.str());
  Expected<StringRef> format = reader.getString("format");
  if (!format)
    return format.takeError();
  if (*format != BundleFormatName)
    return reader.fail("format", "is '" + *format + "', expected '" +
                                     BundleFormatName + "'");
  Expected<const json::Value *> kernels = reader.getRequired("kernels");
  if (!kernels)
    return kernels.takeError();
  const json::Array *array = (*kernels)->getAsArray();
  if (!array || array->empty())
    return reader.fail("kernels", "must be a non-empty array");

  KernelBundle bundle;
  bundle.path = displayName.str();
  bundle.directory = bundleDirectory.str();
  for (auto [index, element] : enumerate(*array)) {
    std::string context =
        displayName.str() + ": kernels[" + std::to_string(index) + "]";
    const json::Object *kernelObject = element.getAsObject();
    if (!kernelObject)
      return makeBadInputError(context + " must be an object");
    Expected<KernelSpec> spec =
        parseKernel(*kernelObject, context, bundleDirectory);
    if (!spec)
      return spec.takeError();
    // A copy kernel only stages a GEMM's operand.
    if (spec->kind == KernelKind::Copy)
      return JsonFieldReader(*kernelObject, context + " (" + spec->name + ")")
          .fail("kind", "is \"copy\": a copy kernel belongs in the "
                        "\"staged_copies\" of the GEMM entry whose operand it "
                        "stages");
    bundle.kernels.push_back(std::move(*spec));
  }
  return std::move(bundle);
}

Expected<KernelBundle> loadKernelBundle(StringRef path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return makeBadInputError("cannot read kernel bundle '" + path +
                             "': " + buffer.getError().message());
  SmallString<256> directory(path);
  sys::path::remove_filename(directory);
  if (directory.empty())
    directory = ".";
  return parseKernelBundle((*buffer)->getBuffer(), directory, path);
}

} // namespace runtime
} // namespace gemm_opt
