//===- ScaledKernelSpec.cpp - What makes a bundle kernel an FP8 GEMM ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ScaledKernelSpec.h"

#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"

#include <array>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

bool isScaledGemm(const KernelSpec &spec) {
  return spec.kind == KernelKind::Gemm && spec.scaling.has_value();
}

bool recordsAmax(const KernelSpec &spec) {
  return llvm::any_of(spec.parameters, [](const KernelParamSpec &param) {
    return param.kind == KernelParamSpec::Kind::AmaxMemRef;
  });
}

bool takesOutputScale(const KernelSpec &spec) {
  return llvm::any_of(spec.parameters, [](const KernelParamSpec &param) {
    return param.kind == KernelParamSpec::Kind::ScaleDMemRef;
  });
}

bool hasPerEntryScales(const KernelSpec &spec, Operand operand) {
  if (!spec.scaling || (!spec.stridedBatch && !spec.grouped))
    return false;
  ScaleMode mode = operand == Operand::A ? spec.scaling->a : spec.scaling->b;
  for (const KernelParamSpec &param : spec.parameters)
    if (param.kind == KernelParamSpec::Kind::ScaleMemRef &&
        param.operand == operand)
      return param.rank == getScaleRank(mode) + 1;
  return false;
}

namespace {

/// The scale parameters of `spec` against its scaling: one of each operand,
/// of its mode's rank; none without a scaling.
Error checkScaleParams(const KernelSpec &spec, const Twine &context) {
  std::array<int, 2> count = {0, 0};
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.kind != KernelParamSpec::Kind::ScaleMemRef)
      continue;
    StringRef name = getParamOperandName(param);
    if (!spec.scaling)
      return makeBadInputError(context + ": parameters: a '" + name +
                               "' parameter, but the kernel has no "
                               "\"scaling\" (scales are for FP8 GEMMs)");
    bool isA = param.operand == Operand::A;
    ScaleMode mode = isA ? spec.scaling->a : spec.scaling->b;
    // A batched kernel's scales may be per batch entry, a grouped one's per
    // group (one more rank).
    bool batched = spec.stridedBatch || spec.grouped;
    bool perEntry = batched && param.rank == getScaleRank(mode) + 1;
    if (param.rank != getScaleRank(mode) && !perEntry)
      return makeBadInputError(
          context + ": parameters: '" + name + "' has rank " +
          Twine(param.rank) + ", but \"scaling\" has " + (isA ? "a" : "b") +
          " = " + getScaleModeName(mode) + ", whose scales are a rank-" +
          Twine(getScaleRank(mode)) + " memref" +
          (batched ? " (or rank " + Twine(getScaleRank(mode) + 1) +
                         ": one set per batch entry)"
                   : Twine()));
    if (++count[isA ? 0 : 1] > 1)
      return makeBadInputError(context + ": parameters: '" + name +
                               "' is passed twice");
  }
  if (spec.scaling)
    for (auto [index, name] :
         {std::pair<size_t, StringRef>(0, "scale_a"), {1, "scale_b"}})
      if (count[index] == 0)
        return makeBadInputError(context + ": parameters: no '" + name +
                                 "' memref, which \"scaling\" (" +
                                 spec.scaling->describe() + ") needs");
  return Error::success();
}

/// An FP8 GEMM's output parameters: scale_d exactly when C is e4m3, amax
/// at most once and only with a scaling.
Error checkOutputParams(const KernelSpec &spec, const Twine &context) {
  int scaleD = 0, amax = 0;
  for (const KernelParamSpec &param : spec.parameters) {
    bool isScaleD = param.kind == KernelParamSpec::Kind::ScaleDMemRef;
    if (!isScaleD && param.kind != KernelParamSpec::Kind::AmaxMemRef)
      continue;
    if (!spec.scaling)
      return makeBadInputError(context + ": parameters: a '" +
                               getParamOperandName(param) +
                               "' parameter, but the kernel has no "
                               "\"scaling\" (it is for FP8 GEMMs)");
    if (++(isScaleD ? scaleD : amax) > 1)
      return makeBadInputError(context + ": parameters: '" +
                               getParamOperandName(param) +
                               "' is passed twice");
  }
  bool eightBitC = isEightBitFloat(spec.cType);
  if (eightBitC && scaleD == 0)
    return makeBadInputError(context +
                             ": parameters: no 'scale_d' memref, "
                             "which an 8-bit c (" +
                             getElementTypeName(spec.cType) + ") needs");
  if (!eightBitC && scaleD > 0)
    return makeBadInputError(context +
                             ": parameters: 'scale_d' quantizes an "
                             "8-bit c, but c is " +
                             getElementTypeName(spec.cType));
  return Error::success();
}

} // namespace

Error checkScaledKernelSpec(const KernelSpec &spec, const Twine &context) {
  bool eightBitA = isEightBitFloat(spec.aType);
  bool eightBitB = isEightBitFloat(spec.bType);
  std::string types = ("a=" + getElementTypeName(spec.aType) +
                       " b=" + getElementTypeName(spec.bType))
                          .str();
  if (eightBitA != eightBitB)
    return makeBadInputError(context + ": types " + types +
                             ": an FP8 GEMM multiplies 8-bit floats by 8-bit "
                             "floats (f8E4M3FN or f8E5M2 each)");
  if (!eightBitA) {
    if (spec.scaling)
      return makeBadFieldError(context, "scaling",
                               "is for FP8 GEMMs (8-bit a and b), but the "
                               "kernel's types are " +
                                   types);
    if (Error err = checkOutputParams(spec, context))
      return err;
    return checkScaleParams(spec, context);
  }
  if (!spec.scaling)
    return makeBadInputError(
        context + ": missing required field 'scaling': an FP8 GEMM (" + types +
        ") states how its f32 scales apply, e.g. \"scaling\": {\"a\": "
        "\"tensor\", \"b\": \"tensor\"}");
  // wgmma reads 8-bit operands K-major only.
  MatrixLayouts kMajor{MatrixLayout::Row, MatrixLayout::Col, MatrixLayout::Row};
  if (!(spec.layouts == kMajor))
    return makeBadFieldError(context, "layouts",
                             "is " + spec.layouts.str() +
                                 "; an FP8 GEMM takes " + kMajor.str() +
                                 " (A and B K-major, as wgmma reads 8-bit "
                                 "operands)");
  if (spec.sourceLayouts)
    return makeBadFieldError(context, "source_layouts",
                             "is set, but an FP8 GEMM is not compiled with "
                             "A and B exchanged (their scales would be too)");
  if (spec.scaling->hasBlockScales() && spec.scaling->fastAccumulation)
    return makeBadFieldError(
        context, "scaling",
        "has block scales and \"fast_accumulation\": true; block scales "
        "multiply the partial sums of every 128 K elements, which are "
        "always added in f32");
  if (Error err = checkOutputParams(spec, context))
    return err;
  return checkScaleParams(spec, context);
}

} // namespace runtime
} // namespace gemm_opt
