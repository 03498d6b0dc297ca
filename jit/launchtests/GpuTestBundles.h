//===- GpuTestBundles.h - the bundles the GPU launch tests run --*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTBUNDLES_H
#define GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTBUNDLES_H

#include <string>
#include <vector>

namespace gemm_opt {
namespace jit {

/// The environment variable that lists bundles (":"-separated kernel.json
/// files or directories holding one).
inline constexpr const char *TestBundlesVariable =
    "GEMM_OPT_LAUNCH_TEST_BUNDLES";

/// Adds the bundles named by `entry` (a kernel.json, or a directory holding
/// one) to those the tests run.
void addTestBundle(const std::string &entry);
/// Adds those of TestBundlesVariable.
void addTestBundlesFromEnvironment();
/// The kernel.json files to run, in the order given.
const std::vector<std::string> &getTestBundles();

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_LAUNCHTESTS_GPUTESTBUNDLES_H
