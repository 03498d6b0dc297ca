//===- QuantizedOutput.h - f32 results to C, scale_d, amax ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The last step of an epilogue: its f32 results D become C's element type.
// For bf16, f16 and f32 that is a rounding (arith.truncf). An 8-bit C
// (e4m3) stores saturate(D · scale_d): each pair of elements is multiplied
// by the output scale and converted by one cvt.rn.satfinite.e4m3x2.f32
// (nvvm.convert.f32x2.to.f8x2), which rounds to nearest even and clamps
// to ±448 (NaN stays NaN).
//
// Where the GEMM records the amax of D, every converted element's |D|
// (before scale_d) joins the thread's running maximum. |D| ≥ 0, so its
// f32 bits order like unsigned integers: the maximum is an integer max on
// the bits with the sign cleared, which a NaN (bits above +inf) wins, so a
// NaN in D makes amax NaN. publishAmax() reduces the maximum over the warp
// (redux.sync.max.u32) and lane 0 atomically maxes it into amax (red.max.u32
// on the f32's bits). amax must hold 0 (or a smaller maximum) before the
// launch: the runtime zeroes it on the launch stream.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_PASSES_EPILOGUE_QUANTIZEDOUTPUT_H
#define GEMM_OPT_PASSES_EPILOGUE_QUANTIZEDOUTPUT_H

#include "mlir/IR/Builders.h"

namespace gemm_opt {

class QuantizedOutput {
public:
  /// Conversion to `elementC`; `scaleD` is an 8-bit C's output scale (f32,
  /// loaded), else null; with `tracksAmax` convert() keeps the running
  /// maximum of |D|.
  QuantizedOutput(mlir::Type elementC, mlir::Value scaleD, bool tracksAmax)
      : elementC(elementC), scaleD(scaleD), tracksAmax(tracksAmax) {}

  /// `values` (vector<N x f32>, N even for an 8-bit C) in C's type, as a
  /// vector<N x C's type>. Call it from one block (the running maximum is
  /// an SSA chain). `stored` (i1, or null: always) says whether the values
  /// are stored and so join the maximum: a grouped tile's rows past its
  /// group's end are converted but never stored.
  mlir::Value convert(mlir::OpBuilder &b, mlir::Location loc,
                      mlir::Value values, mlir::Value stored = {});

  /// With a running maximum: every warp's maximum into `amax` (memref<f32>
  /// in global memory), one atomic by lane 0. All 32 lanes of each warp
  /// call it (redux.sync), lanes with no elements with a maximum of 0.
  void publishAmax(mlir::OpBuilder &b, mlir::Location loc, mlir::Value amax);

private:
  void trackMaximum(mlir::OpBuilder &b, mlir::Location loc, mlir::Value values,
                    mlir::Value stored);

  mlir::Type elementC;
  mlir::Value scaleD;
  bool tracksAmax;
  /// The running maximum of |D| as i32 bits, or null before the first.
  mlir::Value maximumBits;
};

} // namespace gemm_opt

#endif // GEMM_OPT_PASSES_EPILOGUE_QUANTIZEDOUTPUT_H
