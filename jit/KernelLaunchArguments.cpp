//===- KernelLaunchArguments.cpp - GemmArguments as a kernel takes them ---===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/KernelLaunchArguments.h"

#include "runtime/TransposedProblem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

MatrixLayout getMatrixLayout(MatrixOrder order) {
  return order == MatrixOrder::RowMajor ? MatrixLayout::Row : MatrixLayout::Col;
}

/// The major orders of the caller's operands.
static MatrixLayouts getLayouts(const GemmArguments &args) {
  return {getMatrixLayout(args.orderA), getMatrixLayout(args.orderB),
          getMatrixLayout(args.orderC)};
}

bool runsTransposed(const KernelSpec &spec, const GemmArguments &args) {
  return !spec.scaling && !spec.grouped &&
         runtime::runsTransposed(spec, getLayouts(args));
}

GemmArguments getKernelArguments(const KernelSpec &spec, GemmArguments args) {
  if (runsTransposed(spec, args))
    std::swap(args.a, args.b);
  return args;
}

GemmShape getKernelShape(const KernelSpec &spec, const GemmArguments &args) {
  // A grouped GEMM's batch is its groups (B's batch extent; a masked A's
  // and C's too).
  GemmShape shape =
      GemmShape::get(args.m, args.n, args.k, args.lda, args.ldb, args.ldc,
                     getLayouts(args))
          .withBatch(spec.grouped ? args.groups : args.batch, args.batchStrideA,
                     args.batchStrideB, args.batchStrideC);
  return runsTransposed(spec, args) ? getTransposedProblem(shape) : shape;
}

OperandAddresses getOperandAddresses(const GemmArguments &args) {
  auto address = [](const void *pointer) {
    return reinterpret_cast<uint64_t>(pointer);
  };
  OperandAddresses addresses{address(args.a),      address(args.b),
                             address(args.c),      address(args.scaleA),
                             address(args.scaleB), address(args.scaleD),
                             address(args.amax)};
  // At most one of them is set (checkGroupedArguments).
  addresses.groups =
      args.groupRows ? address(args.groupRows) : address(args.groupOffsets);
  return addresses;
}

EpilogueArguments getEpilogueArguments(const GemmArguments &args) {
  return {args.alpha, args.beta, reinterpret_cast<uint64_t>(args.bias),
          reinterpret_cast<uint64_t>(args.residual)};
}

std::string formatAddress(const void *pointer) {
  std::string text;
  llvm::raw_string_ostream(text)
      << llvm::format_hex(reinterpret_cast<uint64_t>(pointer), 0);
  return text;
}

} // namespace jit
} // namespace gemm_opt
