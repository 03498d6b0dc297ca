//===- MatmulPlanKey.cpp - what a matmul plan depends on ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulPlanKey.h"

#include "llvm/ADT/Hashing.h"

namespace gemm_opt {

size_t MatmulPlanKeyHash::operator()(const MatmulPlanKey &key) const {
  return static_cast<size_t>(llvm::hash_combine(
      llvm::hash_combine_range(key.numbers.begin(), key.numbers.end()),
      llvm::hash_value(key.names)));
}

MatmulPlanKey getPlanKey(const MatmulProblem &p,
                         const jit::FusedEpilogueDescription &form) {
  auto stride = [](const std::optional<int64_t> &s) { return s ? *s : -1; };
  MatmulPlanKey key;
  key.numbers = {p.m,
                 p.n,
                 p.k,
                 p.batch,
                 p.lda,
                 p.ldb,
                 p.ldc,
                 stride(p.batchStrideA),
                 stride(p.batchStrideB),
                 stride(p.batchStrideC),
                 static_cast<int64_t>(p.orderA),
                 static_cast<int64_t>(p.orderB),
                 static_cast<int64_t>(p.orderC),
                 p.allowTf32,
                 form.alphaBeta,
                 form.residual};
  for (const std::string *name :
       {&p.aType, &p.bType, &p.cType, &p.chip, &form.bias, &form.activation}) {
    key.names += *name;
    key.names += '\0';
  }
  return key;
}

} // namespace gemm_opt
