//===- TileAttrs.cpp - structural checks of schedule attributes -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Checks that need nothing but the attribute itself. Checks that relate the
// schedule to the op's types or to the target chip live in
// ScheduleVerifier.cpp, so that they are reported at the op's location.
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult MmaAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              MmaKind kind, int64_t m, int64_t n, int64_t k) {
  if (m <= 0 || n <= 0 || k <= 0)
    return emitError() << "mma shape must be positive, got [" << m << ", " << n
                       << ", " << k << "]";
  return success();
}

LogicalResult SwizzleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  int64_t width) {
  if (width != 32 && width != 64 && width != 128)
    return emitError() << "swizzle width must be 32, 64 or 128 bytes, got "
                       << width;
  return success();
}

LogicalResult PadAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              int64_t elements) {
  if (elements < 0)
    return emitError() << "row padding must not be negative, got " << elements;
  return success();
}

LogicalResult
PipelineAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                     int64_t stages, LoadKind load, bool ragged) {
  if (stages < 1)
    return emitError() << "pipeline needs at least one stage, got " << stages;
  if (ragged && load != LoadKind::cp_async)
    return emitError() << "ragged = true applies to cp_async pipelines "
                          "(mma.sync); TMA kernels take any shape already";
  return success();
}

LogicalResult StoreAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                EpilogueStore kind, int64_t rounds,
                                int64_t stagingBuffers) {
  if (rounds < 1)
    return emitError() << "rounds must be at least 1, got " << rounds;
  if (rounds > 1 && kind != EpilogueStore::tma)
    return emitError() << "rounds = " << rounds
                       << " needs #tile.store<tma> (the rounds are TMA stores "
                          "from a smaller staging tile), got "
                       << stringifyEpilogueStore(kind);
  if (stagingBuffers != 1 && stagingBuffers != 2)
    return emitError() << "staging_buffers must be 1 or 2, got "
                       << stagingBuffers;
  if (stagingBuffers == 2 && (rounds < 2 || rounds % 2 != 0))
    return emitError() << "staging_buffers = 2 alternates between two "
                          "staging parts round by round: it needs an even "
                          "rounds (at least 2), got rounds = "
                       << rounds;
  return success();
}

EpilogueAttr EpilogueAttr::getForTransposedProblem() const {
  if (getBias() == EpilogueBias::none)
    return *this;
  EpilogueBias bias = getBias() == EpilogueBias::row ? EpilogueBias::column
                                                     : EpilogueBias::row;
  return EpilogueAttr::get(getContext(), getAlphaBeta(), bias, getActivation(),
                           getResidual());
}

LogicalResult ScheduleAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef chip, ArrayRef<int64_t> block,
                                   ArrayRef<int64_t> warp, MmaAttr mma,
                                   ElementTypesAttr elements, Attribute smemA,
                                   Attribute smemB, PipelineAttr pipeline,
                                   WarpSpecializationAttr specialization,
                                   GridAttr grid, ClusterAttr cluster,
                                   StoreAttr store) {
  if (block.size() != 3)
    return emitError() << "block tile must be [BM, BN, BK], got "
                       << block.size() << " sizes";
  if (warp.size() != 2)
    return emitError() << "warp tile must be [WM, WN], got " << warp.size()
                       << " sizes";
  for (int64_t size : block)
    if (size <= 0)
      return emitError() << "block tile sizes must be positive";
  for (int64_t size : warp)
    if (size <= 0)
      return emitError() << "warp tile sizes must be positive";
  for (Attribute layout : {smemA, smemB})
    if (!isa<SwizzleAttr, PadAttr>(layout))
      return emitError() << "shared-memory layout must be #tile.swizzle or "
                            "#tile.pad, got "
                         << layout;
  return success();
}

ScheduleAttr ScheduleAttr::getWholeTileVariant() const {
  if (isFfma())
    return *this;
  PipelineAttr pipeline = getPipeline();
  return ScheduleAttr::get(
      getContext(), getChip(), getBlock(), getWarp(), getMma(), getElements(),
      getSmemA(), getSmemB(),
      PipelineAttr::get(getContext(), pipeline.getStages(), pipeline.getLoad(),
                        /*ragged=*/false),
      getSpecialization(), getGrid(), getCluster(), getStore());
}

RasterOrder ScheduleAttr::getRasterOrder() const {
  return getGrid() ? getGrid().getRaster() : RasterOrder::along_n;
}

int64_t ScheduleAttr::getRasterGroup() const {
  return getGrid() ? getGrid().getGroup() : 1;
}

std::array<int64_t, 2> ScheduleAttr::getClusterShape() const {
  if (!getCluster())
    return {1, 1};
  return {getCluster().getShape()[0], getCluster().getShape()[1]};
}

int64_t ScheduleAttr::getClusterSize() const {
  return getCluster() ? getCluster().getSize() : 1;
}

EpilogueStore ScheduleAttr::getEpilogueStore() const {
  return getStore() ? getStore().getKind() : EpilogueStore::direct;
}

int64_t ScheduleAttr::getEpilogueStoreRounds() const {
  return getStore() ? getStore().getRounds() : 1;
}

int64_t ScheduleAttr::getEpilogueStagingBuffers() const {
  return getStore() ? getStore().getStagingBuffers() : 1;
}

int64_t ScheduleAttr::getConsumerGroups() const {
  WarpSpecializationAttr specialization = getSpecialization();
  return specialization ? specialization.getConsumerGroups() : 1;
}
