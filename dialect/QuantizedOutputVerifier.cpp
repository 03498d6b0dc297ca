//===- QuantizedOutputVerifier.cpp - FP8 output, scale_d and amax ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialect/QuantizedOutputVerifier.h"

#include "dialect/ScaledGemmVerifier.h"
#include "dialect/ScheduleFieldLocations.h"

using namespace mlir;
using namespace gemm_opt::tile;

LogicalResult gemm_opt::tile::verifyQuantizedOutput(GemmOp gemm) {
  Type c = gemm.getC().getType().getElementType();
  bool eightBitC = isEightBitFloat(c);
  if (eightBitC && !gemm.hasEightBitInputs())
    return gemm.emitOpError()
           << "writes an 8-bit C (" << c
           << "), which only an FP8 GEMM does: make A and B 8-bit floats or "
              "C bf16, f16 or f32";
  if (eightBitC && !isa<Float8E4M3FNType>(c))
    return gemm.emitOpError()
           << "writes C as " << c
           << "; the 8-bit output is f8E4M3FN (e4m3, saturated at 448)";
  if (eightBitC && !gemm.getScaleD())
    return gemm.emitOpError()
           << "writes an 8-bit C without an output scale: add scale_d %sd : "
              "memref<f32> (C = saturate(D * scale_d) in e4m3)";
  if (!eightBitC && gemm.getScaleD())
    return gemm.emitOpError()
           << "has scale_d, which quantizes an 8-bit C, but C is " << c
           << ": drop scale_d or write C as f8E4M3FN";
  if (gemm.getAmax() && !gemm.hasEightBitInputs())
    return gemm.emitOpError()
           << "has amax, which records the largest |D| of an FP8 GEMM, but "
              "A is "
           << gemm.getA().getType().getElementType() << ": drop amax";
  if (!eightBitC && !gemm.getAmax())
    return success();

  // The quantized store and the maximum are part of the TMA store epilogue
  // and apply to the whole sum of a tile.
  StringRef what = eightBitC ? "an 8-bit C" : "amax";
  // A grouped GEMM's groups are the rows of one output (a mixture of
  // experts' layer): one scale_d for all, one amax over every stored row.
  if (gemm.isBatched() && !gemm.isGrouped())
    return gemm.emitOpError()
           << what
           << " is not written by batched GEMMs (one scale_d and one amax "
              "for every batch entry would be ambiguous): launch one GEMM per "
              "batch entry, or write C as bf16 without amax";
  ScheduleAttr schedule = gemm.getScheduleAttr();
  if (schedule.getEpilogueStore() != EpilogueStore::tma)
    return emitScheduleError(gemm, schedule, "store")
           << what
           << " is written by the TMA store epilogue: use store = "
              "#tile.store<tma>";
  if (schedule.hasKWorkspace())
    return emitScheduleError(gemm, schedule, "grid")
           << what
           << " applies to the final sum of a tile, but split_k and stream_k "
              "store partial sums: drop them from the grid";
  EpilogueAttr epilogue = gemm.getEpilogueAttr();
  if (eightBitC && epilogue &&
      (epilogue.getAlphaBeta() || epilogue.getBias() != EpilogueBias::none ||
       epilogue.getResidual()))
    return gemm.emitOpError()
           << "writes an 8-bit C, whose fused epilogue takes only an "
              "activation: a bias, a residual or beta's C would be 8-bit "
              "too; write C as bf16 to fuse them";
  return success();
}
