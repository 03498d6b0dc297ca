//===- TileEnums.td - enumerations of the tile dialect -----*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILEENUMS_TD
#define GEMM_OPT_DIALECT_TILEENUMS_TD

include "mlir/IR/EnumAttr.td"

def Tile_MmaKind : I32EnumAttr<"MmaKind", "tensor-core instruction family", [
    I32EnumAttrCase<"sync", 0>,
    I32EnumAttrCase<"wgmma", 1>,
    I32EnumAttrCase<"ffma", 2>,
    I32EnumAttrCase<"dot", 3>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_LoadKind : I32EnumAttr<"LoadKind", "how operands reach shared memory", [
    I32EnumAttrCase<"cp_async", 0>,
    I32EnumAttrCase<"tma", 1>,
    I32EnumAttrCase<"direct", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_RasterOrder : I32EnumAttr<"RasterOrder",
    "direction in which strips of block tiles advance", [
    I32EnumAttrCase<"along_m", 0>,
    I32EnumAttrCase<"along_n", 1>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_EpilogueStore : I32EnumAttr<"EpilogueStore",
    "how the accumulator reaches C", [
    I32EnumAttrCase<"tma", 0>,
    I32EnumAttrCase<"vector", 1>,
    I32EnumAttrCase<"direct", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_EpilogueBias : I32EnumAttr<"EpilogueBias",
    "which index of C a fused bias vector follows", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"row", 1>,
    I32EnumAttrCase<"column", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_EpilogueActivation : I32EnumAttr<"EpilogueActivation",
    "element-wise activation of a fused epilogue", [
    I32EnumAttrCase<"none", 0>,
    I32EnumAttrCase<"relu", 1>,
    I32EnumAttrCase<"gelu_tanh", 2>,
    I32EnumAttrCase<"gelu_erf", 3>,
    I32EnumAttrCase<"silu", 4>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_ScaleA : I32EnumAttr<"ScaleA",
    "how the f32 scales of an 8-bit A are laid over it", [
    I32EnumAttrCase<"tensor", 0>,
    I32EnumAttrCase<"row", 1>,
    I32EnumAttrCase<"block_1x128", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

def Tile_ScaleB : I32EnumAttr<"ScaleB",
    "how the f32 scales of an 8-bit B are laid over it", [
    I32EnumAttrCase<"tensor", 0>,
    I32EnumAttrCase<"column", 1>,
    I32EnumAttrCase<"block_128x128", 2>
  ]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::gemm_opt::tile";
}

#endif // GEMM_OPT_DIALECT_TILEENUMS_TD
