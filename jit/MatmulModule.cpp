//===- MatmulModule.cpp - a matmul problem as a schedule module -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/MatmulModule.h"

#include "compiler/ScheduleCompilation.h"
#include "jit/ScheduleDescription.h"

using namespace llvm;

namespace gemm_opt {

using jit::MatrixOrder;

static MatrixOrder flip(MatrixOrder order) {
  return order == MatrixOrder::RowMajor ? MatrixOrder::ColumnMajor
                                        : MatrixOrder::RowMajor;
}

std::string renderMatmulModule(const MatmulProblem &problem,
                               const jit::FusedEpilogueDescription &epilogue,
                               const std::string &schedule, bool transposed,
                               const std::string &name) {
  jit::ScheduleDescription what;
  what.name = jit::isSymbolName(name) ? name : "matmul";
  what.aType = transposed ? problem.bType : problem.aType;
  what.bType = transposed ? problem.aType : problem.bType;
  what.cType = problem.cType;
  MatrixOrder a = transposed ? flip(problem.orderB) : problem.orderA;
  MatrixOrder b = transposed ? flip(problem.orderA) : problem.orderB;
  MatrixOrder c = transposed ? flip(problem.orderC) : problem.orderC;
  what.aLayout = getOrderName(a);
  what.bLayout = getOrderName(b);
  what.cLayout = getOrderName(c);
  what.batched = problem.batch > 1;
  what.fused = epilogue;
  return jit::renderGemmModule(what, schedule);
}

bool verifiesMatmulModule(const std::string &module, std::string &why) {
  Expected<std::unique_ptr<ScheduleCompilation>> parsed =
      ScheduleCompilation::parse(module, "matmul");
  if (parsed)
    return true;
  why = toString(parsed.takeError());
  return false;
}

} // namespace gemm_opt
