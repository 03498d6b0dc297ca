//===- Workspace.h - split-K workspaces lent by Python ----------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A split_k or stream_k launch needs a workspace (jit/LaunchWorkspace.h).
// Where the Python side has registered a provider (gemm_opt/_workspace.py,
// once torch is in use), it lends one per device and stream from torch's
// caching allocator: zeroed once, with a counter region that holds the
// counters of every shape, so launches leave it ready for the next one
// and no call memsets it. Without a provider, kernels use their own
// per-shape workspaces (cudaMalloc, not capturable).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PYTHON_WORKSPACE_H
#define GEMM_OPT_PYTHON_WORKSPACE_H

#include "jit/LaunchWorkspace.h"

#include <nanobind/nanobind.h>

#include <cstdint>
#include <optional>

namespace gemm_opt::python {

/// Sets the callable provider(device, stream, counter_bytes, partial_bytes)
/// -> (pointer, bytes, counter_region_bytes); None removes it.
void setWorkspaceProvider(nanobind::handle provider);

/// A workspace of at least `size` for a launch on `device` and `stream`,
/// from the provider; none without one.
std::optional<jit::LaunchWorkspace>
borrowWorkspace(int device, uintptr_t stream,
                const jit::LaunchWorkspaceSize &size);

} // namespace gemm_opt::python

#endif // GEMM_OPT_PYTHON_WORKSPACE_H
