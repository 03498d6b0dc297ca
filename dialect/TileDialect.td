//===- TileDialect.td - the tile dialect -------------------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tile dialect states a GEMM and the schedule that maps it onto a GPU:
// block, warp and MMA tiles, shared-memory layouts and pipeline stages.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILEDIALECT_TD
#define GEMM_OPT_DIALECT_TILEDIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let summary = "Tiled GEMM schedules for NVIDIA tensor cores";
  let description = [{
    The `tile` dialect describes a matrix product `C = A·B` together with the
    hierarchy of tiles that computes it: a thread block owns a `BM×BN` tile of
    `C` and walks `K` in steps of `BK`; each warp owns a `WM×WN` sub-tile; each
    tensor-core instruction computes an `m×n×k` piece (with `wgmma`, each
    warpgroup of 4 warps owns a `WM×WN` sub-tile). Operands are staged in
    shared memory through a multi-stage `cp.async` or TMA pipeline, with an
    XOR swizzle or row padding against bank conflicts. On Hopper a schedule
    may also specialize warpgroups into a TMA producer and wgmma consumers,
    run a persistent grid in a chosen tile order, group blocks into
    clusters that multicast operand tiles, and stage C through shared
    memory.

    The schedule is data (`#tile.schedule`), so a person can read it and a
    tuner can enumerate it. Lowering passes turn `tile.gemm` into upstream
    `gpu`, `nvgpu`, `nvvm`, `vector`, `memref` and `scf` operations.
  }];
  let cppNamespace = "::gemm_opt::tile";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  // The tile.* attributes on other dialects' ops (DiscardableAttributes.h).
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Where the fields of the schedules parsed in this context were
    /// written (ScheduleFieldLocations.h).
    ScheduleFieldTable &getScheduleFieldTable() { return *scheduleFields; }

  private:
    std::unique_ptr<ScheduleFieldTable> scheduleFields;

  public:
  }];
}

#endif // GEMM_OPT_DIALECT_TILEDIALECT_TD
