//===- GroupedCublasLtLoop.cpp - Per-group cuBLASLt FP8 matmuls -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedCublasLtLoop.h"

#include "runtime/KernelSpec.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<GroupedCublasLtLoop>
GroupedCublasLtLoop::plan(const KernelSpec &spec, const GroupedProblem &routing,
                          const GroupedScales &scales, const void *a,
                          const void *b, void *c, cudaStream_t stream) {
  GroupedCublasLtLoop loop;
  GemmTypes types{spec.aType, spec.bType, spec.cType};
  MatrixLayouts layouts;
  layouts.b = MatrixLayout::Col;
  size_t aElement = getElementSize(spec.aType);
  size_t bElement = getElementSize(spec.bType);
  size_t cElement = getElementSize(spec.cType);
  bool masked = routing.layout == GroupedLayout::Masked;
  for (int64_t group = 0; group < routing.groups; ++group) {
    int64_t rows = routing.groupRows[static_cast<size_t>(group)];
    if (rows == 0)
      continue;
    int64_t base = routing.getRowBase(group);
    GemmShape shape =
        GemmShape::get(rows, routing.n, routing.k, 0, 0, 0, layouts);
    HostScales groupScales = scales.groupScales(group, masked ? 0 : base, rows);
    const auto *groupA =
        static_cast<const char *>(a) + base * routing.k * aElement;
    const auto *groupB =
        static_cast<const char *>(b) + group * routing.n * routing.k * bElement;
    auto *groupC = static_cast<char *>(c) + base * routing.n * cElement;
    Expected<CublasLtScaledMatmulPlan> planned = CublasLtScaledMatmul::plan(
        shape, types, groupScales, CublasLtScaledMatmulOptions(), groupA,
        groupB, groupC, stream);
    if (!planned)
      return planned.takeError();
    if (!planned->matmul) {
      loop.matmuls.clear();
      loop.refusal = ("cuBLASLt has no FP8 matmul with " +
                      spec.scaling->describe() + " for group " + Twine(group) +
                      " (" + Twine(rows) + " x " + Twine(routing.n) + " x " +
                      Twine(routing.k) + "): " + planned->refusal)
                         .str();
      return std::move(loop);
    }
    if (loop.matmuls.empty())
      loop.scaleModes = planned->matmul->getScaleModes();
    loop.matmuls.push_back(std::move(*planned->matmul));
  }
  return std::move(loop);
}

Error GroupedCublasLtLoop::run() {
  for (CublasLtScaledMatmul &matmul : matmuls)
    if (Error err = matmul.run())
      return err;
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
