//===- ExchangeOperands.cpp - GEMMs run as C^T = B^T·A^T ------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// C = A·B and C^T = B^T·A^T are one computation on the same memory: in the
// transposed GEMM the row-major B is a column-major A, the row-major A a
// column-major B, and C's transpose the output. Two paths need it:
// - tf32 wgmma reads B only K-major from shared memory, and a row-major B
//   is N-major. Exchanged, it is a column-major A, which the kernel reads
//   from registers (passes/hopper/WgmmaStageOperands.h), where it would otherwise
//   need a staged copy of B (tile-stage-transposed-operands), a transpose
//   before every launch. So a host tile.gemm on f32 inputs with a wgmma
//   schedule whose A and B are row-major is exchanged.
// - ffma (SIMT) kernels read A and B in either order but write C
//   row-major. A column-major C's transpose is row-major, so a host
//   tile.gemm on an ffma schedule into a column-major C is exchanged, a
//   fused residual (column-major like C) with it.
// Either becomes
//
//   tile.gemm (transpose B), (transpose A) into (transpose C)
//       {tile.exchanged_operands}
//
// (memref.transpose views of the same memory, batches keeping their batch
// dimension first). The schedule's tiles then apply to the transposed
// problem (BM along the problem's N), and a fused bias changes sides: one
// per row of C (M entries) is one per column of C^T, the same vector.
// A fused residual (C's layout) is read through its transpose as well; tf32
// GEMMs with one keep their operands (staging B is what their kernels were
// measured with), as do GEMMs whose exchanged form the schedule cannot take
// (the op's verifier, run quietly, decides). The kernel and the bundle record
// the exchange (passes/common/KernelAttributes.h, compiler/KernelMetadata.cpp:
// "source_layouts"), so that the runtime runs the GEMM's own layouts as the
// kernel's transposed problem (runtime/TransposedProblem.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/MatrixLayouts.h"
#include "passes/common/KernelAttributes.h"
#include "passes/common/TransposedView.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

namespace gemm_opt {
#define GEN_PASS_DEF_TILEEXCHANGEOPERANDSPASS
#include "passes/Passes.h.inc"
} // namespace gemm_opt

using namespace mlir;
using namespace gemm_opt;
using namespace gemm_opt::tile;

namespace {

/// Whether `gemm` runs an ffma schedule into a column-major C, or
/// multiplies f32 (tf32) on wgmma with row-major A and B and fuses no
/// residual.
bool wantsExchange(GemmOp gemm) {
  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (!schedule)
    return false;
  auto hasOrder = [](Value matrix, MatrixOrder wanted) {
    std::optional<MatrixOrder> order =
        getMatrixOrder(cast<MemRefType>(matrix.getType()));
    return order && *order == wanted;
  };
  if (schedule.isFfma())
    return hasOrder(gemm.getC(), MatrixOrder::col);
  return schedule.isWgmma() && schedule.getElements().getA().isF32() &&
         !gemm.getResidual() && hasOrder(gemm.getA(), MatrixOrder::row) &&
         hasOrder(gemm.getB(), MatrixOrder::row);
}

/// Exchanges `gemm`'s operands (see the file comment) if its verifier takes
/// the result; otherwise leaves it as it was.
void exchange(GemmOp gemm) {
  OpBuilder builder(gemm);
  Location loc = gemm.getLoc();
  Value a = gemm.getA(), b = gemm.getB(), c = gemm.getC();
  Value residual = gemm.getResidual();
  SmallVector<Value, 4> views = {createTransposedView(builder, loc, b),
                                 createTransposedView(builder, loc, a),
                                 createTransposedView(builder, loc, c)};
  if (residual)
    views.push_back(createTransposedView(builder, loc, residual));
  EpilogueAttr epilogue = gemm.getEpilogueAttr();
  gemm.getAMutable().assign(views[0]);
  gemm.getBMutable().assign(views[1]);
  gemm.getCMutable().assign(views[2]);
  if (residual)
    gemm.getResidualMutable().assign(views[3]);
  if (epilogue)
    gemm.setEpilogueAttr(epilogue.getForTransposedProblem());
  LogicalResult verified = failure();
  {
    ScopedDiagnosticHandler quiet(gemm.getContext(),
                                  [](Diagnostic &) { return success(); });
    verified = verify(gemm);
  }
  if (succeeded(verified)) {
    setExchangedOperands(gemm);
    return;
  }
  gemm.getAMutable().assign(a);
  gemm.getBMutable().assign(b);
  gemm.getCMutable().assign(c);
  if (residual)
    gemm.getResidualMutable().assign(residual);
  if (epilogue)
    gemm.setEpilogueAttr(epilogue);
  for (Value view : views)
    view.getDefiningOp()->erase();
}

struct TileExchangeOperandsPass
    : public gemm_opt::impl::TileExchangeOperandsPassBase<
          TileExchangeOperandsPass> {
  void runOnOperation() override {
    SmallVector<GemmOp> gemms;
    getOperation().walk([&](GemmOp gemm) {
      if (!gemm->getParentOfType<gpu::GPUModuleOp>() && wantsExchange(gemm))
        gemms.push_back(gemm);
    });
    for (GemmOp gemm : gemms)
      exchange(gemm);
  }
};

} // namespace
