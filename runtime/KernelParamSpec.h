//===- KernelParamSpec.h - Kernel parameter conventions --------*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The "parameters" array of a bundle kernel: what the kernel receives, in
// order. These kinds exist:
//
//   {"kind": "memref", "operand": "a"|"b"|"c", "rank": 2|3}
//       7 eight-byte parameters (see KernelParams.h); rank 3 (a batched
//       kernel's batch × rows × columns operand) 9.
//
//   {"kind": "memref", "operand": "bias", "rank": 1}
//   {"kind": "memref", "operand": "residual", "rank": 2|3}
//       Operands of a fused epilogue (see FusedEpilogueSpec.h), of C's
//       element type: the bias vector (5 eight-byte parameters: allocated,
//       aligned, offset, size, stride; M entries for "bias": "row", N for
//       "column") and the M×N residual matrix (7, with C's leading
//       dimension; in a batched kernel rank 3, 9 with C's batch stride).
//
//   {"kind": "scalar", "name": "alpha"|"beta", "type": "f32"}
//       One 4-byte f32 parameter of a fused epilogue with "alpha_beta".
//
//   {"kind": "memref", "operand": "scale_a"|"scale_b", "rank": 0|1|2}
//       The f32 scales of an FP8 GEMM's A and B (ScalingSpec.h), after the
//       fused epilogue's operands and before any workspace: rank 0 (a
//       tensor's scale) is 3 eight-byte parameters (allocated, aligned,
//       offset), rank 1 (row or column scales) 5 and rank 2 (block scales)
//       7, with the sizes and strides ScalingSpec.h gives each mode.
//
//   {"kind": "memref", "operand": "scale_d"|"amax", "rank": 0}
//       An FP8 GEMM's output scale (an e4m3 C holds saturate(D · scale_d))
//       and the f32 that receives the amax of D (max |D| before scale_d),
//       after the scales, 3 eight-byte parameters each. The kernel maxes
//       into amax atomically, so the runtime zeroes it on the launch
//       stream before every launch (KernelArguments::prepare).
//
//   {"kind": "memref", "operand": "group_rows"|"group_offsets", "rank": 1}
//       A grouped GEMM's counts (G entries) or offsets (G + 1), i32 in
//       device memory, its last parameter (GroupedKernelSpec.h): 5
//       eight-byte parameters (allocated, aligned, offset 0, size, stride 1).
//
//   {"kind": "tma", "operand": "a"|"b"|"c", "box": [inner, outer],
//    "swizzle": 0|32|64|128, "pass": "global_pointer"|"by_value",
//    "l2_promotion": 0|64|128|256, "oob_fill": "zero"|"nan"}
//       A 2-D tiled TMA descriptor (CUtensorMap) over the operand as
//       stored, encoded by the runtime with cuTensorMapEncodeTiled (see
//       TensorMapEncoding.h). "l2_promotion" (default 0) and "oob_fill"
//       (default "zero") are optional. A batched kernel's maps are 3-D, the
//       batch entries outermost, one entry per box: "box": [inner, outer, 1].
//       "null_when_unaligned": true (optional) lets the runtime leave the
//       map out where TMA cannot take the operand (see TensorMapSpec).
//
//   {"kind": "tma", "operand": "residual", "box": [inner, outer],
//    "swizzle": ..., "pass": ..., "null_when_unaligned": true, ...}
//       A tensor map over the fused epilogue's residual, which the kernel
//       TMA-loads into shared memory. The residual is laid out exactly like
//       C, so the map takes C's element type, layout, extents, row pitch and
//       batch stride; only its address is the residual's. It needs an
//       epilogue with "residual": true and "null_when_unaligned": true: the
//       runtime leaves it out where TMA cannot take the residual's address
//       or pitch (or there is no residual buffer), and the kernel must do
//       without it. At most one; it is not C's map, which the kernel may
//       take as well.
//
//   {"kind": "tma_present", "operand": "a"|"b"|"c"|"residual"}
//       One 4-byte i32 right after the operand's "tma" parameter with
//       "null_when_unaligned": 1 when that map is there, 0 when the runtime
//       left it out (and passed a null pointer, or zeros by_value, in its
//       place). A by_value map that may be left out needs one.
//
//   {"kind": "workspace", "name": "split_k_partials"|"split_k_tile_counters"}
//       A split_k / stream_k workspace buffer (see WorkspaceBuffer).
//
// Every operand needs at least one parameter (the residual's map is not one
// of C's); an operand may have one memref and one tma parameter, but not two
// of the same kind. A tensor map is opaque to the kernel, so a kernel that
// needs M, N or K at run time also takes the memref of an operand that has
// them (e.g. memref a for M and K).
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELPARAMSPEC_H
#define GEMM_OPT_RUNTIME_KERNELPARAMSPEC_H

#include "runtime/ElementType.h"
#include "runtime/FusedEpilogueSpec.h"
#include "runtime/GroupedKernelSpec.h"
#include "runtime/bundle/BundleSchema.h"

#include "llvm/ADT/ArrayRef.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

enum class Operand { A, B, C };
llvm::StringRef getOperandName(Operand operand); // "a", "b", "c"

/// How an operand's matrix is stored: row by row (unit stride along a row)
/// or column by column.
enum class MatrixLayout { Row, Col };
llvm::StringRef getMatrixLayoutName(MatrixLayout layout); // "row", "col"
std::optional<MatrixLayout> parseMatrixLayout(llvm::StringRef name);

/// The layouts of A, B and C.
struct MatrixLayouts {
  MatrixLayout a = MatrixLayout::Row;
  MatrixLayout b = MatrixLayout::Row;
  MatrixLayout c = MatrixLayout::Row;

  MatrixLayout get(Operand operand) const {
    return operand == Operand::A ? a : operand == Operand::B ? b : c;
  }
  MatrixLayout &get(Operand operand) {
    return operand == Operand::A ? a : operand == Operand::B ? b : c;
  }
  bool isAllRow() const {
    return a == MatrixLayout::Row && b == MatrixLayout::Row &&
           c == MatrixLayout::Row;
  }
  bool operator==(const MatrixLayouts &other) const {
    return a == other.a && b == other.b && c == other.c;
  }
  /// "a=row b=col c=row".
  std::string str() const;
};

/// How a "tma" parameter reaches the kernel.
enum class TensorMapPassing {
  /// "global_pointer": an 8-byte generic pointer to the 128-byte CUtensorMap
  /// in device global memory (what upstream MLIR's nvgpu TMA lowering
  /// expects, and gemm-opt's kernels take by default). The runtime keeps
  /// that copy alive for all launches.
  GlobalPointer,
  /// "by_value": the 128-byte CUtensorMap itself is the kernel parameter
  /// (a `const __grid_constant__ CUtensorMap` in CUDA C++; gemm-opt's
  /// kernels compiled with tensor-maps-by-value).
  ByValue,
};
llvm::StringRef getTensorMapPassingName(TensorMapPassing passing);

/// What TMA loads return for elements outside the tensor.
enum class TensorMapOobFill {
  Zero, ///< "zero": CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE (zeros).
  Nan,  ///< "nan": CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA.
};

/// Largest TMA box extent per dimension, in elements.
inline constexpr int64_t MaxTensorMapBox = 256;

/// A 2-D (or, batched, 3-D) tiled tensor map over an operand as stored.
/// Dimensions are innermost first: a row-major a is [K, M], b [N, K], c
/// [N, M]; a batched operand's batch entries come third.
struct TensorMapSpec {
  unsigned rank = 2; ///< 2, or 3 for a batched operand.
  /// Elements: {inner, outer} (and 1 along the batch for rank 3).
  std::array<uint32_t, 3> box = {1, 1, 1};
  unsigned swizzleBytes = 0;            ///< 0 (none), 32, 64 or 128.
  unsigned l2PromotionBytes = 0;        ///< 0 (none), 64, 128 or 256.
  TensorMapPassing passing = TensorMapPassing::GlobalPointer;
  TensorMapOobFill oobFill = TensorMapOobFill::Zero;
  /// The kernel does without this map when the operand's address or row
  /// pitch is not one TMA can take ("null_when_unaligned": true; C of a tma
  /// epilogue store, which then stores C with its threads, and the residual
  /// the kernel TMA-loads): it then takes a null pointer (global_pointer),
  /// or zeros and a 0 in the tma_present parameter that follows the map
  /// (by_value).
  bool nullWhenUnaligned = false;
};

/// What an epilogue parameter carries.
enum class EpilogueOperand { Alpha, Beta, Bias, Residual };
llvm::StringRef getEpilogueOperandName(EpilogueOperand operand);

/// The split_k workspace buffers ({"kind": "workspace", "name": ...}): S
/// slices of M·N f32 partial sums (S = the grid's z) and one i32 counter per
/// tile of C, each passed as a rank-1 memref, allocated and zeroed by the
/// runtime; every launch leaves the counters zero.
enum class WorkspaceBuffer { Partials, TileCounters };

/// One kernel parameter group.
struct KernelParamSpec {
  enum class Kind {
    MemRef,
    TensorMap,
    EpilogueMemRef,
    EpilogueScalar,
    Workspace,
    /// "tma_present": whether the previous parameter's map is there.
    TensorMapPresent,
    /// "scale_a" or "scale_b": an FP8 GEMM's scales of A or B.
    ScaleMemRef,
    /// "scale_d": an e4m3 C's output scale.
    ScaleDMemRef,
    /// "amax": where the kernel maxes the amax of D.
    AmaxMemRef,
    /// "group_rows" or "group_offsets": a grouped GEMM's group operand.
    GroupMemRef
  };
  Kind kind = Kind::MemRef;
  /// MemRef, TensorMap, TensorMapPresent, and ScaleMemRef (A for scale_a, B
  /// for scale_b).
  Operand operand = Operand::A;
  /// TensorMap and TensorMapPresent ("operand": "residual"): the map is over
  /// the fused epilogue's residual rather than C. `operand` is then C, whose
  /// element type, layout, extents, pitch and batch stride the residual
  /// shares, so geometry code treats the map as C's; only the address (and
  /// the name in messages) comes from the residual.
  bool overResidual = false;
  /// MemRef (2, or 3 batched), EpilogueMemRef and ScaleMemRef (0 to 2).
  unsigned rank = 2;
  TensorMapSpec tensorMap; ///< TensorMap only.
  /// EpilogueMemRef (Bias, Residual) and EpilogueScalar (Alpha, Beta).
  EpilogueOperand epilogueOperand = EpilogueOperand::Alpha;
  WorkspaceBuffer workspace = WorkspaceBuffer::Partials; ///< Workspace only.
  /// GroupMemRef: group_rows (masked) or group_offsets (contiguous).
  GroupedLayout groupLayout = GroupedLayout::Masked;

  bool isTensorMap() const { return kind == Kind::TensorMap; }
  /// A tensor map over operand `of` itself (the residual's map, whose
  /// operand is C, is not one of C's).
  bool isTensorMapOf(Operand of) const {
    return isTensorMap() && operand == of && !overResidual;
  }
  bool isEpilogue() const {
    return kind == Kind::EpilogueMemRef || kind == Kind::EpilogueScalar;
  }
};

/// The operand a MemRef, TensorMap, TensorMapPresent or ScaleMemRef
/// parameter names in the bundle: "a", "b", "c", "residual" for a map over
/// the residual, "scale_a", "scale_b", "scale_d", "amax", "group_rows" or
/// "group_offsets".
llvm::StringRef getParamOperandName(const KernelParamSpec &param);

/// Checks the box of a tensor map over elements of `type`: each extent in
/// [1, 256], the inner extent a multiple of 16 bytes and, when swizzled, at
/// most the swizzle span, and one batch entry deep for rank 3. `context`
/// prefixes the BadInput error.
llvm::Error checkTensorMapBox(const TensorMapSpec &spec, ElementType type,
                              const llvm::Twine &context);

/// Reads the "parameters" of a GEMM entry, `context` in messages.
/// `operandTypes` holds the element types of a, b and c (indexed by
/// Operand), for the box checks.
llvm::Expected<std::vector<KernelParamSpec>>
readKernelParams(llvm::ArrayRef<bundle::Parameter> parameters,
                 const std::array<ElementType, 3> &operandTypes,
                 const llvm::Twine &context);

/// Checks that `params` carry exactly the operands `epilogue` needs (alpha
/// and beta for alpha_beta, bias, residual), each once, and a tensor map
/// over the residual only when the epilogue adds one.
llvm::Error checkEpilogueParams(const std::vector<KernelParamSpec> &params,
                                const FusedEpilogueSpec &epilogue,
                                const llvm::Twine &context);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELPARAMSPEC_H
