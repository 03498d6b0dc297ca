//===- ScheduleChooser.cpp - picking a schedule for a problem -------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/ScheduleChooser.h"

namespace gemm_opt {
namespace jit {

ScheduleChooser::~ScheduleChooser() = default;

llvm::Expected<std::string>
RequestedScheduleChooser::chooseSchedule(const ProblemDescription &,
                                         llvm::StringRef requested) const {
  return requested.str();
}

} // namespace jit
} // namespace gemm_opt
