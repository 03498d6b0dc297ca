//===- Session.h - the process-wide JIT and matmul handle -------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One JIT (behind gemm_opt.compile and the matmul chooser) and one
// MatmulHandle per process, made on first use with the options of the
// last gemm_opt.configure() (the Python side fills in the environment's).
// Every member is called with the GIL held.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_SESSION_H
#define GEMM_OPT_PYTHON_SESSION_H

#include "PlanCache.h"

#include "jit/MatmulCompiler.h"
#include "jit/MatmulHandle.h"

#include <memory>
#include <string>

namespace gemm_opt::python {

struct SessionOptions {
  /// A kernel library directory (gemm-opt-build-library); empty: none.
  std::string library;
  /// A tuning database whose measured schedules the chooser prefers;
  /// empty: the static model alone.
  std::string database;
  /// The JIT's disk cache; empty: its default (~/.cache/gemm-opt).
  std::string cacheDirectory;
  /// The chip of problems that name none; empty: the current device's.
  std::string chip;
  /// The device the static model ranks candidates for ("h200"); empty:
  /// the chip's default.
  std::string modelDevice;
  /// TMA kernels take their tensor maps as kernel parameters, so that a
  /// launch keeps no device state per argument set and any launch of a
  /// loaded kernel can be captured in a CUDA graph.
  bool tensorMapsByValue = true;
};

class Session {
public:
  /// The process's session (never destroyed: CUDA and the interpreter may
  /// be gone by the time static destructors run).
  static Session &get();

  /// Replaces the options; the JIT, the handle and the plans are made again
  /// on next use.
  void configure(SessionOptions newOptions);
  const SessionOptions &getOptions() const { return options; }

  /// Made on first use; errors (a database or library that does not load)
  /// are raised.
  const std::shared_ptr<MatmulCompiler> &getCompiler();
  const std::shared_ptr<MatmulHandle> &getHandle();
  PlanCache &getPlans() { return plans; }

private:
  Session() = default;

  SessionOptions options;
  std::shared_ptr<MatmulCompiler> compiler;
  std::shared_ptr<MatmulHandle> handle;
  PlanCache plans;
};

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_SESSION_H
