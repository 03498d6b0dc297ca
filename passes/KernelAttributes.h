//===- KernelAttributes.h - what a kernel records of its GEMM ---*- C++ -*-===//
//
// Kernels made by tile-outline-kernel carry their schedule, so that later
// passes and gemm-translate's launch metadata read it from one place.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_KERNELATTRIBUTES_H
#define GEMM_OPT_PASSES_KERNELATTRIBUTES_H

#include "dialect/TileDialect.h"

namespace gemm_opt {

/// Name of the kernel attribute holding the #tile.schedule.
inline llvm::StringRef kernelScheduleAttrName() { return "tile.schedule"; }

inline void setKernelSchedule(mlir::Operation *kernel,
                              tile::ScheduleAttr schedule) {
  kernel->setAttr(kernelScheduleAttrName(), schedule);
}

inline tile::ScheduleAttr getKernelSchedule(mlir::Operation *kernel) {
  return kernel->getAttrOfType<tile::ScheduleAttr>(kernelScheduleAttrName());
}

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_KERNELATTRIBUTES_H
