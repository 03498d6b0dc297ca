//===- TileAttrs.td - schedule attributes ------------------*- tablegen -*-===//

#ifndef GEMM_OPT_DIALECT_TILEATTRS_TD
#define GEMM_OPT_DIALECT_TILEATTRS_TD

include "dialect/TileDialect.td"
include "dialect/TileEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_MmaAttr : Tile_Attr<"Mma", "mma"> {
  let summary = "tensor-core instruction and its shape";
  let description = [{
    Names the instruction family that computes the innermost tile and its
    `m×n×k` shape. `sync` is the warp-level `mma.sync` of Ampere and newer
    (`m16n8k16` for f16/bf16), `wgmma` is Hopper's warpgroup-level
    asynchronous MMA, `ffma` is the plain fp32 path.

    Example:
    ```mlir
    #tile.mma<sync, [16, 8, 16]>
    ```
  }];
  let parameters = (ins EnumParameter<Tile_MmaKind>:$kind, "int64_t":$m,
                        "int64_t":$n, "int64_t":$k);
  let assemblyFormat = "`<` $kind `,` `[` $m `,` $n `,` $k `]` `>`";
  let genVerifyDecl = 1;
}

def Tile_ElementTypesAttr : Tile_Attr<"ElementTypes", "elements"> {
  let summary = "element types of A, B, C and the accumulator";
  let description = [{
    Example:
    ```mlir
    #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>
    ```
  }];
  let parameters = (ins "::mlir::Type":$a, "::mlir::Type":$b,
                        "::mlir::Type":$c, "::mlir::Type":$acc);
  let assemblyFormat =
      "`<` `a` `=` $a `,` `b` `=` $b `,` `c` `=` $c `,` `acc` `=` $acc `>`";
}

def Tile_SwizzleAttr : Tile_Attr<"Swizzle", "swizzle"> {
  let summary = "XOR-swizzled shared-memory layout";
  let description = [{
    The operand tile is stored as column panels `width` bytes wide; inside a
    panel, rows are `width` bytes and the 16-byte chunk index is XORed with
    the row's position in the 8-row (1024-byte for width 128) repeat, the
    pattern of the TMA swizzle modes. `ldmatrix` and `cp.async` then touch
    eight distinct 16-byte bank groups per phase. `width` is 32, 64 or 128 and
    must divide the operand tile's row bytes.

    Example:
    ```mlir
    #tile.swizzle<128>
    ```
  }];
  let parameters = (ins "int64_t":$width);
  let assemblyFormat = "`<` $width `>`";
  let genVerifyDecl = 1;
}

def Tile_PadAttr : Tile_Attr<"Pad", "pad"> {
  let summary = "row-padded shared-memory layout";
  let description = [{
    The operand tile is stored row-major with `elements` extra elements at the
    end of each row, which shifts consecutive rows across banks. Rows must
    stay 16-byte aligned for `cp.async` and `ldmatrix`.

    Example:
    ```mlir
    #tile.pad<8>
    ```
  }];
  let parameters = (ins "int64_t":$elements);
  let assemblyFormat = "`<` $elements `>`";
  let genVerifyDecl = 1;
}

def Tile_PipelineAttr : Tile_Attr<"Pipeline", "pipeline"> {
  let summary = "software pipeline of the K loop";
  let description = [{
    `stages` shared-memory buffers per operand; while the tensor cores work on
    one, the copies for the next `stages - 1` K tiles are in flight. `load`
    says how operands move from global to shared memory.

    Example:
    ```mlir
    #tile.pipeline<stages = 4, load = cp_async>
    ```
  }];
  let parameters = (ins "int64_t":$stages, EnumParameter<Tile_LoadKind>:$load);
  let assemblyFormat = "`<` `stages` `=` $stages `,` `load` `=` $load `>`";
  let genVerifyDecl = 1;
}

def Tile_ScheduleAttr : Tile_Attr<"Schedule", "schedule"> {
  let summary = "how a GEMM maps onto a GPU";
  let description = [{
    The whole schedule of a GEMM, from the thread block down to the
    tensor-core instruction:

    - `chip`: target, `sm_80` or `sm_90a`;
    - `block = [BM, BN, BK]`: the C tile of one thread block and its K step;
    - `warp = [WM, WN]`: the C tile of one warp; the block has
      `(BM/WM)·(BN/WN)` warps;
    - `mma`: the tensor-core instruction and shape;
    - `elements`: element types of A, B, C and the accumulator;
    - `smem_a`, `smem_b`: shared-memory layout of each operand tile
      (`#tile.swizzle<bytes>` or `#tile.pad<elements>`);
    - `pipeline`: number of stages and how operands are loaded.

    Example:
    ```mlir
    #tile.schedule<chip = "sm_90a", block = [128, 256, 32], warp = [64, 64],
                   mma = #tile.mma<sync, [16, 8, 16]>,
                   elements = #tile.elements<a = bf16, b = bf16, c = bf16, acc = f32>,
                   smem_a = #tile.swizzle<64>, smem_b = #tile.swizzle<128>,
                   pipeline = #tile.pipeline<stages = 4, load = cp_async>>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target chip">:$chip,
    ArrayRefParameter<"int64_t", "BM, BN, BK">:$block,
    ArrayRefParameter<"int64_t", "WM, WN">:$warp,
    "MmaAttr":$mma,
    "ElementTypesAttr":$elements,
    "::mlir::Attribute":$smemA,
    "::mlir::Attribute":$smemB,
    "PipelineAttr":$pipeline);
  let assemblyFormat = [{
    `<` `chip` `=` $chip `,` `block` `=` `[` $block `]` `,`
        `warp` `=` `[` $warp `]` `,` `mma` `=` qualified($mma) `,`
        `elements` `=` qualified($elements) `,`
        `smem_a` `=` $smemA `,` `smem_b` `=` $smemB `,`
        `pipeline` `=` qualified($pipeline) `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getBlockM() const { return getBlock()[0]; }
    int64_t getBlockN() const { return getBlock()[1]; }
    int64_t getBlockK() const { return getBlock()[2]; }
    int64_t getWarpM() const { return getWarp()[0]; }
    int64_t getWarpN() const { return getWarp()[1]; }
    int64_t getWarpsM() const { return getBlockM() / getWarpM(); }
    int64_t getWarpsN() const { return getBlockN() / getWarpN(); }
    /// Threads of one block: 32 per warp.
    int64_t getThreadCount() const { return 32 * getWarpsM() * getWarpsN(); }
    int64_t getStages() const { return getPipeline().getStages(); }
    /// Bytes of dynamic shared memory the kernel needs: every stage of the A
    /// and B tiles in their shared layouts.
    int64_t getSharedMemoryBytes() const;
    /// Elements of one stage of the A (BM×BK) or B (BK×BN) tile, padding
    /// included.
    int64_t getStageElementsA() const;
    int64_t getStageElementsB() const;
  }];
}

#endif // GEMM_OPT_DIALECT_TILEATTRS_TD
