//===- Workspace.cpp - split-K workspaces lent by Python ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Workspace.h"

#include "Errors.h"

#include "llvm/Support/FormatVariadic.h"

#include <nanobind/stl/tuple.h>

namespace nb = nanobind;

namespace gemm_opt::python {

/// The provider; a strong reference, never released at exit (the
/// interpreter may be gone by then).
static PyObject *provider = nullptr;

void setWorkspaceProvider(nb::handle newProvider) {
  PyObject *old = provider;
  provider = newProvider.is_none() ? nullptr : newProvider.inc_ref().ptr();
  Py_XDECREF(old);
}

std::optional<jit::LaunchWorkspace>
borrowWorkspace(int device, uintptr_t stream,
                const jit::LaunchWorkspaceSize &size) {
  if (!provider)
    return std::nullopt;
  nb::object lent = nb::borrow(provider)(device, stream, size.counterBytes,
                                         size.partialBytes);
  auto [pointer, bytes, counterRegion] =
      nb::cast<std::tuple<uintptr_t, size_t, size_t>>(lent);
  if (counterRegion < size.counterBytes ||
      bytes < counterRegion + size.partialBytes)
    throwError(ErrorClass::Error,
               llvm::formatv("the workspace provider lent {0} bytes with a "
                             "{1}-byte counter region for a launch that needs "
                             "{2} and {3}",
                             bytes, counterRegion, size.counterBytes,
                             size.partialBytes));
  jit::LaunchWorkspace workspace;
  workspace.pointer = reinterpret_cast<void *>(pointer);
  workspace.bytes = bytes;
  workspace.counterRegionBytes = counterRegion;
  return workspace;
}

} // namespace gemm_opt::python
