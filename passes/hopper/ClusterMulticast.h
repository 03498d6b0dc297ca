//===- ClusterMulticast.h - a block's place in a thread-block cluster -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The pieces of a warp-specialized wgmma kernel that involve the other
// blocks of its cluster: where the block sits in the cluster, the multicast
// masks of the blocks sharing its A rows and its B columns, arrivals on
// their "empty" barriers, and the cluster-wide barrier.
//
// A cluster of clusterM × clusterN blocks computes a clusterM × clusterN
// patch of C tiles. Block (i, j) of the patch has rank j + i·clusterN (its
// %cluster_ctarank: the 2-D grid launches clusters of (clusterN, clusterM)
// blocks along (x, y), the persistent 1-D grid numbers them the same way).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_HOPPER_CLUSTERMULTICAST_H
#define GEMM_OPT_PASSES_HOPPER_CLUSTERMULTICAST_H

#include "passes/hopper/HopperKernelPlan.h"

namespace gemm_opt {

/// The block's row and column in its cluster's patch (index values).
struct ClusterPosition {
  mlir::Value row, column;

  /// Reads the position from %cluster_ctarank.
  static ClusterPosition get(mlir::OpBuilder &b, mlir::Location loc,
                             const HopperKernelPlan &plan);

  /// The i16 multicast mask of the blocks in this block's cluster row: they
  /// compute the same rows of C and share A's tile.
  mlir::Value rowMask(mlir::OpBuilder &b, mlir::Location loc,
                      const HopperKernelPlan &plan) const;
  /// The i16 mask of the blocks in this block's cluster column, which share
  /// B's tile.
  mlir::Value columnMask(mlir::OpBuilder &b, mlir::Location loc,
                         const HopperKernelPlan &plan) const;

  /// One arrival on barrier `stage` of `barriers` in every block whose
  /// producer multicasts into this block (its cluster row and column, this
  /// block included): those producers may refill the stage once all of
  /// their receivers have released it.
  void arriveOnSenders(mlir::OpBuilder &b, mlir::Location loc,
                       const HopperKernelPlan &plan, mlir::Value barriers,
                       mlir::Value stage) const;
};

/// Arrivals an "empty" barrier of a multicasting kernel counts per use: one
/// per consumer warpgroup of every block it sends to.
int64_t emptyBarrierArrivals(const HopperKernelPlan &plan);

/// barrier.cluster.arrive (release) + wait (acquire) by every thread that
/// has not exited: makes the barriers' initialization visible to the
/// cluster before anyone multicasts, and keeps a block's shared memory alive
/// until its peers are done with it.
void synchronizeCluster(mlir::OpBuilder &b, mlir::Location loc);

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_HOPPER_CLUSTERMULTICAST_H
