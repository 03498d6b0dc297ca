//===- ProgressBar.h - a one-line progress bar on a terminal ----*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_PROGRESSBAR_H
#define GEMM_OPT_TUNING_SPACE_PROGRESSBAR_H

#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <string>

namespace gemm_opt::tune {

/// Redraws "label [#####.....] done/total" in place on `os`, but only when
/// `os` is a terminal; otherwise it prints nothing, so piped and logged
/// output stays clean. Thread-safe.
class ProgressBar {
public:
  ProgressBar(llvm::raw_ostream &os, std::string label, int64_t total);
  ~ProgressBar();
  void advance(int64_t steps = 1);

private:
  void draw();
  llvm::raw_ostream &os;
  std::string label;
  int64_t total, done = 0;
  bool enabled;
  std::mutex mutex;
};

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_PROGRESSBAR_H
