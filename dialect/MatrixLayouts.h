//===- MatrixLayouts.h - row- and column-major operands of tile.gemm -*- C++ -*-===//
//
// The major order of each operand of tile.gemm is its memref layout, the
// MLIR way: a matrix with unit stride in its last dimension (the identity
// layout, strided<[?, 1]>) is row-major, one with unit stride in its first
// dimension (strided<[1, ?]>) is column-major. The logical shape stays
// A: M×K, B: K×N, C: M×N either way. tile-outline-kernel records the three
// orders on the kernel (passes/KernelAttributes.h), so that the lowering
// and the launch metadata read them after the memref types are gone.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_MATRIXLAYOUTS_H
#define GEMM_OPT_DIALECT_MATRIXLAYOUTS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace gemm_opt::tile {

enum class MatrixOrder { row, col };

/// "row" or "col" (the bundle metadata's spelling).
llvm::StringRef stringifyMatrixOrder(MatrixOrder order);
std::optional<MatrixOrder> parseMatrixOrder(llvm::StringRef name);

/// The major order of the 2-D `type`: row-major with unit stride in its last
/// dimension, else column-major with unit stride in its first; nullopt for
/// any other layout.
std::optional<MatrixOrder> getMatrixOrder(mlir::MemRefType type);

/// The layout of a kernel's matrix argument of `order`: strided<[?, 1],
/// offset: ?> (row) or strided<[1, ?], offset: ?> (col).
mlir::StridedLayoutAttr getDynamicMatrixLayout(mlir::MLIRContext *ctx,
                                               MatrixOrder order);

/// The major orders of A, B and C.
struct GemmLayouts {
  MatrixOrder a = MatrixOrder::row;
  MatrixOrder b = MatrixOrder::row;
  MatrixOrder c = MatrixOrder::row;

  bool isAllRowMajor() const {
    return a == MatrixOrder::row && b == MatrixOrder::row &&
           c == MatrixOrder::row;
  }
  /// "a = row, b = col, c = row", for diagnostics.
  std::string str() const;
};

/// The layouts of the operand types, or nullopt (and the failing operand's
/// name in `failing`) when one is neither row- nor column-major.
std::optional<GemmLayouts> getGemmLayouts(mlir::MemRefType a,
                                          mlir::MemRefType b,
                                          mlir::MemRefType c,
                                          llvm::StringRef *failing = nullptr);

} // namespace gemm_opt::tile

#endif // GEMM_OPT_DIALECT_MATRIXLAYOUTS_H
