//===- ProblemReference.cpp - fp64 reference of a GemmProblem -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/ProblemReference.h"

#include "runtime/ToleranceFactor.h"
#include "runtime/Validation.h"

#include "llvm/Support/Parallel.h"

namespace gemm_opt {
namespace runtime {

std::vector<OutputEntry> chooseOutputEntries(const GemmProblem &problem,
                                             int64_t allEntriesLimit,
                                             int64_t randomSamples,
                                             uint64_t seed) {
  std::vector<OutputEntry> entries;
  double total = static_cast<double>(problem.batchCount) *
                 static_cast<double>(problem.m) *
                 static_cast<double>(problem.n);
  for (int64_t batch = 0; batch < problem.batchCount; ++batch) {
    if (total <= static_cast<double>(allEntriesLimit)) {
      for (int64_t row = 0; row < problem.m; ++row)
        for (int64_t col = 0; col < problem.n; ++col)
          entries.push_back({batch, row, col});
      continue;
    }
    for (auto [row, col] :
         chooseSampleEntries(problem.m, problem.n, randomSamples,
                             seed + static_cast<uint64_t>(batch)))
      entries.push_back({batch, row, col});
  }
  return entries;
}

double applyEpilogueTail(const ProblemInputs &inputs, double value,
                         const OutputEntry &entry) {
  const Epilogue &epilogue = inputs.getProblem().epilogue;
  return applyActivation(epilogue.activation,
                         value + inputs.getBias(entry.row, entry.col)) +
         inputs.getResidual(entry.batch, entry.row, entry.col);
}

std::vector<double> computeProblemReference(const ProblemInputs &inputs,
                                            llvm::ArrayRef<OutputEntry> entries) {
  const GemmProblem &problem = inputs.getProblem();
  std::vector<double> reference(entries.size());
  llvm::parallelFor(0, entries.size(), [&](size_t index) {
    const OutputEntry &entry = entries[index];
    double sum = 0.0;
    for (int64_t k = 0; k < problem.k; ++k)
      sum += inputs.get(Operand::A, entry.batch, entry.row, k) *
             inputs.get(Operand::B, entry.batch, k, entry.col);
    double value = problem.epilogue.alpha * sum;
    if (problem.epilogue.beta != 0.0)
      value += problem.epilogue.beta *
               inputs.get(Operand::C, entry.batch, entry.row, entry.col);
    reference[index] = applyEpilogueTail(inputs, value, entry);
  });
  return reference;
}

double computeProblemToleranceFactor(const ProblemInputs &inputs,
                                     llvm::ArrayRef<OutputEntry> entries,
                                     double tolerance) {
  const GemmProblem &problem = inputs.getProblem();
  const Epilogue &epilogue = problem.epilogue;
  std::vector<CheckedOutputTerms> terms(entries.size());
  llvm::parallelFor(0, entries.size(), [&](size_t index) {
    const OutputEntry &entry = entries[index];
    double sum = 0.0, sumOfSquares = 0.0;
    for (int64_t k = 0; k < problem.k; ++k) {
      double product = epilogue.alpha *
                       inputs.get(Operand::A, entry.batch, entry.row, k) *
                       inputs.get(Operand::B, entry.batch, k, entry.col);
      sum += product;
      sumOfSquares += product * product;
    }
    if (epilogue.beta != 0.0)
      sum += epilogue.beta *
             inputs.get(Operand::C, entry.batch, entry.row, entry.col);
    CheckedOutputTerms &output = terms[index];
    output.productSquares = sumOfSquares;
    output.preActivation = sum + inputs.getBias(entry.row, entry.col);
    output.expected =
        applyActivation(epilogue.activation, output.preActivation) +
        inputs.getResidual(entry.batch, entry.row, entry.col);
  });
  return getToleranceFactor(terms, epilogue.activation, tolerance);
}

} // namespace runtime
} // namespace gemm_opt
