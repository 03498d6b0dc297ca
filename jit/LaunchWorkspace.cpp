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

#include <algorithm>

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

/// The workspace of `spec` at `shape` laid out from `base`: the counters,
/// then, past `counterRegion` bytes or the counters' own region where that
/// is larger, the partial sums; none when the kernel takes none.
static Expected<std::optional<WorkspaceAddresses>>
layOut(const KernelSpec &spec, const GemmShape &shape, uint64_t base,
       size_t counterRegion) {
  Expected<std::optional<WorkspaceAddresses>> laidOut =
      getSplitKWorkspaceSize(spec, shape);
  if (laidOut && *laidOut) {
    (*laidOut)->tileCounters = base;
    (*laidOut)->partials =
        base + std::max(getCounterRegionBytes(**laidOut), counterRegion);
  }
  return laidOut;
}

/// Bytes from the counters to the end of the partial sums.
static size_t getWorkspaceBytes(const WorkspaceAddresses &addresses) {
  return addresses.partials - addresses.tileCounters +
         size_t(addresses.partialCount) * ElementBytes;
}

Expected<LaunchWorkspaceSize> getLaunchWorkspaceParts(const KernelSpec &spec,
                                                      const GemmShape &shape) {
  Expected<std::optional<WorkspaceAddresses>> laidOut =
      layOut(spec, shape, 0, 0);
  if (!laidOut)
    return laidOut.takeError();
  if (!*laidOut)
    return LaunchWorkspaceSize();
  return LaunchWorkspaceSize{getCounterRegionBytes(**laidOut),
                             size_t((*laidOut)->partialCount) * ElementBytes};
}

Expected<size_t> getLaunchWorkspaceSize(const KernelSpec &spec,
                                        const GemmShape &shape) {
  Expected<LaunchWorkspaceSize> parts = getLaunchWorkspaceParts(spec, shape);
  if (!parts)
    return parts.takeError();
  return parts->getBytes();
}

Expected<WorkspaceAddresses>
placeLaunchWorkspace(const KernelSpec &spec, const GemmShape &shape,
                     const LaunchWorkspace &workspace) {
  uint64_t base = reinterpret_cast<uint64_t>(workspace.pointer);
  if (workspace.counterRegionBytes % LaunchWorkspaceAlignment != 0)
    return makeBadInputError("the workspace's counter region (" +
                             Twine(workspace.counterRegionBytes) +
                             " bytes) is not a multiple of " +
                             Twine(LaunchWorkspaceAlignment) + " bytes");
  Expected<std::optional<WorkspaceAddresses>> laidOut =
      layOut(spec, shape, base, workspace.counterRegionBytes);
  if (!laidOut)
    return laidOut.takeError();
  if (!*laidOut)
    return WorkspaceAddresses();
  size_t needed = getWorkspaceBytes(**laidOut);
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
  return **laidOut;
}

} // namespace jit
} // namespace gemm_opt
