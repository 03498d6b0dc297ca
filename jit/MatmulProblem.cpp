//===- MatmulProblem.cpp - a GEMM as gemm_opt::matmul takes it ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulProblem.h"

#include "runtime/RuntimeError.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace gemm_opt {

using jit::MatrixOrder;

const char *getOrderName(MatrixOrder order) {
  return order == MatrixOrder::RowMajor ? "row" : "col";
}

jit::FusedEpilogueDescription getEpilogueForm(const MatmulEpilogue &epilogue) {
  jit::FusedEpilogueDescription form;
  form.alphaBeta = epilogue.alpha != 1.0f || epilogue.beta != 0.0f;
  form.bias = epilogue.bias ? epilogue.biasAlong : "none";
  form.activation = epilogue.activation;
  form.residual = epilogue.residual != nullptr;
  return form;
}

static std::string describeEpilogue(const jit::FusedEpilogueDescription &f) {
  std::string text;
  if (f.alphaBeta)
    text += "+alpha_beta";
  if (f.bias != "none")
    text += "+bias_" + f.bias;
  if (f.activation != "none")
    text += "+" + f.activation;
  if (f.residual)
    text += "+residual";
  return text.empty() ? "none" : text.substr(1);
}

std::string getKernelClass(const MatmulProblem &p,
                           const jit::FusedEpilogueDescription &epilogue) {
  return formatv("{0} a={1}:{2} b={3}:{4} c={5}:{6}{7} {8} epilogue={9}",
                 p.chip, p.aType, getOrderName(p.orderA), p.bType,
                 getOrderName(p.orderB), p.cType, getOrderName(p.orderC),
                 p.allowTf32 ? " tf32" : "", p.batch > 1 ? "batched" : "single",
                 describeEpilogue(epilogue))
      .str();
}

/// The minor extent of an operand of `rows` x `cols` in `order`.
static int64_t getMinorExtent(MatrixOrder order, int64_t rows, int64_t cols) {
  return order == MatrixOrder::RowMajor ? cols : rows;
}

static int64_t getMajorExtent(MatrixOrder order, int64_t rows, int64_t cols) {
  return order == MatrixOrder::RowMajor ? rows : cols;
}

Error checkMatmulProblem(const MatmulProblem &p,
                         const MatmulEpilogue &epilogue) {
  using runtime::makeBadInputError;
  if (p.m <= 0 || p.n <= 0 || p.k <= 0 || p.batch <= 0)
    return makeBadInputError(formatv(
        "matmul: M, N, K and batch must be positive, got {0}x{1}x{2} batch {3}",
        p.m, p.n, p.k, p.batch));
  constexpr int64_t limit = (int64_t(1) << 31) - 1;
  if (p.m > limit || p.n > limit || p.k > limit)
    return makeBadInputError(
        formatv("matmul: M, N and K must be below 2^31, got {0}x{1}x{2}", p.m,
                p.n, p.k));
  static constexpr StringLiteral types[] = {"bf16", "f16", "f32"};
  for (auto [name, type] : {std::pair<StringRef, StringRef>{"A", p.aType},
                            {"B", p.bType},
                            {"C", p.cType}})
    if (!is_contained(types, type))
      return makeBadInputError(formatv(
          "matmul: {0}'s type '{1}' is not bf16, f16 or f32", name, type));
  if (p.aType != p.bType)
    return makeBadInputError(
        formatv("matmul: A and B must have one type, got {0} and {1}", p.aType,
                p.bType));
  if (p.allowTf32 && p.aType != "f32")
    return makeBadInputError(
        formatv("matmul: tf32 math needs f32 A and B, got {0}", p.aType));
  static constexpr StringLiteral activations[] = {"none", "relu", "gelu_tanh",
                                                  "gelu_erf", "silu"};
  if (!is_contained(activations, epilogue.activation))
    return makeBadInputError(
        formatv("matmul: unknown activation '{0}' (none, relu, gelu_tanh, "
                "gelu_erf, silu)",
                epilogue.activation));
  if (epilogue.bias && epilogue.biasAlong != "row" &&
      epilogue.biasAlong != "column")
    return makeBadInputError(
        formatv("matmul: the bias runs along 'row' or 'column', got '{0}'",
                epilogue.biasAlong));

  struct Operand {
    const char *name;
    MatrixOrder order;
    int64_t rows, cols, ld;
    const std::optional<int64_t> &batchStride;
  };
  for (const Operand &o :
       {Operand{"A", p.orderA, p.m, p.k, p.lda, p.batchStrideA},
        Operand{"B", p.orderB, p.k, p.n, p.ldb, p.batchStrideB},
        Operand{"C", p.orderC, p.m, p.n, p.ldc, p.batchStrideC}}) {
    int64_t minor = getMinorExtent(o.order, o.rows, o.cols);
    if (o.ld != 0 && o.ld < minor)
      return makeBadInputError(formatv(
          "matmul: ld{0} = {1} is below {2}, the {3}-major {4}'s minor extent",
          StringRef(o.name).lower(), o.ld, minor, getOrderName(o.order),
          o.name));
    int64_t span =
        (o.ld ? o.ld : minor) * getMajorExtent(o.order, o.rows, o.cols);
    if (o.batchStride && p.batch > 1 && *o.batchStride < span &&
        *o.batchStride != 0)
      return makeBadInputError(formatv(
          "matmul: {0}'s batch stride {1} is below one matrix ({2} elements)",
          o.name, *o.batchStride, span));
    if (o.batchStride && *o.batchStride < 0)
      return makeBadInputError(
          formatv("matmul: {0}'s batch stride {1} is negative", o.name,
                  *o.batchStride));
  }
  return Error::success();
}

jit::GemmArguments getGemmArguments(const MatmulProblem &p, const void *a,
                                    const void *b, void *c,
                                    const MatmulEpilogue &epilogue) {
  jit::GemmArguments args;
  args.a = a;
  args.b = b;
  args.c = c;
  args.m = p.m;
  args.n = p.n;
  args.k = p.k;
  args.orderA = p.orderA;
  args.orderB = p.orderB;
  args.orderC = p.orderC;
  args.lda = p.lda ? p.lda : getMinorExtent(p.orderA, p.m, p.k);
  args.ldb = p.ldb ? p.ldb : getMinorExtent(p.orderB, p.k, p.n);
  args.ldc = p.ldc ? p.ldc : getMinorExtent(p.orderC, p.m, p.n);
  args.alpha = epilogue.alpha;
  args.beta = epilogue.beta;
  args.bias = epilogue.bias;
  args.residual = epilogue.residual;
  args.batch = p.batch;
  if (p.batch > 1) {
    args.batchStrideA =
        p.batchStrideA.value_or(args.lda * getMajorExtent(p.orderA, p.m, p.k));
    args.batchStrideB =
        p.batchStrideB.value_or(args.ldb * getMajorExtent(p.orderB, p.k, p.n));
    args.batchStrideC =
        p.batchStrideC.value_or(args.ldc * getMajorExtent(p.orderC, p.m, p.n));
  }
  return args;
}

double getShapeLogDistance(int64_t m, int64_t n, int64_t k, int64_t otherM,
                           int64_t otherN, int64_t otherK) {
  double dm = std::log2(double(m) / double(otherM));
  double dn = std::log2(double(n) / double(otherN));
  double dk = std::log2(double(k) / double(otherK));
  return dm * dm + dn * dn + dk * dk;
}

jit::GemmArguments
getProbeArguments(const MatmulProblem &problem,
                  const jit::FusedEpilogueDescription &form) {
  // Distinct, 1 MiB-aligned addresses: every alignment check passes.
  auto address = [](uintptr_t slot) {
    return reinterpret_cast<void *>(slot << 20);
  };
  MatmulEpilogue epilogue;
  epilogue.alpha = form.alphaBeta ? 2.0f : 1.0f;
  epilogue.bias = form.bias != "none" ? address(4) : nullptr;
  epilogue.biasAlong = form.bias;
  epilogue.activation = form.activation;
  epilogue.residual = form.residual ? address(5) : nullptr;
  return getGemmArguments(problem, address(1), address(2), address(3),
                          epilogue);
}

} // namespace gemm_opt
