//===- MatmulDatabaseChoice.h - measured schedules for matmul ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_MATMULDATABASECHOICE_H
#define GEMM_OPT_JIT_MATMULDATABASECHOICE_H

#include "jit/MatmulModule.h"
#include "tuning/TuningDatabase.h"

#include <optional>

namespace gemm_opt {

/// The measured schedule for `problem`, in this order:
///   1. an entry of its matmul class (TuningEntry::matmulClass) for its
///      shape, else the nearest one of the class in its shape bucket (each
///      of M, N and K the same power of 2, rounded);
///   2. for a single GEMM with row-major operands, gemm-tune's entry
///      (TuningDatabase::lookup) for the shape or one in its bucket.
/// Nothing where no entry fits or the entry's module does not verify for
/// the problem's operands and epilogue.
std::optional<MatmulSchedule>
chooseFromDatabase(const tuning::TuningDatabase &database,
                   const MatmulProblem &problem,
                   const jit::FusedEpilogueDescription &epilogue);

/// The shape bucket of an extent: log2, rounded.
int64_t getShapeBucket(int64_t extent);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_MATMULDATABASECHOICE_H
