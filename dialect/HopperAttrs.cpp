//===- HopperAttrs.cpp - structural checks of the Hopper attributes -------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Checks of #tile.warp_specialization, #tile.grid and #tile.cluster that need
// nothing but the attribute itself. How they fit the rest of the schedule and
// the chip is checked in HopperScheduleVerifier.cpp, at the op.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

using namespace mlir;
using namespace gemm_opt::tile;

/// `setmaxnreg` takes a multiple of 8 between 24 and 256.
static LogicalResult
verifyRegisterCount(function_ref<InFlightDiagnostic()> emitError,
                    StringRef name, int64_t count) {
  if (count < 24 || count > 256 || count % 8 != 0)
    return emitError() << name << " must be a multiple of 8 in [24, 256], got "
                       << count;
  return success();
}

LogicalResult
WarpSpecializationAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t producerRegisters,
                               int64_t consumerRegisters,
                               int64_t consumerGroups, bool) {
  if (failed(verifyRegisterCount(emitError, "producer_registers",
                                 producerRegisters)) ||
      failed(verifyRegisterCount(emitError, "consumer_registers",
                                 consumerRegisters)))
    return failure();
  if (consumerGroups != 1 && consumerGroups != 2)
    return emitError() << "consumer_groups must be 1 or 2, got "
                       << consumerGroups;
  // The producer gives registers up (setmaxnreg.dec) for the consumers to
  // take (setmaxnreg.inc). ptxas refuses a decrease to more registers than
  // the kernel's largest count, which the consumers' count bounds (C7406).
  if (producerRegisters > consumerRegisters)
    return emitError() << "producer_registers = " << producerRegisters
                       << " is more than consumer_registers = "
                       << consumerRegisters
                       << ": the producer gives registers to the consumers, "
                          "so it needs at most as many (e.g. 40 and 232)";
  return success();
}

LogicalResult GridAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               bool persistent, RasterOrder raster,
                               int64_t group, int64_t splitK, int64_t streamK,
                               bool streamKSpares) {
  // The kernels multiply the group by a count of tiles in 64 bits; a
  // strip wider than any grid dimension (65535 blocks) orders nothing more.
  constexpr int64_t maxGroup = 65535;
  if (group < 1 || group > maxGroup)
    return emitError() << "raster group must be in [1, " << maxGroup
                       << "], got " << group;
  // The grid's z dimension holds the splits (at most 65535 on sm_90).
  constexpr int64_t maxSplitK = 64;
  if (splitK < 1 || splitK > maxSplitK)
    return emitError() << "split_k must be in [1, " << maxSplitK << "], got "
                       << splitK;
  if (splitK > 1 && persistent)
    return emitError() << "split_k = " << splitK
                       << " needs one block per tile (persistent = false)";
  if (streamK < 0 || streamK > 2)
    return emitError() << "stream_k must be 1 or 2 (the waves balanced along "
                          "K) or spares, got "
                       << streamK;
  if (streamKSpares && streamK != 1)
    return emitError() << "stream_k = spares balances the partial last wave "
                          "only (stream_k = 1 waves), got "
                       << streamK;
  if (streamK && !persistent)
    return emitError() << "stream_k needs a persistent grid (persistent = "
                          "true)";
  if (streamK && splitK > 1)
    return emitError() << "stream_k and split_k = " << splitK
                       << " both split K: choose one";
  return success();
}

/// Blocks in a portable cluster; larger ones need an opt-in that not every
/// GPU grants.
static constexpr int64_t kMaxPortableClusterSize = 8;

LogicalResult ClusterAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, bool multicast) {
  if (shape.size() != 2)
    return emitError() << "cluster shape must be [M, N], got " << shape.size()
                       << " sizes";
  if (shape[0] < 1 || shape[1] < 1)
    return emitError() << "cluster extents must be at least 1, got ["
                       << shape[0] << ", " << shape[1] << "]";
  // Comparing each extent first keeps the product from overflowing.
  if (shape[0] > kMaxPortableClusterSize ||
      shape[1] > kMaxPortableClusterSize ||
      shape[0] * shape[1] > kMaxPortableClusterSize)
    return emitError() << "cluster [" << shape[0] << ", " << shape[1]
                       << "] exceeds the " << kMaxPortableClusterSize
                       << " blocks of a portable cluster";
  if (multicast && shape[0] * shape[1] == 1)
    return emitError() << "multicast needs a cluster of more than one block";
  return success();
}

int64_t ClusterAttr::getSize() const { return getShape()[0] * getShape()[1]; }
