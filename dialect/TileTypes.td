//===- TileTypes.td - types of the tile dialect ------------*- tablegen -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_DIALECT_TILETYPES_TD
#define GEMM_OPT_DIALECT_TILETYPES_TD

include "dialect/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"

def Tile_AccumulatorType : TypeDef<Tile_Dialect, "Accumulator"> {
  let mnemonic = "accumulator";
  let summary = "a thread block's accumulator tile, distributed over its warps";
  let description = [{
    The `BM×BN` accumulator of one thread block. Each thread holds its part in
    registers; which part is decided when warp tiles are lowered to MMA
    instructions. It exists between block tiling and warp tiling.

    Example:
    ```mlir
    !tile.accumulator<[128, 256], f32>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "::mlir::Type":$elementType);
  let assemblyFormat = "`<` `[` $shape `]` `,` $elementType `>`";
}

def Tile_FragmentsType : TypeDef<Tile_Dialect, "Fragments"> {
  let mnemonic = "fragments";
  let summary = "a warp's operand registers for the K steps of one block tile";
  let description = [{
    The A and B operand fragments each thread holds for the MMAs of
    `ksteps` consecutive K steps (one per MMA K) of a block tile. The
    pipelined main loop loads the fragments of the next K step while the
    tensor cores consume the current one, so they live across iterations.
    Which registers hold what is decided when warp tiles are lowered.

    Example:
    ```mlir
    !tile.fragments<2, bf16>
    ```
  }];
  let parameters = (ins "int64_t":$ksteps, "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $ksteps `,` $elementType `>`";
}

#endif // GEMM_OPT_DIALECT_TILETYPES_TD
