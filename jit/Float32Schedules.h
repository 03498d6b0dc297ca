//===- Float32Schedules.h - schedules for f32 matmul problems ---*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_FLOAT32SCHEDULES_H
#define GEMM_OPT_JIT_FLOAT32SCHEDULES_H

#include "jit/MatmulModule.h"

#include <vector>

namespace gemm_opt {

/// The schedules an f32 problem may take, the tuner's candidate space
/// having no f32 type: tf32 wgmma ones with allowTf32, else the SIMT ones
/// of bench/schedules/, and where the tiles fill under half a wave of an
/// H200's SMs, a split-K variant whose blocks fill one. The first is the
/// default for the shape: for tf32 the largest block tile of which the
/// problem has a full wave, else the one with the most blocks; for SIMT
/// the rule in Float32Schedules.cpp. The others are alternatives to
/// measure. Their `module` is left empty.
std::vector<MatmulSchedule> getFloat32Schedules(const MatmulProblem &problem);

} // namespace gemm_opt

#endif // GEMM_OPT_JIT_FLOAT32SCHEDULES_H
