//===- TileTypes.td - types of the tile dialect ------------*- tablegen -*-===//

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

#endif // GEMM_OPT_DIALECT_TILETYPES_TD
