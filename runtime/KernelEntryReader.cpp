//===- KernelEntryReader.cpp - a bundle kernel entry as a KernelSpec ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelEntryReader.h"

#include "runtime/BatchedKernelSpec.h"
#include "runtime/BoundedFileRead.h"
#include "runtime/GroupedKernelSpec.h"
#include "runtime/MatrixMoveSpec.h"
#include "runtime/RuntimeError.h"
#include "runtime/ScaledKernelSpec.h"
#include "runtime/TransposedProblem.h"
#include "runtime/bundle/LaunchDigest.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

ProblemTile readProblemTile(const bundle::ProblemTile &tile) {
  return ProblemTile{tile.m, tile.n, tile.k.value_or(1)};
}

/// One x/y/z axis; the schema checked the extent's name and the counts.
GridDimSpec readGridDim(const std::optional<bundle::GridDim> &dim) {
  GridDimSpec spec;
  if (!dim)
    return spec;
  if (!dim->extent) {
    spec.constant = dim->constant;
    return spec;
  }
  spec.isConstant = false;
  spec.extent = StringSwitch<ProblemDim>(*dim->extent)
                    .Case("n", ProblemDim::N)
                    .Case("k", ProblemDim::K)
                    .Case("batch", ProblemDim::Batch)
                    .Default(ProblemDim::M);
  spec.tile = dim->tile;
  return spec;
}

Error readGrid(const bundle::Grid &grid, KernelSpec &spec,
               const Twine &context) {
  if (!grid.persistent) {
    spec.grid = {readGridDim(grid.x), readGridDim(grid.y),
                 readGridDim(grid.z)};
    return Error::success();
  }
  if (spec.cluster[1] != 1 || spec.cluster[2] != 1)
    return makeBadFieldError(context, "cluster",
                             "is [" + Twine(spec.cluster[0]) + ", " +
                                 Twine(spec.cluster[1]) + ", " +
                                 Twine(spec.cluster[2]) +
                                 "]; a persistent grid is 1-D, so clusters "
                                 "must be [X, 1, 1]");
  PersistentGridSpec persistent;
  persistent.ctasPerSm = grid.persistent->ctasPerSm;
  persistent.streamK = grid.persistent->streamK.value_or(false);
  persistent.tileM = grid.tiles->m;
  persistent.tileN = grid.tiles->n;
  if (persistent.streamK)
    persistent.tileK = *grid.tiles->k;
  persistent.perBatchEntry = grid.tiles->batch.has_value();
  spec.persistentGrid = persistent;
  return Error::success();
}

MatrixLayouts readGemmLayouts(const bundle::GemmLayouts &layouts) {
  return MatrixLayouts{*parseMatrixLayout(layouts.a),
                       *parseMatrixLayout(layouts.b),
                       *parseMatrixLayout(layouts.c)};
}

/// Checks the staged copy kernel `copy` of `operand` (field `key` of
/// "staged_copies") against the GEMM `spec`: rank-3 memrefs for a batched
/// GEMM, rank 2 otherwise, and an operand not staged through a transpose.
Error checkStagedCopy(const Twine &context, StringRef key, Operand operand,
                      const KernelSpec &copy, const KernelSpec &spec) {
  if (copy.matrixMove->batched != spec.stridedBatch)
    return makeBadFieldError(
        context, key,
        "is " + copy.name + ", a copy of " +
            (copy.matrixMove->batched ? "a batch (rank-3 parameters)"
                                      : "one matrix (rank-2 parameters)") +
            "; the staged copies of a " +
            (spec.stridedBatch ? "batched kernel take rank-3 memrefs"
                               : "kernel without batches take rank-2 "
                                 "memrefs"));
  if (spec.getStagedTranspose(operand))
    return makeBadFieldError(context, key,
                             "stages an operand the kernel reads through a "
                             "staged transpose");
  return Error::success();
}

/// Reads the staged-operand kernels of `key` ("staged_transposes" or
/// "staged_copies", see KernelSpec.h): each is a kernel of `kind` in the
/// images of `entry`, of its operand's element type.
Expected<std::vector<StagedOperandSpec>>
readStagedKernels(const bundle::KernelEntry &entry,
                  ArrayRef<bundle::StagedKernel> staged, StringRef directory,
                  const KernelSpec &spec, StringRef key, KernelKind kind,
                  const Twine &context) {
  std::vector<StagedOperandSpec> result;
  std::string stagedContext = (context + ": field '" + key + "'").str();
  for (const bundle::StagedKernel &stagedKernel : staged) {
    Operand operand = stagedKernel.operand == "a" ? Operand::A : Operand::B;
    // It shares the GEMM entry's images and chip.
    bundle::KernelEntry kernel = stagedKernel.kernel;
    kernel.chip = entry.chip;
    kernel.cubin = entry.cubin;
    kernel.ptx = entry.ptx;
    Expected<KernelSpec> parsed = readKernelEntry(
        kernel, directory, stagedContext + ": field '" + stagedKernel.operand +
                               "'");
    if (!parsed)
      return parsed.takeError();
    ElementType type = spec.getOperandType(operand);
    if (parsed->kind != kind || parsed->matrixMove->elementType != type)
      return makeBadFieldError(stagedContext, stagedKernel.operand,
                               "must be a " + getKernelKindName(kind) +
                                   " kernel of " + getElementTypeName(type) +
                                   " elements");
    if (kind == KernelKind::Copy)
      if (Error err = checkStagedCopy(stagedContext, stagedKernel.operand,
                                      operand, *parsed, spec))
        return std::move(err);
    result.push_back(
        {operand, std::make_shared<const KernelSpec>(std::move(*parsed))});
  }
  return std::move(result);
}

/// Reads "whole_tile_variant" (see KernelSpec.h), whose dynamic shared
/// memory defaults to the entry's.
Error readWholeTileVariant(const bundle::WholeTileVariant &entry,
                           KernelSpec &spec, const Twine &context) {
  WholeTileVariantSpec variant;
  variant.name = entry.name;
  variant.requiresDivisible = readProblemTile(entry.requiresDivisible);
  variant.minAlignmentBytes = entry.minAlignmentBytes;
  variant.dynamicSharedMemoryBytes = static_cast<uint32_t>(
      entry.dynamicSharedMemoryBytes.value_or(spec.dynamicSharedMemoryBytes));
  if (variant.name == spec.name)
    return makeBadFieldError(context + ": field 'whole_tile_variant'", "name",
                             "is the entry's own kernel");
  // It launches with the entry's parameters through cuLaunchKernel.
  if (spec.hasCluster() || spec.hasTensorMaps())
    return makeBadFieldError(
        context, "whole_tile_variant",
        "is only for kernels without clusters and tensor maps");
  spec.wholeTileVariant = std::move(variant);
  return Error::success();
}

/// The fields of a GEMM entry.
Error readGemmFields(const bundle::KernelEntry &entry, StringRef directory,
                     KernelSpec &spec, const Twine &context) {
  const bundle::GemmFields &gemm = *entry.gemm;
  if (entry.tile)
    spec.tile = readProblemTile(*entry.tile);
  spec.requiresDivisible = readProblemTile(gemm.requiresDivisible);
  spec.aType = *parseElementType(gemm.types.a);
  spec.bType = *parseElementType(gemm.types.b);
  spec.cType = *parseElementType(gemm.types.c);
  spec.accumulatorType = *parseElementType(gemm.types.accumulator);
  spec.layouts = readGemmLayouts(gemm.layouts);
  if (gemm.sourceLayouts) {
    MatrixLayouts source = readGemmLayouts(*gemm.sourceLayouts);
    // The compiler exchanged A and B: the GEMM as written is the kernel's
    // transposed problem.
    if (!(source == getTransposedLayouts(spec.layouts)))
      return makeBadFieldError(
          context, "source_layouts",
          "is " + source.str() +
              "; a kernel compiled with A and B exchanged runs the "
              "transposed layouts of its own " +
              spec.layouts.str() + ", " +
              getTransposedLayouts(spec.layouts).str());
    spec.sourceLayouts = source;
  }
  spec.minAlignmentBytes = entry.minAlignmentBytes;
  spec.exactFp32Math = gemm.math == "ffma";

  // docs/design/grouped-gemm.md; the schema checked the name.
  if (gemm.grouped)
    spec.grouped = parseGroupedLayout(*gemm.grouped);
  Expected<std::vector<KernelParamSpec>> params = readKernelParams(
      entry.parameters, {spec.aType, spec.bType, spec.cType}, context);
  if (!params)
    return params.takeError();
  spec.parameters = std::move(*params);
  spec.epilogue = readFusedEpilogue(gemm.epilogue);
  if (Error err = checkEpilogueParams(spec.parameters, spec.epilogue, context))
    return err;
  spec.stridedBatch = gemm.batch && gemm.batch->strided.value_or(false);
  // A contiguous grouped kernel mixes rank-2 A and C with a rank-3 B,
  // which checkGroupedKernelSpec checks instead.
  if (spec.grouped != GroupedLayout::Contiguous)
    if (Error err = checkBatchedKernelSpec(spec, context))
      return err;

  spec.scaling = readScaling(gemm.scaling);
  if (Error err = checkScaledKernelSpec(spec, context))
    return err;
  if (Error err = checkGroupedKernelSpec(spec, context))
    return err;
  Expected<std::vector<StagedTransposeSpec>> transposes =
      readStagedKernels(entry, gemm.stagedTransposes, directory, spec,
                        "staged_transposes", KernelKind::Transpose, context);
  if (!transposes)
    return transposes.takeError();
  spec.stagedTransposes = std::move(*transposes);
  Expected<std::vector<StagedCopySpec>> copies =
      readStagedKernels(entry, gemm.stagedCopies, directory, spec,
                        "staged_copies", KernelKind::Copy, context);
  if (!copies)
    return copies.takeError();
  spec.stagedCopies = std::move(*copies);
  if (gemm.wholeTileVariant)
    if (Error err = readWholeTileVariant(*gemm.wholeTileVariant, spec, context))
      return err;
  if (Error err = checkSupportedTypes(spec))
    return addErrorContext(std::move(err), context);
  return Error::success();
}

} // namespace

Expected<KernelSpec> readKernelEntry(const bundle::KernelEntry &entry,
                                     StringRef directory,
                                     const Twine &baseContext) {
  KernelSpec spec;
  spec.name = entry.name;
  spec.launchDigest = bundle::computeLaunchDigest(entry);
  std::string context = (baseContext + " (" + spec.name + ")").str();
  spec.kind = entry.getKind();

  // Images: a cubin, a PTX file, or both.
  // Images name files beside the bundle, nothing outside its directory.
  auto resolve = [&](StringRef key, const std::optional<std::string> &name,
                     std::string &resolved) -> Error {
    if (!name)
      return Error::success();
    Expected<std::string> path =
        resolveBundlePath(directory, *name, context, key);
    if (!path)
      return path.takeError();
    resolved = std::move(*path);
    return Error::success();
  };
  if (Error error = resolve("cubin", entry.cubin, spec.cubinPath))
    return std::move(error);
  if (Error error = resolve("ptx", entry.ptx, spec.ptxPath))
    return std::move(error);
  if (spec.cubinPath.empty() && spec.ptxPath.empty())
    return makeBadInputError(context + ": needs a 'cubin' or a 'ptx' field");

  if (!entry.chip)
    return makeBadInputError(context + ": missing required field 'chip'");
  Expected<ChipTarget> chip = parseChip(*entry.chip);
  if (!chip)
    return addErrorContext(chip.takeError(), context + ": field 'chip'");
  spec.chipName = *entry.chip;
  spec.chip = *chip;

  for (size_t i = 0; i < 3; ++i)
    spec.block[i] = static_cast<unsigned>(entry.block[i]);
  if (spec.getThreadsPerBlock() > 1024)
    return makeBadFieldError(context, "block",
                             "has " + Twine(spec.getThreadsPerBlock()) +
                                 " threads; at most 1024 are allowed");
  if (entry.cluster)
    for (size_t i = 0; i < 3; ++i)
      spec.cluster[i] = static_cast<unsigned>((*entry.cluster)[i]);
  spec.dynamicSharedMemoryBytes =
      static_cast<uint32_t>(entry.dynamicSharedMemoryBytes.value_or(0));

  if (Error err = readGrid(entry.grid, spec, context))
    return std::move(err);
  if (spec.kind != KernelKind::Gemm) {
    if (Error err = readMatrixMoveFields(entry, spec, context))
      return std::move(err);
    return std::move(spec);
  }
  if (Error err = readGemmFields(entry, directory, spec, context))
    return std::move(err);
  return std::move(spec);
}

} // namespace runtime
} // namespace gemm_opt
