//===- TileOps.cpp - operations of the tile dialect -----------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/TileDialect.h"

#include "dialect/BatchedGemmVerifier.h"
#include "dialect/ChipInfo.h"
#include "dialect/FusedEpilogueVerifier.h"
#include "dialect/GroupedGemmVerifier.h"
#include "dialect/MemoryQueries.h"
#include "dialect/QuantizedOutputVerifier.h"
#include "dialect/ScaledGemmVerifier.h"
#include "dialect/ScheduleVerifier.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace gemm_opt::tile;

#define GET_OP_CLASSES
#include "dialect/TileOps.cpp.inc"

/// Whether `lhs` and `rhs` are static extents that differ.
static bool staticExtentsDiffer(int64_t lhs, int64_t rhs) {
  return !ShapedType::isDynamic(lhs) && !ShapedType::isDynamic(rhs) &&
         lhs != rhs;
}

/// Static extents the kernel can run: at least 1, and whole block tiles
/// where the schedule needs them (the bundle does not keep static extents,
/// so the runtime could not refuse them later).
static LogicalResult verifyStaticExtents(GemmOp gemm, ScheduleAttr schedule,
                                         int64_t m, int64_t n, int64_t k) {
  bool anyShape = schedule.takesAnyShape();
  for (auto [name, extent, tile] :
       {std::tuple<StringRef, int64_t, int64_t>("M", m, schedule.getBlockM()),
        {"N", n, schedule.getBlockN()},
        {"K", k, schedule.getBlockK()}}) {
    if (ShapedType::isDynamic(extent))
      continue;
    if (extent < 1)
      return gemm.emitOpError()
             << "static " << name << " = " << extent << " must be at least 1";
    if (!anyShape && extent % tile != 0)
      return gemm.emitOpError()
             << "static " << name << " = " << extent
             << " is not a multiple of the block tile's " << tile
             << ": this schedule needs whole tiles (an mma.sync pipeline "
                "takes any shape with ragged = true)";
  }
  return success();
}

bool GemmOp::hasEightBitInputs() {
  return isEightBitFloat(getA().getType().getElementType());
}

LogicalResult GemmOp::verify() {
  ScheduleAttr schedule = getScheduleAttr();
  if (!schedule)
    return emitOpError()
           << "has no schedule: attach {schedule = #tile.schedule<...>}";
  for (auto [name, operand] : {std::pair<StringRef, Value>("A", getA()),
                                {"B", getB()},
                                {"C", getC()}})
    if (!isGlobalMemory(cast<MemRefType>(operand.getType())))
      return emitOpError()
             << name
             << " must live in global memory (the default memory space or "
                "#gpu.address_space<global>), got "
             << operand.getType();
  // A grouped GEMM's B is a batch of G matrices whatever A and C are.
  if (failed(isGrouped() ? verifyGroupedOperands(*this, schedule)
                         : verifyBatchedOperands(*this, schedule)))
    return failure();
  // The matrix extents are the last two (after a batch dimension).
  ArrayRef<int64_t> a = getA().getType().getShape().take_back(2);
  ArrayRef<int64_t> b = getB().getType().getShape().take_back(2);
  ArrayRef<int64_t> c = getC().getType().getShape().take_back(2);
  if (staticExtentsDiffer(a[1], b[0]))
    return emitOpError() << "K of A (" << a[1] << ") does not match K of B ("
                         << b[0] << ")";
  if (staticExtentsDiffer(a[0], c[0]))
    return emitOpError() << "M of A (" << a[0] << ") does not match M of C ("
                         << c[0] << ")";
  if (staticExtentsDiffer(b[1], c[1]))
    return emitOpError() << "N of B (" << b[1] << ") does not match N of C ("
                         << c[1] << ")";
  if (failed(verifyStaticExtents(*this, schedule, a[0], b[1], a[1])))
    return failure();
  if (failed(verifyQuantizedOutput(*this)) ||
      failed(verifyFusedEpilogue(*this)) || failed(verifyScaledGemm(*this)))
    return failure();
  return verifyGemmSchedule(getOperation(), schedule, getEpilogueAttr(),
                            getA().getType(), getB().getType(),
                            getC().getType());
}

LogicalResult AllocSharedOp::verify() {
  if (!isa<SwizzleAttr, PadAttr>(getLayout()))
    return emitOpError() << "layout must be #tile.swizzle or #tile.pad, got "
                         << getLayout();
  Attribute memorySpace = getType().getMemorySpace();
  if (!isWorkgroupMemory(getType())) {
    InFlightDiagnostic diag = emitOpError()
                              << "result must live in workgroup memory "
                                 "(#gpu.address_space<workgroup>), got ";
    if (memorySpace)
      diag << memorySpace;
    else
      diag << "the default memory space";
    return diag;
  }
  if (!getType().hasStaticShape())
    return emitOpError() << "result must have a static shape";
  // Inside the largest dynamic shared memory of any chip (the schedule's
  // own budget is checked on tile.gemm).
  int64_t bytes = getType().getNumElements() *
                  getByteWidth(getType().getElementType());
  int64_t limit = lookupChip("sm_90a")->maxSharedMemoryPerBlock;
  auto offset = static_cast<int64_t>(getOffset());
  if (offset < 0 || offset > limit || bytes > limit - offset)
    return emitOpError() << "offset " << offset << " and " << bytes
                         << " bytes reach past the " << limit
                         << " bytes of shared memory a block may have";
  return success();
}

/// Slot `kstep` of `fragments`, and K step `kstep` of the schedule's block
/// tile (BK / MMA K steps), must exist.
static LogicalResult verifyFragmentsStep(Operation *op, int64_t kstep,
                                         FragmentsType fragments,
                                         ScheduleAttr schedule) {
  int64_t steps = schedule.getBlockK() / schedule.getMma().getK();
  if (kstep < 0 || kstep >= fragments.getKsteps() || kstep >= steps)
    return op->emitOpError()
           << "kstep " << kstep << " is outside the fragments' "
           << fragments.getKsteps() << " slots and the block tile's "
           << steps << " K steps";
  return success();
}

LogicalResult LoadFragmentsOp::verify() {
  return verifyFragmentsStep(*this, getKstep(), getFragments().getType(),
                             getSchedule());
}

LogicalResult MmaFragmentsOp::verify() {
  return verifyFragmentsStep(*this, getKstep(), getFragments().getType(),
                             getSchedule());
}
