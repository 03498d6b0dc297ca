//===- ScheduleInspection.h - PTX and the static model of text --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What a Kernel object shows besides its cubin: the PTX (the JIT's cache
// keeps the cubin only, so the schedule is lowered again, with the JIT's
// settings, on first request) and the static model's report. Both parse
// the schedule text in an MLIRContext of their own; diagnostics become
// CompileError. Called with the GIL released.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_SCHEDULEINSPECTION_H
#define GEMM_OPT_PYTHON_SCHEDULEINSPECTION_H

#include "jit/JitOptions.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace gemm_opt::python {

/// The PTX the JIT with `options` assembles for `text` (named `name`).
llvm::Expected<std::string> lowerScheduleToPtx(llvm::StringRef text,
                                               llvm::StringRef name,
                                               const jit::JitOptions &options);

/// tile-analyze-schedule's JSON report on `text` (analysis/ModuleReport.h)
/// as text: on `device` (empty: the chip's default), predicted at
/// M x N x K unless all three are 0.
llvm::Expected<std::string>
analyzeScheduleText(llvm::StringRef text, llvm::StringRef name,
                    llvm::StringRef device, int64_t m, int64_t n, int64_t k);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_SCHEDULEINSPECTION_H
