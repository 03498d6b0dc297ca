//===- SpaceOptions.h - which candidates the tuner's space holds -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_TUNING_SPACE_SPACEOPTIONS_H
#define GEMM_OPT_TUNING_SPACE_SPACEOPTIONS_H

#include <string>
#include <vector>

namespace gemm_opt::tune {

/// Which candidates to enumerate and the device the model times them on
/// (empty: the chip's default).
struct SpaceOptions {
  std::string chip, device;
  std::vector<std::string> dtypes, families;
};

} // namespace gemm_opt::tune

#endif // GEMM_OPT_TUNING_SPACE_SPACEOPTIONS_H
