//===- MatrixMoveVerifier.cpp - checks shared by tile.transpose and tile.copy ===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/MatrixMoveVerifier.h"

#include "dialect/MemoryQueries.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult gemm_opt::tile::verifyMoveScheduleShape(
    function_ref<InFlightDiagnostic()> emitError, StringRef kind,
    ArrayRef<int64_t> tile, ArrayRef<int64_t> threads) {
  if (tile.size() != 2)
    return emitError() << kind << " tile must be [TR, TC], got " << tile.size()
                       << " sizes";
  if (threads.size() != 2)
    return emitError() << kind << " threads must be [TX, TY], got "
                       << threads.size() << " sizes";
  if (llvm::any_of(tile, [](int64_t size) { return size <= 0; }))
    return emitError() << kind << " tile sizes must be positive";
  if (llvm::any_of(threads, [](int64_t size) { return size <= 0; }))
    return emitError() << kind << " thread counts must be positive";
  return success();
}

LogicalResult gemm_opt::tile::verifyMoveVector(
    function_ref<InFlightDiagnostic()> emitError, int64_t vector) {
  if (vector != 1 && vector != 2 && vector != 4 && vector != 8)
    return emitError() << "vector width must be 1, 2, 4 or 8 elements, got "
                       << vector;
  return success();
}

/// Whether `type` has unit stride in its last dimension.
static bool isRowMajor(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

LogicalResult gemm_opt::tile::verifyMovedMatrices(Operation *op,
                                                  MemRefType src,
                                                  MemRefType dst) {
  if (src.getElementType() != dst.getElementType())
    return op->emitOpError()
           << "element type of dst (" << dst.getElementType()
           << ") does not match src (" << src.getElementType() << ")";
  for (auto [name, type] : {std::pair<StringRef, MemRefType>("src", src),
                            {"dst", dst}}) {
    if (!isRowMajor(type))
      return op->emitOpError()
             << name
             << " must be row-major (strided with unit stride in the last "
                "dimension), got "
             << type;
    if (!isGlobalMemory(type))
      return op->emitOpError() << name << " must live in global memory, got "
                               << type;
  }
  if (src.getRank() != dst.getRank())
    return op->emitOpError()
           << "src and dst must both be matrices or both be batches of "
              "matrices, got rank "
           << src.getRank() << " src and rank " << dst.getRank() << " dst";
  return success();
}

FailureOr<ChipInfo> gemm_opt::tile::verifyMoveThreads(Operation *op,
                                                      StringRef chipName,
                                                      int64_t tx, int64_t ty,
                                                      int64_t vector,
                                                      Type elementType) {
  std::optional<ChipInfo> chip = lookupChip(chipName);
  if (!chip)
    return op->emitOpError() << "unknown chip '" << chipName
                             << "'; known chips: " << knownChipList();
  int64_t threads = tx * ty;
  if (threads % 32 != 0)
    return op->emitOpError()
           << "has " << threads << " threads per block (TX·TY = " << tx << "·"
           << ty << "); it must be a multiple of 32";
  if (threads > chip->maxThreadsPerBlock)
    return op->emitOpError() << "has " << threads << " threads per block; "
                             << chip->name << " allows at most "
                             << chip->maxThreadsPerBlock;
  int64_t bytes = getByteWidth(elementType);
  if (vector * bytes > 16)
    return op->emitOpError()
           << "vector of " << vector << " " << elementType << " elements is "
           << vector * bytes
           << " bytes; global accesses are at most 16 bytes";
  return *chip;
}
