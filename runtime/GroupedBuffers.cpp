//===- GroupedBuffers.cpp - The device side of a grouped problem ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/GroupedBuffers.h"
#include "runtime/GroupRouting.h"
#include "runtime/GroupedScales.h"
#include "runtime/ScaledKernelSpec.h"

#include <utility>
#include <vector>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Expected<GroupedBuffers>
createGroupedBuffers(const KernelSpec &spec, const GroupedProblem &problem,
                     const HostMatrix &hostA, const HostMatrix &hostB,
                     const GroupedScales *scales, bool withReference) {
  bool masked = problem.layout == GroupedLayout::Masked;
  int64_t aRows = masked ? problem.groups * problem.rows : problem.rows;
  GroupedBuffers buffers;
  buffers.guardRows = masked ? 0 : GroupedGuardRows;
  buffers.cRows = aRows + 2 * buffers.guardRows;
  size_t cElement = getElementSize(spec.cType);
  size_t cBytes = static_cast<size_t>(buffers.cRows * problem.n) * cElement;
  size_t guardBytes =
      static_cast<size_t>(buffers.guardRows * problem.n) * cElement;

  auto upload = [](DeviceBuffer &buffer, const void *host,
                   size_t bytes) -> Error {
    Expected<DeviceBuffer> uploaded = DeviceBuffer::upload(host, bytes);
    if (!uploaded)
      return uploaded.takeError();
    buffer = std::move(*uploaded);
    return Error::success();
  };
  auto allocate = [](DeviceBuffer &buffer, size_t bytes) -> Error {
    if (bytes == 0)
      return Error::success();
    Expected<DeviceBuffer> allocated = DeviceBuffer::allocate(bytes);
    if (!allocated)
      return allocated.takeError();
    buffer = std::move(*allocated);
    return Error::success();
  };

  if (Error err = upload(buffers.a, hostA.data(), hostA.getSizeInBytes()))
    return std::move(err);
  if (Error err = upload(buffers.b, hostB.data(), hostB.getSizeInBytes()))
    return std::move(err);
  if (Error err = allocate(buffers.c, cBytes))
    return std::move(err);
  buffers.cAddress = buffers.c.getAddress() + guardBytes;
  std::vector<int32_t> operand =
      getGroupOperand(problem.layout, problem.groupRows);
  if (Error err = upload(buffers.groups, operand.data(),
                         operand.size() * sizeof(int32_t)))
    return std::move(err);
  if (scales) {
    std::vector<float> packedA = scales->pack(/*isA=*/true);
    std::vector<float> packedB = scales->pack(/*isA=*/false);
    if (Error err = upload(buffers.scaleA, packedA.data(),
                           packedA.size() * sizeof(float)))
      return std::move(err);
    if (Error err = upload(buffers.scaleB, packedB.data(),
                           packedB.size() * sizeof(float)))
      return std::move(err);
  }

  // An e4m3 C's scale_d and the amax of D (one f32 each, one for all
  // groups), and the reference loop's amax of each group.
  bool amax = recordsAmax(spec);
  if (Error err = allocate(buffers.scaleD,
                           isEightBitFloat(spec.cType) ? sizeof(float) : 0))
    return std::move(err);
  if (Error err = allocate(buffers.amax, amax ? sizeof(float) : 0))
    return std::move(err);
  if (Error err =
          allocate(buffers.referenceAmaxes,
                   amax && withReference
                       ? static_cast<size_t>(problem.groups) * sizeof(float)
                       : 0))
    return std::move(err);
  if (withReference) {
    if (Error err = allocate(buffers.reference, cBytes))
      return std::move(err);
    buffers.referenceAddress = buffers.reference.getAddress() + guardBytes;
  }
  return std::move(buffers);
}

} // namespace runtime
} // namespace gemm_opt
