//===- BatchedKernelSpec.cpp - What makes a bundle kernel batched ---------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/BatchedKernelSpec.h"

#include "runtime/KernelSpec.h"
#include "runtime/RuntimeError.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

Error checkBatchedKernelSpec(const KernelSpec &spec, const Twine &context) {
  bool batched = spec.stridedBatch;
  auto refuse = [&](const Twine &what) {
    return makeBadInputError(
        context + ": " + what +
        (batched ? "; a batched kernel (\"batch\": {\"strided\": true}) "
                   "takes rank-3 memrefs and 3-D tensor maps, walks the batch "
                   "entries along its grid and has no split_k workspace"
                 : "; only a batched kernel (\"batch\": {\"strided\": "
                   "true}) has that"));
  };
  for (const KernelParamSpec &param : spec.parameters) {
    if (param.kind == KernelParamSpec::Kind::MemRef &&
        (param.rank == 3) != batched)
      return refuse("the memref parameter of operand '" +
                    getOperandName(param.operand) + "' has rank " +
                    Twine(param.rank));
    // The residual is laid out like C: a batch of matrices for a batched
    // kernel.
    if (param.kind == KernelParamSpec::Kind::EpilogueMemRef &&
        param.epilogueOperand == EpilogueOperand::Residual &&
        (param.rank == 3) != batched)
      return refuse("the memref parameter of the residual has rank " +
                    Twine(param.rank));
    if (param.isTensorMap() && (param.tensorMap.rank == 3) != batched)
      return refuse("the tensor map of operand '" + getParamOperandName(param) +
                    "' is " + Twine(param.tensorMap.rank) + "-D");
    if (batched && param.kind == KernelParamSpec::Kind::Workspace)
      return refuse("it takes a split_k workspace (one batch entry's)");
  }
  if (spec.persistentGrid) {
    if (spec.persistentGrid->perBatchEntry != batched)
      return refuse(batched ? "its persistent grid's \"tiles\" have no "
                              "\"batch\": 1"
                            : "its persistent grid walks batch entries "
                              "(\"tiles\" with \"batch\")");
    return Error::success();
  }
  bool batchAxis = any_of(spec.grid, [](const GridDimSpec &dim) {
    return !dim.isConstant && dim.extent == ProblemDim::Batch;
  });
  if (batchAxis != batched)
    return refuse(batched ? "no grid dimension has extent \"batch\""
                          : "a grid dimension has extent \"batch\"");
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
