//===- KernelSpec.h - Kernel bundle metadata -------------------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compiler writes a kernel bundle: a JSON file (format
// "gemm-opt-bundle-v1") that lists kernels, each with its cubin/PTX file
// (relative to the JSON file), launch configuration, tile sizes, element types
// and kernel parameter convention. This file parses it into KernelSpecs.
//
// One kernel entry (fields marked * are optional):
//
//   {"name": "gemm_kernel_0", "cubin"*: "k.cubin", "ptx"*: "k.ptx",
//    "chip": "sm_90a", "block": [256, 1, 1], "cluster"*: [1, 1, 1],
//    "dynamic_shared_memory_bytes"*: 98304,
//    "grid": <grid>,
//    "tile"*: {"m": 128, "n": 256, "k": 32},
//    "requires_divisible": {"m": 128, "n": 256, "k": 32},
//    "types": {"a": "bf16", "b": "bf16", "c": "bf16", "accumulator": "f32"},
//                                       (a and b may be 8-bit: an FP8 GEMM,
//                                        with "scaling", ScalingSpec.h)
//    "layouts": {"a": "row", "b": "col", "c": "row"}, ("row" or "col" each:
//                                        row- or column-major, KernelParams.h)
//    "min_alignment_bytes": 16,        (what the kernel's own accesses
//                                        need; A and B of "tma" parameters
//                                        need only their element alignment,
//                                        OperandAlignment.h)
//    "parameters": [<parameter>, ...]}
//
// <grid> is one of
//   {"x": <dim>, "y": <dim>, "z"*: <dim>}       (z defaults to 1)
//       <dim>: a positive integer, or {"extent": "m"|"n"|"k", "tile": T},
//       meaning ceil(extent / T) blocks;
//   {"persistent": {"ctas_per_sm": C}, "tiles": {"m": TM, "n": TN,
//                                                 "batch"*: 1}}
//       a 1-D grid of min(ceil(M/TM) * ceil(N/TN), SMs * C) blocks, rounded
//       down to a multiple of the cluster size (at least one cluster); the
//       kernel loops over the output tiles itself. C is in [1, 32]; the
//       cluster must be [X, 1, 1]. With "batch": 1 (a batched kernel) the
//       tiles of every batch entry count: ceil(M/TM) * ceil(N/TN) * batch.
//
// The extent "batch" (grid z of a batched kernel, tile 1) is the batch
// count.
//
// "batch"*: {"strided": true} marks a batched kernel (BatchedKernelSpec.h):
// A, B and C are rank-3 memrefs (batch × rows × columns with per-operand
// batch strides) and its tensor maps 3-D (boxes [inner, outer, 1]).
//
// "grouped"*: "masked"|"contiguous" marks a grouped GEMM
// (GroupedKernelSpec.h): one product per group, the group_rows or
// group_offsets memref its last parameter.
//
// "scaling"*: {"a": "tensor"|"row"|"block_1x128", "b": "tensor"|"column"|
// "block_128x128", "fast_accumulation"*: false} marks an FP8 GEMM (8-bit a
// and b, ScaledKernelSpec.h): its product is multiplied by the f32 scales
// of the "scale_a" and "scale_b" memref parameters as ScalingSpec.h says,
// before the fused epilogue.
//
// "cluster" (added for Hopper; default [1, 1, 1]): when its product is above
// 1, the kernel is launched in thread block clusters through
// cuLaunchKernelEx (CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, unless the kernel
// has the cluster shape compiled in, which must then match), and needs a
// compute capability 9.0 device. Each grid dimension of the x/y/z form is
// rounded up to a multiple of the cluster dimension, so kernels must skip
// tiles outside M x N.
//
// <parameter> is, among others (see KernelParamSpec.h), a "memref" or a
// "tma" parameter:
//   {"kind": "memref", "operand": "a", "rank": 2}
//   {"kind": "tma", "operand": "a", "box": [64, 128], "swizzle": 128,
//    "pass": "by_value", "l2_promotion"*: 256, "oob_fill"*: "zero"}
//
// Bundles written before "tma" parameters and persistent grids existed read
// as before.
//
// "staged_transposes"*: {"a"*: <transpose entry>, "b"*: <transpose entry>}
// (tf32 kernels for a column-major A or a row-major B): the kernel reads
// that operand from a K-major copy, which the named "transpose" kernel
// (same images and chip as this entry, which it omits) writes before each
// launch; "layouts" gives the problem's layouts, the tensor maps describe
// the copy.
//
// "staged_copies"*: {"a"*: <copy entry>, "b"*: <copy entry>} (kernels with
// tensor maps): where TMA cannot read that operand in place (base address
// or row pitch not a multiple of 16 bytes, OperandStaging.h), the named
// "copy" kernel (same images and chip as this entry, which it omits; A and
// B may name the same one) writes its padded copy before each launch,
// instead of cudaMemcpy2DAsync. Its element type is the operand's; its
// memrefs are rank 3 for a batched entry ("batch"), else rank 2. An
// operand without an entry is copied by cudaMemcpy2DAsync, and so is every
// operand of a bundle without the field.
//
// "source_layouts"*: {"a": "row", "b": "row", "c": "row"} (a tf32 GEMM on
// row-major A and B, compiled as C^T = B^T·A^T by tile-exchange-operands):
// the layouts of the GEMM as written, the transposed ones of "layouts"
// (the kernel's own), which the runtime runs as the kernel's transposed
// problem (TransposedProblem.h) and tools take by default.
//
// "whole_tile_variant"*: {"name": "k_whole_tiles",
//                         "requires_divisible": {"m": 128, "n": 256, "k": 32},
//                         "min_alignment_bytes": 16,
//                         "dynamic_shared_memory_bytes"*: 98304}
// (mma.sync kernels compiled with `ragged = true`): a second kernel in the
// same images, launched with the entry's block, cluster, grid and
// parameters, that needs whole tiles and aligned operands and is faster
// where it may run. The runtime launches it instead of the entry's kernel
// for problems that meet its requirements (WholeTileVariant.h).
//
// "kind" (optional): "gemm" (the default: entries without "kind", which is
// every bundle written before transposes existed, are GEMMs), "transpose"
// or "copy" (only in "staged_copies"). A transpose kernel writes the
// row-major M×N matrix src transposed into the row-major N×M matrix dst
// (dst[j][i] = src[i][j]); its entry has the common fields above (name,
// images, chip, block, cluster*, dynamic_shared_memory_bytes*, grid, where
// extent "m" is the rows and "n" the columns of src) and, instead of the
// GEMM fields:
//
//   {"kind": "transpose",
//    "tile": {"m": 64, "n": 64},           (the src tile of one block)
//    "types": {"src": "f32", "dst": "f32"}, (one type: f16, bf16, f32,
//                                           f8E4M3FN or f8E5M2)
//    "layouts": {"src": "row", "dst": "row"},
//    "min_alignment_bytes": 4,
//    "vector_elements"*: 4,                (elements per global access
//                                           where alignment allows; 1..16)
//    "parameters": [{"kind": "memref", "operand": "src", "rank": 2},
//                   {"kind": "memref", "operand": "dst", "rank": 2}]}
//
// The two memrefs expand to 7 parameters each (KernelParams.h): src with
// sizes (M, N) and strides (lds, 1), dst with sizes (N, M) and strides
// (ldd, 1). Any M, N >= 1 runs (edge tiles are predicated). Rank-3 memrefs
// (batch × rows × columns, 9 parameters each, grid z {"extent": "batch",
// "tile": 1}) transpose every entry of a batch; a src batch stride of 0
// is one matrix.
//
// A copy kernel has exactly the fields of a transpose kernel, with
// "kind": "copy"; it writes the row-major M×N matrix src into the
// row-major M×N matrix dst (dst[i][j] = src[i][j]), each with its own
// leading dimension: both memrefs have sizes (M, N), src strides (lds, 1)
// and dst strides (ldd, 1) (CopyShape.h), e.g.
//
//   {"kind": "copy", "name": "gemm_kernel_stage_copy_b",
//    "block": [256, 1, 1], "cluster": [1, 1, 1],
//    "dynamic_shared_memory_bytes": 0,
//    "grid": {"x": {"extent": "n", "tile": 256},
//             "y": {"extent": "m", "tile": 32}, "z": 1},
//    "tile": {"m": 32, "n": 256},
//    "types": {"src": "bf16", "dst": "bf16"},
//    "layouts": {"src": "row", "dst": "row"},
//    "min_alignment_bytes": 2, "vector_elements": 8,
//    "parameters": [{"kind": "memref", "operand": "src", "rank": 2},
//                   {"kind": "memref", "operand": "dst", "rank": 2}]}
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELSPEC_H
#define GEMM_OPT_RUNTIME_KERNELSPEC_H

#include "runtime/bundle/BundleSchema.h"
#include "runtime/Chip.h"
#include "runtime/ElementType.h"
#include "runtime/KernelParamSpec.h"
#include "runtime/ScalingSpec.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The bundle format this runtime reads (runtime/bundle/BundleSchema.h).
inline constexpr llvm::StringLiteral BundleFormatName = bundle::FormatName;

/// A problem dimension of C[M x N] = A[M x K] * B[K x N], or the number of
/// batch entries (a grid extent only).
enum class ProblemDim { M, N, K, Batch };
llvm::StringRef getProblemDimName(ProblemDim dim); // "m", "n", "k", "batch"

/// Sizes along M, N and K (block tiles, divisibility requirements).
struct ProblemTile {
  int64_t m = 1;
  int64_t n = 1;
  int64_t k = 1;
};

/// One grid dimension: either a constant, or ceil(extent / tile).
struct GridDimSpec {
  bool isConstant = true;
  int64_t constant = 1;
  ProblemDim extent = ProblemDim::M;
  int64_t tile = 1;
};

/// A persistent grid (see the file comment): the kernel loops over tiles of
/// tileM x tileN outputs.
struct PersistentGridSpec {
  int64_t ctasPerSm = 1;
  int64_t tileM = 1;
  int64_t tileN = 1;
  /// stream_k: the K step ("tiles" has "k"); 0 otherwise.
  int64_t tileK = 0;
  /// "tiles" has "batch": 1: the kernel walks the tiles of every entry.
  bool perBatchEntry = false;
  /// The blocks share the last tiles' K steps ("stream_k": true); the
  /// kernel then takes a workspace of one tileM×tileN f32 slot per block.
  bool streamK = false;
};

/// What a bundle kernel computes (its "kind"), as the schema names it.
using bundle::getKernelKindName;
using bundle::KernelKind;

/// The fields of a "transpose" or a "copy" kernel (see the file comment),
/// which both move a row-major matrix (or a batch of them) from src to dst.
struct MatrixMoveKernelSpec {
  int64_t tileRows = 1; ///< "tile.m": rows of src per block.
  int64_t tileCols = 1; ///< "tile.n": columns of src per block.
  ElementType elementType = ElementType::F32;
  int64_t vectorElements = 1;
  /// Rank-3 src and dst memrefs: a batch of matrices, entries along grid z.
  bool batched = false;
};

struct KernelSpec;

/// A GEMM operand the kernel reads from a staged copy that a kernel in its
/// images writes before each launch.
struct StagedOperandSpec {
  Operand operand = Operand::A;
  /// The "transpose" or "copy" kernel that writes the copy; it lives in the
  /// GEMM kernel's images.
  std::shared_ptr<const KernelSpec> kernel;
};

/// The bundle's "staged_transposes" (see the file comment): a transposed
/// copy, e.g. of the column-major A of a tf32 kernel, which wgmma reads
/// only K-major.
using StagedTransposeSpec = StagedOperandSpec;

/// The bundle's "staged_copies" (see the file comment): the padded copy of
/// an operand TMA cannot read in place, written by a "copy" kernel.
using StagedCopySpec = StagedOperandSpec;

/// The bundle's "whole_tile_variant" (see the file comment): what differs
/// from the entry's kernel.
struct WholeTileVariantSpec {
  std::string name; ///< Its symbol in the entry's images.
  ProblemTile requiresDivisible;
  int64_t minAlignmentBytes = 16;
  uint32_t dynamicSharedMemoryBytes = 0;
};

struct KernelSpec {
  KernelKind kind = KernelKind::Gemm;
  /// Set for (and only for) a transpose or a copy kernel.
  std::optional<MatrixMoveKernelSpec> matrixMove;
  std::string name;      ///< Kernel symbol in the cubin / PTX.
  std::string cubinPath; ///< Resolved path, empty if the bundle has none.
  std::string ptxPath;   ///< Resolved path, empty if the bundle has none.
  /// The digest of the entry's launch metadata (runtime/bundle/LaunchDigest.h),
  /// compared with the one in the image when the kernel is loaded.
  uint64_t launchDigest = 0;
  std::string chipName;  ///< As written in the bundle ("sm_90a").
  ChipTarget chip;
  std::array<unsigned, 3> block = {1, 1, 1};
  std::array<unsigned, 3> cluster = {1, 1, 1};
  uint32_t dynamicSharedMemoryBytes = 0;
  std::array<GridDimSpec, 3> grid; ///< Unused for a persistent grid.
  std::optional<PersistentGridSpec> persistentGrid;
  std::optional<ProblemTile> tile; ///< Informational.
  ProblemTile requiresDivisible;
  ElementType aType = ElementType::BF16;
  ElementType bType = ElementType::BF16;
  ElementType cType = ElementType::BF16;
  ElementType accumulatorType = ElementType::F32;
  /// The bundle's "layouts": how the kernel reads A and B and writes C.
  MatrixLayouts layouts;
  /// The bundle's "source_layouts": the layouts of the tile.gemm as written
  /// when the compiler exchanged A and B (tile-exchange-operands), the
  /// transposed ones of `layouts`; the problems a tool runs by default.
  std::optional<MatrixLayouts> sourceLayouts;
  /// The layouts of the problems this kernel was compiled for:
  /// sourceLayouts, else layouts.
  const MatrixLayouts &getSourceLayouts() const {
    return sourceLayouts ? *sourceLayouts : layouts;
  }
  int64_t minAlignmentBytes = 16;
  /// The bundle's "math": true for "ffma" (fp32 products and sums on the
  /// CUDA cores, checked as tightly as SGEMM), false for "tensor_core" or a
  /// bundle without the field.
  bool exactFp32Math = false;
  std::vector<KernelParamSpec> parameters;
  /// The bundle's optional "epilogue": what is fused before C is stored.
  FusedEpilogueSpec epilogue;
  /// The bundle's "scaling" of an FP8 GEMM (8-bit A and B): how its f32
  /// scales multiply the product (ScalingSpec.h, ScaledKernelSpec.h).
  std::optional<ScalingSpec> scaling;
  /// "batch": {"strided": true}: the kernel runs batches of matrices with
  /// per-operand batch strides (BatchedKernelSpec.h).
  bool stridedBatch = false;
  /// The bundle's "grouped": a grouped GEMM's layout, whose group operand
  /// is its last parameter (GroupedKernelSpec.h).
  std::optional<GroupedLayout> grouped;
  /// Operands staged through a transpose before each launch; the kernel's
  /// tensor maps and memrefs then describe the copy, in the other order
  /// than `layouts` says (OperandStaging.h).
  std::vector<StagedTransposeSpec> stagedTransposes;
  /// Copy kernels that write the padded copies of operands TMA cannot read
  /// in place (OperandStaging.h); operands without one are copied by
  /// cudaMemcpy2DAsync.
  std::vector<StagedCopySpec> stagedCopies;
  /// A faster kernel for whole tiles and aligned operands, launched in
  /// this one's place where the problem allows (WholeTileVariant.h).
  std::optional<WholeTileVariantSpec> wholeTileVariant;

  unsigned getClusterSize() const {
    return cluster[0] * cluster[1] * cluster[2];
  }
  bool hasCluster() const { return getClusterSize() != 1; }
  bool hasTensorMaps() const;
  ElementType getOperandType(Operand operand) const;
  /// The staged transpose of `operand`, or null.
  const StagedTransposeSpec *getStagedTranspose(Operand operand) const;
  /// The staged copy kernel of `operand`, or null.
  const StagedCopySpec *getStagedCopy(Operand operand) const;
  unsigned getThreadsPerBlock() const { return block[0] * block[1] * block[2]; }
};

struct KernelBundle {
  std::string path;      ///< The JSON file, for messages.
  std::string directory; ///< Where relative image paths are resolved.
  std::vector<KernelSpec> kernels;
};

/// Parses bundle JSON text. Image paths are resolved against
/// `bundleDirectory`; `displayName` prefixes error messages.
llvm::Expected<KernelBundle> parseKernelBundle(llvm::StringRef jsonText,
                                               llvm::StringRef bundleDirectory,
                                               llvm::StringRef displayName);

/// Reads and parses a bundle JSON file.
llvm::Expected<KernelBundle> loadKernelBundle(llvm::StringRef path);

/// Checks that the runtime can run and check the types of `spec`: a and b of
/// one type, c of that type or f32, f32 accumulation (what cublasGemmEx with
/// CUBLAS_COMPUTE_32F supports); or 8-bit a and b, not both f8E5M2, and c of
/// a 16- or 32-bit type (what cuBLASLt's FP8 matmul supports).
llvm::Error checkSupportedTypes(const KernelSpec &spec);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELSPEC_H
