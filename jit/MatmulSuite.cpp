//===- MatmulSuite.cpp - lists of matmul problems -------------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulSuite.h"

#include "runtime/BoundedFileRead.h"
#include "runtime/RuntimeError.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace gemm_opt {

using jit::MatrixOrder;

static MatmulProblem makeProblem(int64_t m, int64_t n, int64_t k,
                                 StringRef type, MatrixOrder orderB) {
  MatmulProblem p;
  p.m = m;
  p.n = n;
  p.k = k;
  bool tf32 = type == "tf32";
  p.aType = p.bType = p.cType = tf32 ? "f32" : type.str();
  p.allowTf32 = tf32;
  p.orderB = orderB;
  return p;
}

std::vector<MatmulProblem> getPublicMatmulSuite() {
  struct Weight {
    int64_t n, k;
  };
  static constexpr Weight llama8b[] = {
      {6144, 4096}, {4096, 4096}, {28672, 4096}, {4096, 14336}};
  // Llama-3-70B, then DeepSeek-V3's dense layers.
  static constexpr Weight others[] = {
      {10240, 8192}, {8192, 8192},  {57344, 8192}, {8192, 28672},
      {24576, 7168}, {7168, 16384}, {18432, 7168}, {7168, 18432}};
  static constexpr int64_t rows[] = {1, 16, 128, 512, 2048, 8192};
  std::vector<MatmulProblem> suite;
  for (StringRef type : {"bf16", "f16"})
    for (MatrixOrder orderB : {MatrixOrder::ColumnMajor, MatrixOrder::RowMajor})
      for (int64_t m : rows) {
        for (const Weight &w : llama8b)
          suite.push_back(makeProblem(m, w.n, w.k, type, orderB));
        for (const Weight &w : others)
          suite.push_back(makeProblem(m, w.n, w.k, type, orderB));
      }
  for (StringRef type : {"tf32", "f32"})
    for (int64_t m : {128, 2048, 8192})
      for (const Weight &w : llama8b)
        suite.push_back(
            makeProblem(m, w.n, w.k, type, MatrixOrder::ColumnMajor));
  return suite;
}

static std::optional<MatrixOrder> parseOrder(StringRef text) {
  if (text == "row")
    return MatrixOrder::RowMajor;
  if (text == "col")
    return MatrixOrder::ColumnMajor;
  return std::nullopt;
}

Expected<std::vector<MatmulProblem>> parseMatmulSuite(StringRef text,
                                                      StringRef name) {
  std::vector<MatmulProblem> suite;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (auto [index, rawLine] : enumerate(lines)) {
    StringRef line = rawLine.split('#').first.trim();
    if (line.empty())
      continue;
    auto bad = [&, index = index](const Twine &why) {
      return runtime::makeBadInputError(
          formatv("{0}:{1}: {2}", name, index + 1, why.str()));
    };
    SmallVector<StringRef> fields;
    SplitString(line, fields);
    if (fields.size() != 3)
      return bad("expected '<M>x<N>x<K> <type> <A layout>,<B layout>', got '" +
                 line + "'");
    SmallVector<StringRef> extents;
    fields[0].split(extents, 'x');
    int64_t m = 0, n = 0, k = 0;
    if (extents.size() != 3 || extents[0].getAsInteger(10, m) ||
        extents[1].getAsInteger(10, n) || extents[2].getAsInteger(10, k) ||
        m <= 0 || n <= 0 || k <= 0)
      return bad("'" + fields[0] + "' is not <M>x<N>x<K> of positive integers");
    StringRef type = fields[1];
    if (type != "bf16" && type != "f16" && type != "f32" && type != "tf32")
      return bad("type '" + type + "' is not bf16, f16, f32 or tf32");
    auto [layoutA, layoutB] = fields[2].split(',');
    std::optional<MatrixOrder> orderA = parseOrder(layoutA);
    std::optional<MatrixOrder> orderB = parseOrder(layoutB);
    if (!orderA || !orderB)
      return bad("layouts '" + fields[2] + "' are not <row|col>,<row|col>");
    MatmulProblem problem = makeProblem(m, n, k, type, *orderB);
    problem.orderA = *orderA;
    suite.push_back(std::move(problem));
  }
  return suite;
}

Expected<std::vector<MatmulProblem>> loadMatmulSuite(StringRef path) {
  if (path == "public")
    return getPublicMatmulSuite();
  Expected<std::unique_ptr<MemoryBuffer>> text =
      runtime::readBoundedRegularFile(
          path, "matmul suite", runtime::kMaxBundleJsonBytes, /*isText=*/true);
  if (!text)
    return text.takeError();
  return parseMatmulSuite((*text)->getBuffer(), path);
}

std::string formatSuiteLine(const MatmulProblem &p) {
  return formatv("{0}x{1}x{2} {3} {4},{5}", p.m, p.n, p.k,
                 p.allowTf32 ? std::string("tf32") : p.aType,
                 getOrderName(p.orderA), getOrderName(p.orderB))
      .str();
}

} // namespace gemm_opt
