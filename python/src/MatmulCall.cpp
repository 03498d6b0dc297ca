//===- MatmulCall.cpp - tensors to a MatmulProblem ------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "MatmulCall.h"

#include "Errors.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using gemm_opt::jit::MatrixOrder;

namespace gemm_opt::python {

[[noreturn]] static void throwArgumentError(const llvm::Twine &message) {
  throwError(ErrorClass::ArgumentError, message);
}

static void checkType(const TensorOperand &operand) {
  if (operand.type == ElementType::Other)
    throwArgumentError(llvm::formatv("{0} has dtype {1}; gemm_opt takes "
                                     "bfloat16, float16 and float32",
                                     operand.name, operand.typeName));
}

static void checkMatrixRank(const TensorOperand &operand) {
  if (operand.rank < 2)
    throwArgumentError(llvm::formatv("{0} has {1} dimension; gemm_opt takes "
                                     "a matrix or a batch of matrices",
                                     operand.name, operand.rank));
}

void checkInputs(const TensorOperand &a, const TensorOperand &b) {
  checkMatrixRank(a);
  checkMatrixRank(b);
  checkType(a);
  checkType(b);
  if (a.type != b.type)
    throwArgumentError(llvm::formatv("a and b must have one dtype, got {0} "
                                     "and {1}",
                                     getTypeName(a.type), getTypeName(b.type)));
  if (a.getExtentFromEnd(1) != b.getExtentFromEnd(2))
    throwArgumentError(llvm::formatv(
        "a ({0}) and b ({1}) cannot be multiplied: a has {2} columns, b {3} "
        "rows",
        describeLayout(a), describeLayout(b), a.getExtentFromEnd(1),
        b.getExtentFromEnd(2)));
  if (a.device != b.device)
    throwArgumentError(
        llvm::formatv("a is on cuda:{0}, b on cuda:{1}", a.device, b.device));
}

namespace {
struct MatrixLayout {
  MatrixOrder order;
  int64_t ld;
};
} // namespace

/// The order and leading dimension of the last two dimensions of
/// `operand`, a rows x cols matrix: row-major where its columns have unit
/// stride, column-major where its rows do (either, for a single row or
/// column, where the other stride says which).
static MatrixLayout getMatrixLayout(const TensorOperand &operand) {
  int64_t rows = operand.getExtentFromEnd(2),
          cols = operand.getExtentFromEnd(1);
  int64_t rowStride = operand.getStrideFromEnd(2);
  int64_t colStride = operand.getStrideFromEnd(1);
  bool rowMajor =
      (cols == 1 || colStride == 1) && (rows == 1 || rowStride >= cols);
  bool columnMajor =
      (rows == 1 || rowStride == 1) && (cols == 1 || colStride >= rows);
  MatrixLayout row{MatrixOrder::RowMajor, rows == 1 ? cols : rowStride};
  MatrixLayout column{MatrixOrder::ColumnMajor, cols == 1 ? rows : colStride};
  if (rowMajor && columnMajor)
    return rowStride == 1 && colStride != 1 ? column : row;
  if (rowMajor)
    return row;
  if (columnMajor)
    return column;
  throwArgumentError(llvm::formatv(
      "{0} {1} is neither row- nor column-major: gemm_opt takes matrices "
      "with unit stride in one of their last two dimensions and the other "
      "stride at least the extent of that one (call .contiguous())",
      operand.name, describeLayout(operand)));
}

/// Entries of `operand`'s batch: its first extent if it has one.
static int64_t getBatch(const TensorOperand &operand) {
  return operand.rank == 3 ? operand.shape[0] : 1;
}

/// The batch stride of `operand` in a call of `batch` entries: none for one
/// entry, 0 for an operand broadcast to every entry.
static std::optional<int64_t> getBatchStride(const TensorOperand &operand,
                                             int64_t batch) {
  if (batch == 1)
    return std::nullopt;
  if (getBatch(operand) == 1)
    return 0;
  return operand.strides[0];
}

static void checkSameDevice(const TensorOperand &operand, int device) {
  if (operand.device != device)
    throwArgumentError(llvm::formatv("{0} is on cuda:{1}, a on cuda:{2}",
                                     operand.name, operand.device, device));
}

/// "row" or "column", from the options or the bias's length.
static std::string getBiasAlong(const TensorOperand &bias, int64_t m, int64_t n,
                                const std::string &requested) {
  if (bias.rank != 1)
    throwArgumentError(
        llvm::formatv("bias has {0} dimensions; it is a vector", bias.rank));
  int64_t length = bias.shape[0];
  if (length > 1 && bias.strides[0] != 1)
    throwArgumentError(llvm::formatv("bias has stride {0}; it must be "
                                     "contiguous",
                                     bias.strides[0]));
  if (requested == "row" || requested == "column") {
    int64_t expected = requested == "row" ? m : n;
    if (length != expected)
      throwArgumentError(llvm::formatv(
          "bias has {0} entries; a bias along the {1}s has {2} ({3} = {2})",
          length, requested, expected, requested == "row" ? "M" : "N"));
    return requested;
  }
  if (!requested.empty())
    throwArgumentError(llvm::formatv("bias_along is 'row' or 'column', got "
                                     "'{0}'",
                                     requested));
  if (length == n)
    return "column";
  if (length == m)
    return "row";
  throwArgumentError(llvm::formatv(
      "bias has {0} entries; it needs N = {1} (one per column, as "
      "nn.Linear's) or M = {2} (one per row)",
      length, n, m));
}

MatmulCall describeMatmul(const TensorOperand &a, const TensorOperand &b,
                          const TensorOperand &out, const TensorOperand *bias,
                          const TensorOperand *residual,
                          const EpilogueOptions &options) {
  checkInputs(a, b);
  checkMatrixRank(out);
  checkType(out);
  checkSameDevice(out, a.device);

  MatmulCall call;
  call.device = a.device;
  MatmulProblem &p = call.problem;
  p.m = a.getExtentFromEnd(2);
  p.k = a.getExtentFromEnd(1);
  p.n = b.getExtentFromEnd(1);
  int64_t batchA = getBatch(a), batchB = getBatch(b);
  if (batchA != batchB && batchA != 1 && batchB != 1)
    throwArgumentError(
        llvm::formatv("a has a batch of {0}, b of {1}", batchA, batchB));
  p.batch = std::max(batchA, batchB);
  int rank = std::max(a.rank, b.rank);
  if (out.rank != rank || out.getExtentFromEnd(2) != p.m ||
      out.getExtentFromEnd(1) != p.n || (rank == 3 && out.shape[0] != p.batch))
    throwArgumentError(llvm::formatv(
        "out is {0}; the product of a ({1}) and b ({2}) is {3}{4} x {5}",
        describeLayout(out), describeLayout(a), describeLayout(b),
        rank == 3 ? llvm::formatv("{0} x ", p.batch).str() : std::string(), p.m,
        p.n));

  MatrixLayout layoutA = getMatrixLayout(a), layoutB = getMatrixLayout(b),
               layoutC = getMatrixLayout(out);
  p.orderA = layoutA.order;
  p.orderB = layoutB.order;
  p.orderC = layoutC.order;
  p.lda = layoutA.ld;
  p.ldb = layoutB.ld;
  p.ldc = layoutC.ld;
  p.batchStrideA = getBatchStride(a, p.batch);
  p.batchStrideB = getBatchStride(b, p.batch);
  p.batchStrideC = getBatchStride(out, p.batch);
  if (p.batchStrideC && *p.batchStrideC == 0)
    throwArgumentError("out has batch stride 0: its entries would overwrite "
                       "each other");
  p.aType = p.bType = getTypeName(a.type);
  p.cType = getTypeName(out.type);
  p.allowTf32 = options.allowTf32 && a.type == ElementType::F32;

  MatmulEpilogue &e = call.epilogue;
  e.alpha = options.alpha;
  e.beta = options.beta;
  e.activation = options.activation;
  if (bias) {
    checkSameDevice(*bias, a.device);
    if (bias->type != out.type)
      throwArgumentError(llvm::formatv("bias has dtype {0}, out {1}; the "
                                       "bias takes out's",
                                       bias->type == ElementType::Other
                                           ? bias->typeName
                                           : getTypeName(bias->type),
                                       getTypeName(out.type)));
    e.bias = reinterpret_cast<const void *>(bias->data);
    e.biasAlong = getBiasAlong(*bias, p.m, p.n, options.biasAlong);
  }
  if (residual) {
    checkSameDevice(*residual, a.device);
    bool sameLayout = residual->rank == out.rank;
    for (int i = 0; sameLayout && i < out.rank; ++i)
      sameLayout =
          residual->shape[i] == out.shape[i] &&
          (residual->shape[i] == 1 || residual->strides[i] == out.strides[i]);
    if (!sameLayout)
      throwArgumentError(llvm::formatv("residual is {0}; it must be laid out "
                                       "like out, {1}",
                                       describeLayout(*residual),
                                       describeLayout(out)));
    if (residual->type != out.type)
      throwArgumentError("residual must have out's dtype");
    e.residual = reinterpret_cast<const void *>(residual->data);
  }

  // A batch of row-major A rows over one B into row-major C, packed: one
  // GEMM of batch x M rows (unless a bias along the rows, M entries for
  // every entry, would then need batch x M).
  if (p.batch > 1 && p.batchStrideB == 0 && p.orderA == MatrixOrder::RowMajor &&
      p.batchStrideA == p.m * p.lda && p.orderC == MatrixOrder::RowMajor &&
      p.batchStrideC == p.m * p.ldc && !(e.bias && e.biasAlong == "row")) {
    p.m *= p.batch;
    p.batch = 1;
    p.batchStrideA = p.batchStrideB = p.batchStrideC = std::nullopt;
  }
  call.a = reinterpret_cast<const void *>(a.data);
  call.b = reinterpret_cast<const void *>(b.data);
  call.c = reinterpret_cast<void *>(out.data);
  return call;
}

} // namespace gemm_opt::python
