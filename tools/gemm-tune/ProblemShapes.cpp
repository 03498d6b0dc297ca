//===- ProblemShapes.cpp - the shapes gemm-tune plans for -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ProblemShapes.h"

#include "tuning/TuningDatabase.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace gemm_opt;
using namespace gemm_opt::tune;
using analysis::GemmShape;

std::vector<GemmShape> gemm_opt::tune::getBenchmarkShapes() {
  return {{4096, 4096, 4096}, {8192, 8192, 8192}, {8192, 8192, 1024},
          {2048, 2048, 2048}, {1024, 1024, 8192}, {128, 4096, 4096},
          {16, 4096, 4096}};
}

llvm::Expected<std::vector<GemmShape>>
gemm_opt::tune::parseShapes(llvm::StringRef text) {
  std::vector<GemmShape> benchmark = getBenchmarkShapes();
  if (text == "benchmark")
    return benchmark;
  for (llvm::StringRef name : {"large", "shallow-k", "small", "deep-k", "skinny"})
    if (text == name) {
      std::vector<GemmShape> shapes;
      for (const GemmShape &shape : benchmark)
        if (tuning::classifyShape(shape.m, shape.n, shape.k) == name)
          shapes.push_back(shape);
      return shapes;
    }
  llvm::SmallVector<llvm::StringRef, 3> parts;
  text.split(parts, 'x');
  int64_t sizes[3];
  if (parts.size() != 3)
    return llvm::createStringError(llvm::formatv(
        "'{0}' is neither MxNxK nor one of benchmark, large, shallow-k, small, "
        "deep-k, skinny",
        text));
  for (int i = 0; i < 3; ++i)
    if (parts[i].getAsInteger(10, sizes[i]) || sizes[i] <= 0)
      return llvm::createStringError(llvm::formatv(
          "'{0}': '{1}' is not a positive integer", text, parts[i]));
  // The model's range (gemm-run's): beyond it the counts of tiles and
  // FLOPs stop meaning anything.
  GemmShape shape{sizes[0], sizes[1], sizes[2]};
  if (llvm::Error error = analysis::verifyShape(shape))
    return std::move(error);
  return std::vector<GemmShape>{shape};
}
