//===- BundleSchema.h - the kernel bundle as typed structs ------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one description of a kernel bundle (the kernel.json that
// gemm-translate --to-bundle writes beside its cubin and PTX files, see
// docs/runtime.md): plain structs, each with
//   llvm::json::Value toJSON(const T &);
//   bool fromJSON(const llvm::json::Value &, T &, llvm::json::Path);
// The compiler builds these structs and serializes them; every reader
// (runtime/KernelSpec.h, the tools) parses into them. fromJSON checks the
// shape of the document (types, required keys, the names and ranges one
// field allows) and reports a bad field with its JSON path, e.g.
// "expected integer at kernels[0].block[1]"; what depends on several fields
// is the reader's to check.
//
// Needs only LLVM Support: the runtime links it without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLE_BUNDLESCHEMA_H
#define GEMM_OPT_RUNTIME_BUNDLE_BUNDLESCHEMA_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace bundle {

/// The bundle's "format".
inline constexpr llvm::StringLiteral FormatName = "gemm-opt-bundle-v1";

/// The bundle's "schema_version": the major version of this schema. A
/// reader rejects a bundle of another major version; bundles written before
/// the field existed read as version 1.
inline constexpr int64_t SchemaVersion = 1;

/// Sizes along M, N and K: "tile", "requires_divisible". `k` is absent
/// from the tile of a transpose or copy kernel.
struct ProblemTile {
  int64_t m = 1;
  int64_t n = 1;
  std::optional<int64_t> k;
};

/// One axis of an x/y/z grid: a constant block count, or ceil(extent /
/// tile) blocks ({"extent": "m"|"n"|"k"|"batch", "tile": T}).
struct GridDim {
  int64_t constant = 1;
  std::optional<std::string> extent; ///< Set: the {"extent", "tile"} form.
  int64_t tile = 1;
};

/// "grid": {"persistent": ...}'s options.
struct PersistentOptions {
  int64_t ctasPerSm = 1; ///< "ctas_per_sm", in [1, 32].
  /// "stream_k": the blocks share the K steps of the last tiles.
  std::optional<bool> streamK;
};

/// "grid": {"tiles": ...} of a persistent grid.
struct PersistentTiles {
  int64_t m = 1;
  int64_t n = 1;
  std::optional<int64_t> k;     ///< stream_k: the shared K step.
  std::optional<int64_t> batch; ///< 1: the walk covers every batch entry.
};

/// "grid": the x/y/z form, or a persistent grid ("persistent" and
/// "tiles", without x, y and z).
struct Grid {
  std::optional<GridDim> x, y, z;
  std::optional<PersistentOptions> persistent;
  std::optional<PersistentTiles> tiles;
};

/// What a parameter group is ("kind").
enum class ParameterKind { MemRef, Tma, TmaPresent, Scalar, Workspace };
/// "memref", "tma", "tma_present", "scalar", "workspace".
llvm::StringRef getParameterKindName(ParameterKind kind);

/// One entry of "parameters" (runtime/KernelParamSpec.h). Which fields a
/// kind has:
///   memref:      operand (a, b, c, bias, residual, scale_a, scale_b, src,
///                dst, group_rows, group_offsets), rank;
///   tma:         operand (a, b, c, residual), box, swizzle, pass,
///                l2_promotion*, oob_fill*, null_when_unaligned*;
///   tma_present: operand;
///   scalar:      name (alpha, beta), type (f32);
///   workspace:   name (split_k_partials, split_k_tile_counters).
struct Parameter {
  ParameterKind kind = ParameterKind::MemRef;
  std::optional<std::string> operand;
  std::optional<int64_t> rank;
  std::vector<int64_t> box; ///< tma: [inner, outer] or [inner, outer, 1].
  std::optional<int64_t> swizzle;
  std::optional<std::string> pass; ///< "global_pointer" or "by_value".
  std::optional<int64_t> l2Promotion;
  std::optional<std::string> oobFill; ///< "zero" or "nan".
  std::optional<bool> nullWhenUnaligned;
  std::optional<std::string> name;
  std::optional<std::string> type;

  /// A memref parameter: the operand's pointer and extents, of `rank`.
  static Parameter memref(llvm::StringRef operand, int64_t rank) {
    Parameter parameter;
    parameter.operand = operand.str();
    parameter.rank = rank;
    return parameter;
  }
};

/// A GEMM's "types": f16, bf16 or f32 each; a and b may also be f8E4M3FN
/// or f8E5M2 (an FP8 GEMM).
struct GemmTypes {
  std::string a, b, c, accumulator;
};

/// A GEMM's "layouts" or "source_layouts": "row" or "col" each.
struct GemmLayouts {
  std::string a = "row", b = "row", c = "row";
};

/// "epilogue": what a GEMM kernel fuses before it stores C. Absent keys
/// mean nothing fused.
struct Epilogue {
  std::optional<bool> alphaBeta;
  std::optional<std::string> bias; ///< "none", "row", "column".
  /// "none", "relu", "gelu_tanh", "gelu_erf", "silu".
  std::optional<std::string> activation;
  std::optional<bool> residual;
};

/// "scaling": how an FP8 GEMM's f32 scales multiply its product
/// (runtime/ScalingSpec.h).
struct Scaling {
  std::string a; ///< "tensor", "row" or "block_1x128".
  std::string b; ///< "tensor", "column" or "block_128x128".
  /// "fast_accumulation" (optional, default false): wgmma's accumulator
  /// alone sums all of K, instead of f32 sums every 128 K elements.
  bool fastAccumulation = false;
};

/// "batch": {"strided": true} of a batched GEMM.
struct Batch {
  std::optional<bool> strided;
};

/// "whole_tile_variant": a second kernel in the entry's images for whole
/// tiles and aligned operands.
struct WholeTileVariant {
  std::string name;
  ProblemTile requiresDivisible;
  int64_t minAlignmentBytes = 16;
  std::optional<int64_t> dynamicSharedMemoryBytes;
};

/// What a kernel computes ("kind").
enum class KernelKind { Gemm, Transpose, Copy };
/// "gemm", "transpose", "copy".
llvm::StringRef getKernelKindName(KernelKind kind);

/// The "types" and "layouts" of a transpose or a copy kernel: one element
/// type, row-major src and dst.
struct MatrixMoveFields {
  std::string srcType, dstType;     ///< "types": {"src", "dst"}.
  std::string srcLayout, dstLayout; ///< "layouts": {"src", "dst"}.
  std::optional<int64_t> vectorElements; ///< "vector_elements", in [1, 16].
};

struct StagedKernel;

/// The fields only a GEMM entry has.
struct GemmFields {
  GemmTypes types;
  GemmLayouts layouts;
  /// A GEMM compiled with A and B exchanged: the layouts as written.
  std::optional<GemmLayouts> sourceLayouts;
  ProblemTile requiresDivisible;
  std::optional<std::string> math; ///< "ffma" or "tensor_core".
  std::optional<Epilogue> epilogue;
  /// Present exactly on FP8 GEMMs (8-bit a and b).
  std::optional<Scaling> scaling;
  std::optional<Batch> batch;
  /// "grouped": "masked" or "contiguous" on a grouped GEMM
  /// (docs/design/grouped-gemm.md), whose last parameter is its group
  /// operand ("group_rows" or "group_offsets", a rank-1 memref of i32).
  std::optional<std::string> grouped;
  /// "staged_transposes" and "staged_copies": {"a"*: entry, "b"*: entry}.
  std::vector<StagedKernel> stagedTransposes;
  std::vector<StagedKernel> stagedCopies;
  std::optional<WholeTileVariant> wholeTileVariant;
};

/// One kernel entry: the fields every kernel has, and those of its kind.
/// JSON keeps them in one flat object.
struct KernelEntry {
  /// "kind"; absent (a GEMM) in the entries the compiler writes for GEMMs.
  std::optional<KernelKind> kind;
  std::string name;
  /// Absent in a staged kernel, which shares the GEMM entry's.
  std::optional<std::string> chip;
  std::optional<std::string> cubin, ptx; ///< Relative to the bundle file.
  std::optional<int64_t> ptxasOptLevel;  ///< "ptxas_opt_level".
  std::optional<std::string> ptxasInfo;  ///< "ptxas_info".
  std::array<int64_t, 3> block = {1, 1, 1};
  std::optional<std::array<int64_t, 3>> cluster;
  std::optional<int64_t> dynamicSharedMemoryBytes;
  Grid grid;
  std::optional<ProblemTile> tile;
  int64_t minAlignmentBytes = 16;
  std::vector<Parameter> parameters;
  /// Set for a GEMM (no or "gemm" kind), else unset.
  std::optional<GemmFields> gemm;
  /// Set for a transpose or a copy, else unset.
  std::optional<MatrixMoveFields> matrixMove;

  KernelKind getKind() const { return kind.value_or(KernelKind::Gemm); }
};

/// A kernel that writes a staged copy of a GEMM operand.
struct StagedKernel {
  std::string operand; ///< "a" or "b".
  KernelEntry kernel;
};

/// The whole document.
struct Bundle {
  std::string format = FormatName.str();
  int64_t schemaVersion = SchemaVersion;
  std::optional<std::string> source; ///< The .mlir it was compiled from.
  std::vector<KernelEntry> kernels;
};

llvm::json::Value toJSON(const ProblemTile &tile);
llvm::json::Value toJSON(const GridDim &dim);
llvm::json::Value toJSON(const PersistentOptions &options);
llvm::json::Value toJSON(const PersistentTiles &tiles);
llvm::json::Value toJSON(const Grid &grid);
llvm::json::Value toJSON(ParameterKind kind);
llvm::json::Value toJSON(const Parameter &parameter);
llvm::json::Value toJSON(const GemmTypes &types);
llvm::json::Value toJSON(const GemmLayouts &layouts);
llvm::json::Value toJSON(const Epilogue &epilogue);
llvm::json::Value toJSON(const Scaling &scaling);
llvm::json::Value toJSON(const Batch &batch);
llvm::json::Value toJSON(const WholeTileVariant &variant);
llvm::json::Value toJSON(KernelKind kind);
llvm::json::Value toJSON(const KernelEntry &entry);
llvm::json::Value toJSON(const Bundle &bundle);

bool fromJSON(const llvm::json::Value &value, ProblemTile &tile,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, GridDim &dim,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, PersistentOptions &options,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, PersistentTiles &tiles,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Grid &grid,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, ParameterKind &kind,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Parameter &parameter,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, GemmTypes &types,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, GemmLayouts &layouts,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Epilogue &epilogue,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Scaling &scaling,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Batch &batch,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, WholeTileVariant &variant,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, KernelKind &kind,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, KernelEntry &entry,
              llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, Bundle &bundle,
              llvm::json::Path path);

/// Parses bundle JSON text: invalid JSON, a bundle of another format or
/// major schema version, or a malformed field (named by its JSON path) is
/// an error.
llvm::Expected<Bundle> parseBundle(llvm::StringRef text);

/// Parses one kernel entry's JSON text (a cached compile's entry).
llvm::Expected<KernelEntry> parseKernelEntry(llvm::StringRef text);

/// `value` as indented JSON text with a final newline.
std::string formatJSON(const llvm::json::Value &value);

} // namespace bundle
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLE_BUNDLESCHEMA_H
