//===- BundleCapabilities.h - What a bundle kernel declares it runs -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place that decides, from a kernel's metadata alone, whether the
// kernel can run a GemmProblem (GemmProblem.h). It reads what KernelSpec
// parsed (types, requires_divisible, min_alignment_bytes) and these
// capability fields of the kernel entry (see KernelSpec.h for the rest):
//
//   "layouts": {"a": L, "b": L, "c": L}
//       L is "row" or "col" (or "source_layouts", of a kernel compiled with
//       A and B exchanged). Required by the bundle format.
//   "epilogue"*: the kernel's fused epilogue (FusedEpilogueSpec.h, parsed
//       by KernelSpec). A kernel claims the problems whose bias and
//       activation are exactly the ones it fuses (it always applies them),
//       with any alpha and beta if it fuses alpha_beta, else alpha = 1 and
//       beta = 0; the runtime passes alpha, beta, the bias and the
//       residual, and claims a problem only with the residual it fuses.
//   "batch"*: {"strided": bool}
//       the kernel runs several batch entries with per-operand batch strides
//       (BatchedKernelSpec.h); A and B may have stride 0.
//
// A missing field, or a missing key inside one, means "not supported": a
// kernel without "epilogue" computes D = A * B only, one without "batch"
// runs a single batch entry. Unknown keys are ignored, so producers may add
// fields before the runtime reads them (runtime/bundle/BundleSchema.h).
//
// Alignment: the byte offset of each operand's first element, its row (or
// column) pitch and, with several batch entries, its batch stride must be
// multiples of that operand's alignment (OperandAlignment.h): its element
// size for A and B of a "tma" parameter (the runtime stages them), else
// min_alignment_bytes.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_BUNDLECAPABILITIES_H
#define GEMM_OPT_RUNTIME_BUNDLECAPABILITIES_H

#include "runtime/GemmProblem.h"
#include "runtime/KernelSpec.h"
#include "runtime/ProblemRefusal.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <array>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The layouts one operand may have.
struct LayoutSet {
  bool row = false;
  bool col = false;
  bool contains(MatrixLayout layout) const {
    return layout == MatrixLayout::Row ? row : col;
  }
  /// "row", "col" or "row|col".
  std::string str() const;
};

struct KernelCapabilities {
  std::string kernelName;
  ElementType aType = ElementType::BF16;
  ElementType bType = ElementType::BF16;
  ElementType cType = ElementType::BF16;
  std::array<LayoutSet, 3> layouts; ///< Indexed by Operand.
  ProblemTile requiresDivisible;
  /// Per operand (indexed by Operand): getOperandAlignmentBytes.
  std::array<int64_t, 3> alignmentBytes = {16, 16, 16};
  /// FusedEpilogueSpec::describe() of a kernel that fuses anything, else "".
  std::string fusedEpilogue;
  // The fused epilogue (FusedEpilogueSpec), as the problem model
  // (GemmProblem's Epilogue) sees it. A kernel always applies the bias and
  // activation it fuses, so it claims only problems with exactly those;
  // alpha_beta takes any alpha and beta.
  bool anyAlpha = false;
  bool anyBeta = false;
  /// BiasKind::Row, a row vector of N entries: the kernel's bias = column.
  bool rowBias = false;
  /// BiasKind::Col, a column vector of M entries: the kernel's bias = row.
  bool colBias = false;
  /// The activation the kernel always applies.
  EpilogueActivation activation = EpilogueActivation::None;
  /// The kernel adds a residual matrix (it always does).
  bool residual = false;
  // "batch"
  bool stridedBatch = false;

  ElementType getType(Operand operand) const;
  bool supportsBias(BiasKind bias) const;
  bool supportsActivation(EpilogueActivation activation) const {
    return activation == this->activation;
  }
};

/// The capabilities `spec` shows: its one layout per operand (the source
/// layouts of a kernel compiled with A and B exchanged), its "batch" and
/// its epilogue.
KernelCapabilities getKernelCapabilities(const KernelSpec &spec);

/// The problem model's name for a kernel's bias: `bias = column` adds a row
/// vector (BiasKind::Row, N entries), `bias = row` a column vector.
BiasKind getProblemBias(EpilogueBias bias);

/// The epilogue of a problem that the fused `epilogue` computes with
/// `alpha` and `beta` (used only with alpha_beta), for a caller that runs a
/// kernel on a problem of its own (gemm-run's batched runs).
Epilogue getProblemEpilogue(const FusedEpilogueSpec &epilogue, double alpha,
                            double beta);

/// The capabilities of every kernel of `bundle`, in its order.
std::vector<KernelCapabilities>
getBundleCapabilities(const KernelBundle &bundle);

/// One reason the kernel cannot run the problem, with its message.
struct CapabilityGap {
  RefusalReason reason;
  std::string message;
};

/// Every reason (at most one per RefusalReason, in enum order) why the
/// declared capabilities do not cover `problem`; empty when they do.
llvm::SmallVector<CapabilityGap>
findCapabilityGaps(const KernelCapabilities &capabilities,
                   const GemmProblem &problem);

/// Success when the capabilities cover `problem`, else a ProblemRefusal for
/// the first gap.
llvm::Error checkCapabilities(const KernelCapabilities &capabilities,
                              const GemmProblem &problem);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_BUNDLECAPABILITIES_H
