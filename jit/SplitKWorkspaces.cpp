//===- SplitKWorkspaces.cpp - the split-K workspaces of a kernel ----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "jit/SplitKWorkspaces.h"

#include "runtime/KernelArguments.h"
#include "runtime/RuntimeError.h"

using namespace llvm;
using namespace gemm_opt::runtime;

namespace gemm_opt {
namespace jit {

/// Bytes of one partial sum (f32) and of one tile counter (i32).
static constexpr size_t kElementBytes = 4;

WorkspaceDevice::~WorkspaceDevice() = default;

struct SplitKWorkspaces::Workspace {
  /// Held by the Use of the launch that has the workspace.
  std::mutex mutex;
  /// Zero until allocated.
  WorkspaceAddresses addresses;
  cudaEvent_t lastUse = nullptr;
  /// lastUse has been recorded.
  bool used = false;
};

SplitKWorkspaces::SplitKWorkspaces(std::unique_ptr<WorkspaceDevice> device)
    : device(std::move(device)) {}

SplitKWorkspaces::~SplitKWorkspaces() {
  for (auto &[shape, workspace] : workspaces) {
    if (workspace->addresses.partials)
      device->release(workspace->addresses.partials);
    if (workspace->addresses.tileCounters)
      device->release(workspace->addresses.tileCounters);
    if (workspace->lastUse)
      device->destroyEvent(workspace->lastUse);
  }
}

size_t SplitKWorkspaces::size() const {
  std::lock_guard<std::mutex> guard(mutex);
  size_t allocated = 0;
  for (const auto &[shape, workspace] : workspaces)
    allocated += workspace->addresses.partials != 0;
  return allocated;
}

Expected<SplitKWorkspaces::Use>
SplitKWorkspaces::acquire(const KernelSpec &spec, const GemmShape &shape,
                          cudaStream_t stream) {
  Expected<std::optional<WorkspaceAddresses>> size =
      getSplitKWorkspaceSize(spec, shape);
  if (!size)
    return size.takeError();
  if (!*size)
    return makeBadInputError("kernel " + spec.name +
                             " takes no split_k workspace");
  Workspace *workspace;
  {
    std::lock_guard<std::mutex> guard(mutex);
    std::unique_ptr<Workspace> &slot = workspaces[{shape.m, shape.n}];
    if (!slot)
      slot = std::make_unique<Workspace>();
    workspace = slot.get();
  }
  std::unique_lock<std::mutex> lock(workspace->mutex);
  if (workspace->addresses.partials) {
    if (workspace->used)
      if (Error error = device->wait(stream, workspace->lastUse))
        return std::move(error);
    return Use(*device, *workspace, stream, std::move(lock));
  }

  // First use of the shape (or the first since an allocation failed).
  WorkspaceAddresses addresses = **size;
  size_t partialBytes = size_t(addresses.partialCount) * kElementBytes;
  size_t counterBytes = size_t(addresses.tileCount) * kElementBytes;
  Expected<uint64_t> partials = device->allocate(partialBytes);
  if (!partials)
    return partials.takeError();
  Expected<uint64_t> counters = device->allocate(counterBytes);
  if (!counters) {
    device->release(*partials);
    return counters.takeError();
  }
  Expected<cudaEvent_t> event = device->createEvent();
  if (!event) {
    device->release(*partials);
    device->release(*counters);
    return event.takeError();
  }
  // Every launch leaves the counters zero; the partial sums are written
  // before they are read.
  if (Error error = device->zero(*counters, counterBytes, stream)) {
    device->release(*partials);
    device->release(*counters);
    device->destroyEvent(*event);
    return std::move(error);
  }
  addresses.partials = *partials;
  addresses.tileCounters = *counters;
  workspace->addresses = addresses;
  workspace->lastUse = *event;
  return Use(*device, *workspace, stream, std::move(lock));
}

SplitKWorkspaces::Use::Use(WorkspaceDevice &device, Workspace &workspace,
                           cudaStream_t stream,
                           std::unique_lock<std::mutex> lock)
    : device(&device), workspace(&workspace), stream(stream),
      lock(std::move(lock)) {}

const WorkspaceAddresses &SplitKWorkspaces::Use::getAddresses() const {
  return workspace->addresses;
}

Error SplitKWorkspaces::Use::finish() {
  if (!lock.owns_lock())
    return Error::success();
  Error error = device->record(workspace->lastUse, stream);
  if (!error)
    workspace->used = true;
  lock.unlock();
  return error;
}

SplitKWorkspaces::Use::~Use() { consumeError(finish()); }

} // namespace jit
} // namespace gemm_opt
