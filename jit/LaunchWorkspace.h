//===- LaunchWorkspace.h - a caller's split-K workspace ---------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A split_k or stream_k kernel's blocks meet in a workspace: one i32
// counter per tile of C and f32 partial sums (runtime/KernelParamSpec.h).
// GemmKernel keeps one per shape itself (SplitKWorkspaces.h), or takes the
// caller's: one allocation laid out as
//
//   [tile counters, rounded up to 256 bytes][partial sums]
//
// The counters must be zero when a launch starts, and every launch leaves
// them zero; the partial sums need no initial value. So a workspace zeroed
// once serves any number of launches at one shape (M, N). Launches at
// other shapes write partial sums where this shape may keep counters, and
// other users of the memory may write anything: zero it again before a
// launch at another shape or after another use, or ask the launch to zero
// the counters first (zeroCounters). A caller that shares one workspace
// between shapes can instead set aside a counter region that holds the
// counters of each (counterRegionBytes): the partial sums then start past
// it, no launch writes anything but zeros there, and the workspace is
// zeroed once for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_JIT_LAUNCHWORKSPACE_H
#define GEMM_OPT_JIT_LAUNCHWORKSPACE_H

#include "runtime/GemmShape.h"
#include "runtime/KernelParams.h"
#include "runtime/KernelSpec.h"
#include "llvm/Support/Error.h"

#include <cstddef>

namespace gemm_opt {
namespace jit {

/// A caller's workspace for one launch.
struct LaunchWorkspace {
  /// Device memory, 256-byte aligned; at least GemmKernel::getWorkspaceSize
  /// bytes.
  void *pointer = nullptr;
  size_t bytes = 0;
  /// Zero the tile counters on the launch's stream before the kernel
  /// (cudaMemsetAsync, which a CUDA graph captures). Costs a memset per
  /// launch; without it they must be zero already (see above).
  bool zeroCounters = false;
  /// Bytes at the start of the workspace that hold tile counters only, a
  /// multiple of LaunchWorkspaceAlignment; the partial sums start past them
  /// (or past this launch's counters, where those take more). 0: this
  /// launch's counters, rounded up.
  size_t counterRegionBytes = 0;
};

/// The two parts of a launch's workspace, each a multiple of
/// LaunchWorkspaceAlignment bytes except the partial sums' end.
struct LaunchWorkspaceSize {
  size_t counterBytes = 0; ///< The tile counters, rounded up.
  size_t partialBytes = 0; ///< The f32 partial sums.
  size_t getBytes() const { return counterBytes + partialBytes; }
};

/// Alignment of a caller's workspace and of its partial sums.
inline constexpr size_t LaunchWorkspaceAlignment = 256;

/// Bytes of the workspace `spec` takes at `shape` (0 when it takes none).
/// A stream_k grid's size depends on the current device's SM count.
llvm::Expected<size_t> getLaunchWorkspaceSize(const runtime::KernelSpec &spec,
                                              const runtime::GemmShape &shape);

/// The same, in its parts: the counters' region and the partial sums.
llvm::Expected<LaunchWorkspaceSize>
getLaunchWorkspaceParts(const runtime::KernelSpec &spec,
                        const runtime::GemmShape &shape);

/// Where the counters and partial sums of `spec` at `shape` lie in
/// `workspace`; a BadInput error when it is too small or misaligned, or its
/// counter region is not a multiple of the alignment.
llvm::Expected<runtime::WorkspaceAddresses>
placeLaunchWorkspace(const runtime::KernelSpec &spec,
                     const runtime::GemmShape &shape,
                     const LaunchWorkspace &workspace);

/// Bytes of the tile counters in `addresses`.
size_t getTileCounterBytes(const runtime::WorkspaceAddresses &addresses);

} // namespace jit
} // namespace gemm_opt

#endif // GEMM_OPT_JIT_LAUNCHWORKSPACE_H
