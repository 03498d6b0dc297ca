//===- GemmShape.cpp - Problem shapes and their checks --------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmShape.h"

#include "runtime/OperandAlignment.h"
#include "runtime/OperandStaging.h"
#include "runtime/RuntimeError.h"
#include "runtime/TensorMapEncoding.h"
#include "runtime/TransposedProblem.h"

#include <limits>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

GemmShape GemmShape::get(int64_t m, int64_t n, int64_t k, int64_t lda,
                         int64_t ldb, int64_t ldc, MatrixLayouts layouts) {
  GemmShape shape;
  shape.m = m;
  shape.n = n;
  shape.k = k;
  shape.layouts = layouts;
  auto packed = [&](MatrixLayout layout, int64_t rows, int64_t cols) {
    return layout == MatrixLayout::Row ? cols : rows;
  };
  shape.lda = lda ? lda : packed(layouts.a, m, k);
  shape.ldb = ldb ? ldb : packed(layouts.b, k, n);
  shape.ldc = ldc ? ldc : packed(layouts.c, m, n);
  return shape.withBatch(1);
}

GemmShape GemmShape::withBatch(int64_t count, std::optional<int64_t> strideA,
                               std::optional<int64_t> strideB,
                               std::optional<int64_t> strideC) const {
  GemmShape shape = *this;
  shape.batch = count;
  for (auto [operand, stride] :
       {std::pair<Operand, std::optional<int64_t>>(Operand::A, strideA),
        {Operand::B, strideB},
        {Operand::C, strideC}})
    shape.getBatchStride(operand) =
        stride ? *stride : getOperandLayout(shape, operand).getMatrixSpan();
  return shape;
}

int64_t GemmShape::getBatchStride(Operand operand) const {
  return operand == Operand::A   ? batchStrideA
         : operand == Operand::B ? batchStrideB
                                 : batchStrideC;
}

int64_t &GemmShape::getBatchStride(Operand operand) {
  return operand == Operand::A   ? batchStrideA
         : operand == Operand::B ? batchStrideB
                                 : batchStrideC;
}

int64_t GemmShape::getExtent(ProblemDim dim) const {
  switch (dim) {
  case ProblemDim::M:
    return m;
  case ProblemDim::N:
    return n;
  case ProblemDim::K:
    return k;
  case ProblemDim::Batch:
    return batch;
  }
  return 0;
}

double GemmShape::getFlops() const {
  return 2.0 * static_cast<double>(m) * static_cast<double>(n) *
         static_cast<double>(k) * static_cast<double>(batch);
}

std::string GemmShape::str() const {
  std::string text =
      std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
  if (batch != 1)
    text += " batch " + std::to_string(batch);
  return text;
}

int64_t getOperandBufferElements(const GemmShape &shape, Operand operand) {
  return (shape.batch - 1) * shape.getBatchStride(operand) +
         getOperandLayout(shape, operand).getMatrixSpan();
}

std::pair<int64_t, int64_t> getLogicalExtents(const GemmShape &shape,
                                              Operand operand) {
  switch (operand) {
  case Operand::A:
    return {shape.m, shape.k};
  case Operand::B:
    return {shape.k, shape.n};
  case Operand::C:
    return {shape.m, shape.n};
  }
  return {0, 0};
}

OperandLayout getOperandLayout(const GemmShape &shape, Operand operand) {
  auto [rows, cols] = getLogicalExtents(shape, operand);
  int64_t ld = operand == Operand::A   ? shape.lda
               : operand == Operand::B ? shape.ldb
                                       : shape.ldc;
  if (shape.layouts.get(operand) == MatrixLayout::Col)
    return {cols, rows, ld};
  return {rows, cols, ld};
}

Error verifyShape(const GemmShape &shape) {
  // cuBLAS (the reference) takes 32-bit sizes and leading dimensions.
  constexpr int64_t maxExtent = std::numeric_limits<int32_t>::max();
  for (auto [name, value] : {std::pair<StringRef, int64_t>("M", shape.m),
                             {"N", shape.n},
                             {"K", shape.k}})
    if (value < 1 || value > maxExtent)
      return makeBadInputError("invalid shape: " + name + "=" + Twine(value) +
                               " (must be in [1, 2^31 - 1])");
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    // The minor extent: columns of a row-major operand, rows of a
    // column-major one.
    bool row = shape.layouts.get(operand) == MatrixLayout::Row;
    OperandLayout stored = getOperandLayout(shape, operand);
    StringRef minName = operand == Operand::A   ? (row ? "K" : "M")
                        : operand == Operand::B ? (row ? "N" : "K")
                                                : (row ? "N" : "M");
    if (stored.ld < stored.cols || stored.ld > maxExtent)
      return makeBadInputError(
          "invalid leading dimension: ld" + getOperandName(operand) + "=" +
          Twine(stored.ld) + " must be at least " + minName + "=" +
          Twine(stored.cols) + " (and below 2^31) for a " +
          getMatrixLayoutName(shape.layouts.get(operand)) + "-major " +
          getOperandName(operand).upper());
  }
  if (shape.batch < 1 || shape.batch > maxExtent)
    return makeBadInputError("invalid shape: batch count " +
                             Twine(shape.batch) +
                             " (must be in [1, 2^31 - 1])");
  constexpr uint64_t maxBufferBytes = uint64_t(1) << 40;
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    OperandLayout layout = getOperandLayout(shape, operand);
    int64_t stride = shape.getBatchStride(operand);
    std::string name = getOperandName(operand).upper();
    if (shape.batch > 1) {
      // A and B may repeat one matrix (stride 0); nothing else may overlap.
      bool broadcast = stride == 0 && operand != Operand::C;
      if (stride < 0 || (!broadcast && stride < layout.getMatrixSpan()))
        return makeBadInputError(
            "invalid batch stride: " + name + "'s is " + Twine(stride) +
            " elements; it must be at least the " +
            Twine(layout.getMatrixSpan()) +
            " elements one batch entry spans (ld" + getOperandName(operand) +
            " * its major extent)" +
            (operand == Operand::C ? "" : ", or 0 to use one matrix for every "
                                          "entry"));
    }
    // A stride past 2^40 elements alone needs over 1 TiB (and would
    // overflow the products below).
    if ((shape.batch > 1 && static_cast<uint64_t>(stride) > maxBufferBytes) ||
        static_cast<uint64_t>(getOperandBufferElements(shape, operand)) * 4 >
            maxBufferBytes)
      return makeBadInputError("invalid shape: operand " +
                               getOperandName(operand) + " would need over " +
                               "1 TiB");
  }
  return Error::success();
}

Error checkShapeSupported(const KernelSpec &spec, const GemmShape &shape) {
  if (Error err = verifyShape(shape))
    return err;
  // A kernel reads and writes its operands in the layouts it was compiled
  // for; any other layout would silently compute something else.
  for (Operand operand : {Operand::A, Operand::B, Operand::C})
    if (shape.layouts.get(operand) != spec.layouts.get(operand))
      return makeBadInputError(
          Twine("unsupported layout: kernel ") + spec.name + " takes " +
          getOperandName(operand).upper() + " " +
          getMatrixLayoutName(spec.layouts.get(operand)) +
          "-major (its bundle's \"layouts\"), but the problem's " +
          getOperandName(operand).upper() + " is " +
          getMatrixLayoutName(shape.layouts.get(operand)) + "-major" +
          (spec.epilogue.bias == EpilogueBias::None || spec.sourceLayouts
               ? "; it runs its own layouts (" + spec.layouts.str() +
                     ") and, as C^T = B^T*A^T, " +
                     getTransposedLayouts(spec.layouts).str()
               : std::string()));
  // A contiguous grouped kernel's batch is the groups of its B only.
  if (shape.batch > 1 && !spec.stridedBatch &&
      spec.grouped != GroupedLayout::Contiguous)
    return makeBadInputError(
        "unsupported batch: kernel " + spec.name +
        " computes one matrix product (it was not compiled from a batched "
        "tile.gemm on 3-D operands); batch count " +
        Twine(shape.batch) + " needs a batched kernel");
  const ProblemTile &divisible = spec.requiresDivisible;
  for (auto [name, extent, tile] :
       {std::tuple<StringRef, int64_t, int64_t>("M", shape.m, divisible.m),
        {"N", shape.n, divisible.n},
        {"K", shape.k, divisible.k}})
    if (extent % tile != 0)
      return makeBadInputError(
          "ragged shapes are not supported yet: " + name + "=" + Twine(extent) +
          " is not a multiple of the block tile " + Twine(tile) + " (kernel " +
          spec.name + " requires M % " + Twine(divisible.m) + " == 0, N % " +
          Twine(divisible.n) + " == 0, K % " + Twine(divisible.k) +
          " == 0; an mma.sync schedule with ragged = true in its "
          "#tile.pipeline takes any shape, and runs this kernel where the "
          "tiles divide it)");
  // A and B read through TMA take any pitch (OperandAlignment.h); the
  // operands the kernel accesses itself need min_alignment_bytes.
  for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
    OperandLayout layout = getOperandLayout(shape, operand);
    int64_t pitch = layout.ld * static_cast<int64_t>(getElementSize(
                                    spec.getOperandType(operand)));
    int64_t alignment = getOperandAlignmentBytes(spec, operand);
    if (pitch % alignment != 0)
      return makeBadInputError(
          "unsupported leading dimension: ld" + getOperandName(operand) + "=" +
          Twine(layout.ld) + " gives a row pitch of " + Twine(pitch) +
          " bytes, not a multiple of the kernel's min_alignment_bytes " +
          Twine(alignment) + " (" + getOperandName(operand).upper() +
          (operand == Operand::C ? " is stored" : " is loaded") +
          " by the kernel itself, not through TMA)");
    int64_t strideBytes =
        shape.getBatchStride(operand) *
        static_cast<int64_t>(getElementSize(spec.getOperandType(operand)));
    if (shape.batch > 1 && strideBytes % alignment != 0)
      return makeBadInputError(
          "unsupported batch stride: " + getOperandName(operand).upper() +
          "'s batch stride of " + Twine(shape.getBatchStride(operand)) +
          " elements is " + Twine(strideBytes) +
          " bytes, not a multiple of the kernel's min_alignment_bytes " +
          Twine(alignment) + " (" + getOperandName(operand).upper() +
          (operand == Operand::C ? " is stored" : " is loaded") +
          " by the kernel itself, not through TMA)");
  }
  // Operands whose pitch TMA cannot take are staged (OperandStaging), and
  // so are MN-major tf32 operands (through the bundle's transposes).
  if (Error err = OperandStaging::checkStagedTransposes(spec, shape))
    return err;
  return checkTensorMapsSupported(spec,
                                  OperandStaging::getTensorMapShape(spec, shape));
}

} // namespace runtime
} // namespace gemm_opt
