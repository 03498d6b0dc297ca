//===- LaunchWorkspace.cpp - a caller's split-K workspace -----------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/LaunchWorkspace.h"

#include "runtime/KernelArguments.h"
#include "runtime/RuntimeError.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

/// Bytes of one partial sum (f32) and of one tile counter (i32).
static constexpr size_t ElementBytes = 4;

size_t getTileCounterBytes(const WorkspaceAddresses &addresses) {
  return size_t(addresses.tileCount) * ElementBytes;
}

/// The counters' share of the workspace: their bytes rounded up, so that
/// the partial sums after them are aligned.
static size_t getCounterRegionBytes(const WorkspaceAddresses &addresses) {
  return alignTo(getTileCounterBytes(addresses), LaunchWorkspaceAlignment);
}

Expected<size_t> getLaunchWorkspaceSize(const KernelSpec &spec,
                                        const GemmShape &shape) {
  Expected<std::optional<WorkspaceAddresses>> size =
      getSplitKWorkspaceSize(spec, shape);
  if (!size)
    return size.takeError();
  if (!*size)
    return 0;
  return getCounterRegionBytes(**size) +
         size_t((*size)->partialCount) * ElementBytes;
}

Expected<WorkspaceAddresses>
placeLaunchWorkspace(const KernelSpec &spec, const GemmShape &shape,
                     const LaunchWorkspace &workspace) {
  Expected<std::optional<WorkspaceAddresses>> size =
      getSplitKWorkspaceSize(spec, shape);
  if (!size)
    return size.takeError();
  if (!*size)
    return WorkspaceAddresses();
  WorkspaceAddresses addresses = **size;
  size_t needed = getCounterRegionBytes(addresses) +
                  size_t(addresses.partialCount) * ElementBytes;
  uint64_t base = reinterpret_cast<uint64_t>(workspace.pointer);
  if (!base)
    return makeBadInputError("kernel " + spec.name + " needs a " +
                             Twine(needed) +
                             "-byte workspace at this shape; the one given "
                             "is null");
  if (base % LaunchWorkspaceAlignment != 0)
    return makeBadInputError("the workspace given is not " +
                             Twine(LaunchWorkspaceAlignment) + "-byte aligned");
  if (workspace.bytes < needed)
    return makeBadInputError("kernel " + spec.name + " needs a " +
                             Twine(needed) +
                             "-byte workspace at this shape; the one given "
                             "has " +
                             Twine(workspace.bytes) + " bytes");
  addresses.tileCounters = base;
  addresses.partials = base + getCounterRegionBytes(addresses);
  return addresses;
}

} // namespace jit
} // namespace gemm_opt
