//===- TileOps.cpp - operations of the tile dialect -----------------------===//

#include "dialect/TileDialect.h"

#include "dialect/ScheduleVerifier.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace gemm_opt::tile;

#define GET_OP_CLASSES
#include "dialect/TileOps.cpp.inc"

LogicalResult GemmOp::verify() {
  ScheduleAttr schedule = getScheduleAttr();
  if (!schedule)
    return emitOpError()
           << "has no schedule: attach {schedule = #tile.schedule<...>}";
  return verifyGemmSchedule(getOperation(), schedule, getA().getType(),
                            getB().getType(), getC().getType());
}

LogicalResult AllocSharedOp::verify() {
  if (!isa<SwizzleAttr, PadAttr>(getLayout()))
    return emitOpError() << "layout must be #tile.swizzle or #tile.pad, got "
                         << getLayout();
  auto space = dyn_cast_if_present<gpu::AddressSpaceAttr>(
      getType().getMemorySpace());
  if (!space || space.getValue() != gpu::AddressSpace::Workgroup)
    return emitOpError() << "result must live in workgroup memory";
  if (!getType().hasStaticShape())
    return emitOpError() << "result must have a static shape";
  return success();
}
