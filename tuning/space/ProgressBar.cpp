//===- ProgressBar.cpp - a one-line progress bar on a terminal ------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "ProgressBar.h"

using namespace gemm_opt::tune;

ProgressBar::ProgressBar(llvm::raw_ostream &os, std::string label,
                         int64_t total)
    : os(os), label(std::move(label)), total(total),
      enabled(os.is_displayed() && total > 0) {
  if (enabled)
    draw();
}

ProgressBar::~ProgressBar() {
  if (enabled)
    os << "\r\033[K";
  os.flush();
}

void ProgressBar::advance(int64_t steps) {
  std::lock_guard<std::mutex> lock(mutex);
  done += steps;
  if (enabled)
    draw();
}

void ProgressBar::draw() {
  constexpr int64_t width = 40;
  int64_t filled = total ? done * width / total : width;
  os << "\r" << label << " [" << std::string(filled, '#')
     << std::string(width - filled, '.') << "] " << done << "/" << total;
  os.flush();
}
