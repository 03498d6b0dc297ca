//===- MatrixMoveMetadata.cpp - launch metadata of transpose and copy kernels ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "compiler/MatrixMoveMetadata.h"

#include "dialect/MemoryQueries.h"

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

static StringRef elementTypeName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  return "f32"; // the ops' verifiers allow nothing else
}

namespace {
/// What a transpose or copy schedule says about its launch.
struct MatrixMoveLaunch {
  StringRef kind;
  int64_t threads, tileRows, tileCols, vector, sharedBytes;
  /// Whether grid x runs along src's rows (a copy) or its columns (a
  /// transpose).
  bool rowsAlongX;
};
} // namespace

static llvm::json::Object describeMatrixMove(const MatrixMoveLaunch &launch,
                                             Type elementType, bool batched) {
  int64_t rank = batched ? 3 : 2;
  auto operand = [&](StringRef name) {
    return llvm::json::Object{
        {"kind", "memref"}, {"operand", name}, {"rank", rank}};
  };
  llvm::json::Value gridZ =
      batched ? llvm::json::Value(llvm::json::Object{{"extent", "batch"},
                                                     {"tile", 1}})
              : llvm::json::Value(1);
  llvm::json::Object alongRows{{"extent", "m"}, {"tile", launch.tileRows}};
  llvm::json::Object alongCols{{"extent", "n"}, {"tile", launch.tileCols}};
  llvm::json::Object grid =
      launch.rowsAlongX
          ? llvm::json::Object{{"x", std::move(alongRows)},
                               {"y", std::move(alongCols)},
                               {"z", std::move(gridZ)}}
          : llvm::json::Object{{"x", std::move(alongCols)},
                               {"y", std::move(alongRows)},
                               {"z", std::move(gridZ)}};
  StringRef type = elementTypeName(elementType);
  return llvm::json::Object{
      {"kind", launch.kind},
      {"block", llvm::json::Array{launch.threads, 1, 1}},
      {"cluster", llvm::json::Array{1, 1, 1}},
      {"dynamic_shared_memory_bytes", launch.sharedBytes},
      {"grid", std::move(grid)},
      {"tile", llvm::json::Object{{"m", launch.tileRows},
                                  {"n", launch.tileCols}}},
      {"types", llvm::json::Object{{"src", type}, {"dst", type}}},
      {"layouts", llvm::json::Object{{"src", "row"}, {"dst", "row"}}},
      // Any pointer aligned to the element works; vector-wide accesses are
      // used where pointers and leading dimensions allow.
      {"min_alignment_bytes", getByteWidth(elementType)},
      {"vector_elements", launch.vector},
      {"parameters", llvm::json::Array{operand("src"), operand("dst")}},
  };
}

llvm::json::Object
gemm_opt::describeTransposeKernel(TransposeScheduleAttr schedule,
                                  Type elementType, bool batched) {
  return describeMatrixMove(
      {"transpose", schedule.getThreadCount(), schedule.getTileRows(),
       schedule.getTileCols(), schedule.getVector(),
       schedule.getSharedMemoryBytes(elementType), /*rowsAlongX=*/false},
      elementType, batched);
}

llvm::json::Object gemm_opt::describeCopyKernel(CopyScheduleAttr schedule,
                                                Type elementType,
                                                bool batched) {
  return describeMatrixMove({"copy", schedule.getThreadCount(),
                             schedule.getTileRows(), schedule.getTileCols(),
                             schedule.getVector(), /*sharedBytes=*/0,
                             /*rowsAlongX=*/true},
                            elementType, batched);
}
