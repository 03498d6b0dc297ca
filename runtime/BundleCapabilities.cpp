//===- BundleCapabilities.cpp - What a bundle kernel declares it runs -----===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BundleCapabilities.h"

#include "runtime/OperandAlignment.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

std::string LayoutSet::str() const {
  if (row && col)
    return "row|col";
  return row ? "row" : col ? "col" : "none";
}

ElementType KernelCapabilities::getType(Operand operand) const {
  return operand == Operand::A ? aType : operand == Operand::B ? bType : cType;
}

bool KernelCapabilities::supportsBias(BiasKind bias) const {
  switch (bias) {
  case BiasKind::None:
    return !rowBias && !colBias;
  case BiasKind::Row:
    return rowBias;
  case BiasKind::Col:
    return colBias;
  }
  return false;
}

KernelCapabilities getKernelCapabilities(const KernelSpec &spec) {
  KernelCapabilities capabilities;
  capabilities.kernelName = spec.name;
  capabilities.aType = spec.aType;
  capabilities.bType = spec.bType;
  capabilities.cType = spec.cType;
  capabilities.requiresDivisible = spec.requiresDivisible;
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    capabilities.alignmentBytes[static_cast<size_t>(operand)] =
        getOperandAlignmentBytes(spec, operand);
  // A kernel compiled with A and B exchanged claims problems of the GEMM as
  // written, the kernel's transposed ones: M and N, A and B exchanged.
  if (spec.sourceLayouts) {
    std::swap(capabilities.requiresDivisible.m,
              capabilities.requiresDivisible.n);
    std::swap(capabilities.alignmentBytes[0], capabilities.alignmentBytes[1]);
  }
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    LayoutSet &set = capabilities.layouts[static_cast<size_t>(operand)];
    // The layouts of the GEMM as compiled: a kernel compiled with A and B
    // exchanged runs them as its transposed problem (ProblemRun.h).
    (spec.getSourceLayouts().get(operand) == MatrixLayout::Row ? set.row
                                                                : set.col) =
        true;
  }
  const FusedEpilogueSpec &epilogue = spec.epilogue;
  if (epilogue.hasFusedOperations())
    capabilities.fusedEpilogue = epilogue.describe();
  capabilities.anyAlpha = capabilities.anyBeta = epilogue.alphaBeta;
  capabilities.rowBias = getProblemBias(epilogue.bias) == BiasKind::Row;
  capabilities.colBias = getProblemBias(epilogue.bias) == BiasKind::Col;
  // The kernel's bias per column of C^T is one per row of C, and back.
  if (spec.sourceLayouts)
    std::swap(capabilities.rowBias, capabilities.colBias);
  capabilities.activation = epilogue.activation;
  capabilities.residual = epilogue.residual;
  capabilities.stridedBatch = spec.stridedBatch;
  return capabilities;
}

BiasKind getProblemBias(EpilogueBias bias) {
  // The problem model names a bias by its shape: a row vector (N entries,
  // one per column of C) is BiasKind::Row, the kernel's `bias = column`.
  switch (bias) {
  case EpilogueBias::None:
    return BiasKind::None;
  case EpilogueBias::Row:
    return BiasKind::Col;
  case EpilogueBias::Column:
    return BiasKind::Row;
  }
  return BiasKind::None;
}

Epilogue getProblemEpilogue(const FusedEpilogueSpec &epilogue, double alpha,
                            double beta) {
  Epilogue problem;
  if (epilogue.alphaBeta) {
    problem.alpha = alpha;
    problem.beta = beta;
  }
  problem.bias = getProblemBias(epilogue.bias);
  problem.activation = epilogue.activation;
  problem.residual = epilogue.residual;
  return problem;
}

std::vector<KernelCapabilities>
getBundleCapabilities(const KernelBundle &bundle) {
  std::vector<KernelCapabilities> result;
  for (const KernelSpec &spec : bundle.kernels)
    result.push_back(getKernelCapabilities(spec));
  return result;
}

namespace {
std::string formatTypes(ElementType a, ElementType b, ElementType c) {
  return ("a=" + getElementTypeName(a) + " b=" + getElementTypeName(b) +
          " c=" + getElementTypeName(c))
      .str();
}

std::string formatEpilogueValue(double value) {
  std::string text;
  raw_string_ostream(text) << format("%g", value);
  return text;
}

/// The epilogue features `problem` uses that the kernel lacks, or "".
std::string findMissingEpilogue(const KernelCapabilities &capabilities,
                                const Epilogue &epilogue) {
  SmallVector<std::string, 4> missing;
  if (epilogue.alpha != 1.0 && !capabilities.anyAlpha)
    missing.push_back("alpha=" + formatEpilogueValue(epilogue.alpha));
  if (epilogue.beta != 0.0 && !capabilities.anyBeta)
    missing.push_back("beta=" + formatEpilogueValue(epilogue.beta));
  if (!capabilities.supportsBias(epilogue.bias))
    missing.push_back(epilogue.bias == BiasKind::None
                          ? std::string("no bias (it adds one)")
                          : ("a " + getBiasKindName(epilogue.bias) + " bias")
                                .str());
  if (!capabilities.supportsActivation(epilogue.activation))
    missing.push_back(epilogue.activation == EpilogueActivation::None
                          ? std::string("no activation (it applies one)")
                          : getEpilogueActivationName(epilogue.activation).str());
  if (epilogue.residual != capabilities.residual)
    missing.push_back(epilogue.residual ? "a residual"
                                        : "no residual (it adds one)");
  return join(missing, ", ");
}

/// The first view property of `problem` that breaks the alignment, or "".
std::string findMisalignment(const KernelCapabilities &capabilities,
                             const GemmProblem &problem) {
  // "the offset of a (3 elements, 6 bytes) is not a multiple of 16 bytes",
  // or "" where `elements` of `type` are a multiple of `alignment` bytes.
  auto misalignment = [](StringRef what, StringRef name, int64_t elements,
                         ElementType type, int64_t alignment) -> std::string {
    int64_t bytes = elements * static_cast<int64_t>(getElementSize(type));
    if (bytes % alignment == 0)
      return "";
    return (Twine("the ") + what + " of " + name + " (" + Twine(elements) +
            " elements, " + Twine(bytes) + " bytes) is not a multiple of " +
            Twine(alignment) + " bytes")
        .str();
  };
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    int64_t alignment =
        capabilities.alignmentBytes[static_cast<size_t>(operand)];
    const OperandView &view = problem.getView(operand);
    for (auto [what, elements, applies] :
         {std::tuple<StringRef, int64_t, bool>("offset", view.offset, true),
          {"leading dimension", view.ld, true},
          {"batch stride", view.batchStride, problem.batchCount > 1}}) {
      if (!applies)
        continue;
      std::string found = misalignment(what, getOperandName(operand), elements,
                                       view.type, alignment);
      if (!found.empty())
        return found;
    }
  }
  // The residual takes C's leading dimension and batch stride (checked
  // above) at an offset of its own. It needs min_alignment_bytes like C
  // (which is never staged, so C's alignment is exactly that;
  // OperandAlignment.h): the kernel's threads load it where TMA cannot.
  if (problem.epilogue.residual)
    return misalignment(
        "offset", "the residual", problem.residualOffset, problem.c.type,
        capabilities.alignmentBytes[static_cast<size_t>(Operand::C)]);
  return "";
}
} // namespace

SmallVector<CapabilityGap>
findCapabilityGaps(const KernelCapabilities &capabilities,
                   const GemmProblem &problem) {
  SmallVector<CapabilityGap> gaps;
  std::string kernel = "kernel " + capabilities.kernelName;
  if (problem.a.type != capabilities.aType ||
      problem.b.type != capabilities.bType ||
      problem.c.type != capabilities.cType)
    gaps.push_back(
        {RefusalReason::Types,
         "types " + formatTypes(problem.a.type, problem.b.type, problem.c.type) +
             " differ from the " +
             formatTypes(capabilities.aType, capabilities.bType,
                         capabilities.cType) +
             " of " + kernel});
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    MatrixLayout layout = problem.getView(operand).layout;
    const LayoutSet &set = capabilities.layouts[static_cast<size_t>(operand)];
    if (!set.contains(layout)) {
      gaps.push_back({RefusalReason::Layout,
                      (getMatrixLayoutName(layout) + "-major " +
                       getOperandName(operand) + " is not supported by " +
                       kernel + ", which takes " + getOperandName(operand) +
                       " " + set.str())
                          .str()});
      break;
    }
  }
  if (problem.batchCount > 1 && !capabilities.stridedBatch)
    gaps.push_back({RefusalReason::Batch,
                    "batch count " + std::to_string(problem.batchCount) +
                        " needs a strided-batch kernel; " + kernel +
                        " runs one batch entry (its metadata declares no "
                        "\"batch\": {\"strided\": true})"});
  std::string missingEpilogue =
      findMissingEpilogue(capabilities, problem.epilogue);
  if (!missingEpilogue.empty())
    gaps.push_back({RefusalReason::Epilogue,
                    "epilogue " + missingEpilogue + " is not supported by " +
                        kernel + " (not declared in its \"epilogue\")"});
  std::string misalignment = findMisalignment(capabilities, problem);
  if (!misalignment.empty())
    gaps.push_back({RefusalReason::Alignment,
                    misalignment + ", the min_alignment_bytes of " + kernel +
                        " (the runtime stages only A and B of TMA kernels)"});
  const ProblemTile &tile = capabilities.requiresDivisible;
  if (problem.m % tile.m != 0 || problem.n % tile.n != 0 ||
      problem.k % tile.k != 0)
    gaps.push_back({RefusalReason::Divisibility,
                    "shape " + problem.getShapeString() +
                        " is not divisible by the tile " +
                        std::to_string(tile.m) + "x" + std::to_string(tile.n) +
                        "x" + std::to_string(tile.k) + " of " + kernel});
  return gaps;
}

Error checkCapabilities(const KernelCapabilities &capabilities,
                        const GemmProblem &problem) {
  SmallVector<CapabilityGap> gaps = findCapabilityGaps(capabilities, problem);
  if (gaps.empty())
    return Error::success();
  return makeRefusal(gaps.front().reason, gaps.front().message);
}

} // namespace runtime
} // namespace gemm_opt
