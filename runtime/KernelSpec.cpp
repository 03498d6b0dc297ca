//===- KernelSpec.cpp - Kernel bundle metadata ----------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/KernelSpec.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/KernelEntryReader.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
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
  if (isEightBitFloat(spec.aType) && isEightBitFloat(spec.bType)) {
    if (spec.aType == ElementType::F8E5M2 && spec.bType == ElementType::F8E5M2)
      return makeBadInputError(
          "unsupported type combination a=f8E5M2 b=f8E5M2: cuBLASLt, the "
          "reference of FP8 GEMMs, multiplies f8E5M2 only by f8E4M3FN (make "
          "a or b f8E4M3FN)");
    if (spec.cType == ElementType::F8E5M2)
      return makeBadInputError("unsupported c type f8E5M2: an FP8 GEMM writes "
                               "8-bit outputs as f8E4M3FN");
    return Error::success();
  }
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
  Expected<bundle::Bundle> parsed = bundle::parseBundle(jsonText);
  if (!parsed)
    return makeBadInputError(displayName + ": " +
                             toString(parsed.takeError()));
  KernelBundle result;
  result.path = displayName.str();
  result.directory = bundleDirectory.str();
  for (auto [index, entry] : enumerate(parsed->kernels)) {
    std::string context =
        (displayName + ": kernels[" + Twine(index) + "]").str();
    Expected<KernelSpec> spec = readKernelEntry(entry, bundleDirectory, context);
    if (!spec)
      return spec.takeError();
    // A copy kernel only stages a GEMM's operand.
    if (spec->kind == KernelKind::Copy)
      return makeBadFieldError(context + " (" + spec->name + ")", "kind",
                               "is \"copy\": a copy kernel belongs in the "
                               "\"staged_copies\" of the GEMM entry whose "
                               "operand it stages");
    result.kernels.push_back(std::move(*spec));
  }
  return std::move(result);
}

Expected<KernelBundle> loadKernelBundle(StringRef path) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer = readBoundedRegularFile(
      path, "kernel bundle", kMaxBundleJsonBytes, /*isText=*/true);
  if (!buffer)
    return buffer.takeError();
  SmallString<256> directory(path);
  sys::path::remove_filename(directory);
  if (directory.empty())
    directory = ".";
  return parseKernelBundle((*buffer)->getBuffer(), directory, path);
}

} // namespace runtime
} // namespace gemm_opt
