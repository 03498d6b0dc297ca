//===- CublasLtScaledMatmul.cpp - cuBLASLt's FP8 matmul -------------------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/CublasLtScaledMatmul.h"

#include "runtime/CublasLtEpilogue.h"
#include "runtime/CublasLtScaleLayout.h"
#include "runtime/CudaCheck.h"
#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

/// The first cuBLASLt status of a plan that is not a success, and the call
/// that returned it.
struct PlanStatus {
  cublasStatus_t status = CUBLAS_STATUS_SUCCESS;
  const char *call = "";

  /// Records `result` of `name` unless a failure came first; whether the
  /// plan is still good.
  bool record(cublasStatus_t result, const char *name) {
    if (status == CUBLAS_STATUS_SUCCESS && result != CUBLAS_STATUS_SUCCESS) {
      status = result;
      call = name;
    }
    return status == CUBLAS_STATUS_SUCCESS;
  }
  bool failed() const { return status != CUBLAS_STATUS_SUCCESS; }
  /// Whether the failure means cuBLASLt does not take this combination.
  bool isRefusal() const {
    return status == CUBLAS_STATUS_NOT_SUPPORTED ||
           status == CUBLAS_STATUS_INVALID_VALUE ||
           status == CUBLAS_STATUS_ARCH_MISMATCH;
  }
  std::string describe() const {
    return std::string(call) + ": " + getCublasStatusName(status);
  }
};

Expected<DeviceBuffer> upload(const std::vector<float> &values) {
  return DeviceBuffer::upload(values.data(), values.size() * sizeof(float));
}

} // namespace

Expected<CublasLtScaledMatmulPlan> CublasLtScaledMatmul::plan(
    const GemmShape &shape, const GemmTypes &types, const HostScales &scales,
    const CublasLtScaledMatmulOptions &options, const void *a, const void *b,
    void *d, cudaStream_t stream) {
  CublasLtScaledMatmul lt;
  lt.a = a;
  lt.b = b;
  lt.d = d;
  lt.alpha = options.alpha;
  lt.beta = options.beta;
  lt.stream = stream;
  lt.workspace = options.workspace;
  if (!lt.workspace) {
    Expected<DeviceBuffer> workspace =
        DeviceBuffer::allocate(CublasReference::WorkspaceBytes);
    if (!workspace)
      return workspace.takeError();
    lt.ownWorkspace = std::move(*workspace);
    lt.workspace = lt.ownWorkspace.data();
  }
  // cuBLASLt's A is our B, its B our A (CublasLtScaleLayout.h).
  const ScalingSpec &scaling = scales.getScaling();
  CublasLtScales ofA = convertToCublasLtScales(scaling.b, scales.getBufferB(),
                                               shape.m, shape.n, shape.k);
  CublasLtScales ofB = convertToCublasLtScales(scaling.a, scales.getBufferA(),
                                               shape.m, shape.n, shape.k);
  // A strided batch shares one set of scales; each is repeated for every
  // entry, so that the same product comes out (and nothing is read past
  // the buffers) whether cuBLASLt reads one set or one per entry.
  for (CublasLtScales *ltScales : {&ofA, &ofB}) {
    std::vector<float> entry = ltScales->values;
    for (int64_t batch = 1; batch < shape.batch; ++batch)
      llvm::append_range(ltScales->values, entry);
  }
  for (auto [buffer, values] :
       {std::pair<DeviceBuffer *, const std::vector<float> *>(&lt.scalesOfA,
                                                              &ofA.values),
        {&lt.scalesOfB, &ofB.values}}) {
    Expected<DeviceBuffer> uploaded = upload(*values);
    if (!uploaded)
      return uploaded.takeError();
    *buffer = std::move(*uploaded);
  }
  int8_t fastAccumulation = scaling.fastAccumulation ? 1 : 0;
  raw_string_ostream(lt.scaleModes)
      << "A_SCALE_MODE=" << getCublasLtScaleModeName(ofA.mode)
      << " (scale_b), B_SCALE_MODE=" << getCublasLtScaleModeName(ofB.mode)
      << " (scale_a), FAST_ACCUM=" << static_cast<int>(fastAccumulation);

  GEMM_CUDA_TRY(cublasLtCreate(&lt.handle));
  GEMM_CUDA_TRY(
      cublasLtMatmulDescCreate(&lt.operation, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  PlanStatus status;
  auto set = [&](cublasLtMatmulDescAttributes_t attribute, const auto &value,
                 const char *name) {
    return status.record(cublasLtMatmulDescSetAttribute(lt.operation, attribute,
                                                        &value, sizeof(value)),
                         name);
  };
  cublasOperation_t transpose = CUBLAS_OP_T, noTranspose = CUBLAS_OP_N;
  int32_t modeOfA = ofA.mode, modeOfB = ofB.mode;
  const void *pointerOfA = lt.scalesOfA.data();
  const void *pointerOfB = lt.scalesOfB.data();
  bool described =
      set(CUBLASLT_MATMUL_DESC_TRANSA, transpose, "TRANSA") &&
      set(CUBLASLT_MATMUL_DESC_TRANSB, noTranspose, "TRANSB") &&
      set(CUBLASLT_MATMUL_DESC_A_SCALE_MODE, modeOfA, "A_SCALE_MODE") &&
      set(CUBLASLT_MATMUL_DESC_B_SCALE_MODE, modeOfB, "B_SCALE_MODE") &&
      set(CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, pointerOfA,
          "A_SCALE_POINTER") &&
      set(CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, pointerOfB,
          "B_SCALE_POINTER") &&
      set(CUBLASLT_MATMUL_DESC_FAST_ACCUM, fastAccumulation, "FAST_ACCUM") &&
      set(CUBLASLT_MATMUL_DESC_EPILOGUE, options.epilogue, "EPILOGUE");
  if (described && (options.epilogue & CUBLASLT_EPILOGUE_BIAS)) {
    if (!options.bias)
      return makeBadInputError("cuBLASLt epilogue " +
                               getCublasLtEpilogueName(options.epilogue) +
                               " needs a bias vector");
    int32_t biasType = getCudaDataType(types.c);
    described =
        set(CUBLASLT_MATMUL_DESC_BIAS_POINTER, options.bias, "BIAS_POINTER") &&
        set(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, biasType, "BIAS_DATA_TYPE");
  }
  // An 8-bit D: its scale, and a bf16 C (cuBLASLt's FP8 matmuls type C
  // apart from an 8-bit D); beta must be 0, C is not read.
  bool eightBitD = isEightBitFloat(types.c);
  if (eightBitD != (options.scaleD != nullptr))
    return makeBadInputError("cuBLASLt's FP8 matmul: an 8-bit D needs its "
                             "scale, and only an 8-bit D takes one");
  if (eightBitD && options.beta != 0.0f)
    return makeBadInputError("cuBLASLt's FP8 matmul into an 8-bit D is "
                             "planned with beta = 0 only");
  if (described && eightBitD)
    described = set(CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, options.scaleD,
                    "D_SCALE_POINTER");
  if (described && options.amax)
    described = set(CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, options.amax,
                    "AMAX_D_POINTER");
  auto u64 = [](int64_t value) { return static_cast<uint64_t>(value); };
  described =
      described &&
      status.record(
          cublasLtMatrixLayoutCreate(&lt.aLayout, getCudaDataType(types.b),
                                     u64(shape.k), u64(shape.n), shape.ldb),
          "cublasLtMatrixLayoutCreate(A)") &&
      status.record(
          cublasLtMatrixLayoutCreate(&lt.bLayout, getCudaDataType(types.a),
                                     u64(shape.k), u64(shape.m), shape.lda),
          "cublasLtMatrixLayoutCreate(B)") &&
      status.record(
          cublasLtMatrixLayoutCreate(&lt.dLayout, getCudaDataType(types.c),
                                     u64(shape.n), u64(shape.m), shape.ldc),
          "cublasLtMatrixLayoutCreate(D)");
  // A strided batch: cuBLASLt's A is our B, its B our A.
  if (shape.batch > 1) {
    int32_t count = static_cast<int32_t>(shape.batch);
    for (auto [layout, stride] :
         {std::pair<cublasLtMatrixLayout_t, int64_t>(lt.aLayout,
                                                     shape.batchStrideB),
          {lt.bLayout, shape.batchStrideA},
          {lt.dLayout, shape.batchStrideC}})
      described =
          described &&
          status.record(cublasLtMatrixLayoutSetAttribute(
                            layout, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &count,
                            sizeof(count)),
                        "BATCH_COUNT") &&
          status.record(cublasLtMatrixLayoutSetAttribute(
                            layout, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET,
                            &stride, sizeof(stride)),
                        "STRIDED_BATCH_OFFSET");
  }
  if (described && eightBitD) {
    described = status.record(
        cublasLtMatrixLayoutCreate(&lt.cLayout, CUDA_R_16BF, u64(shape.n),
                                   u64(shape.m), shape.ldc),
        "cublasLtMatrixLayoutCreate(C)");
    Expected<DeviceBuffer> c = DeviceBuffer::allocate(
        static_cast<size_t>(shape.m) * static_cast<size_t>(shape.ldc) * 2);
    if (!c)
      return c.takeError();
    lt.cOfEightBitD = std::move(*c);
  }

  cublasLtMatmulHeuristicResult_t heuristic = {};
  int found = 0;
  if (described) {
    cublasLtMatmulPreference_t preference = nullptr;
    GEMM_CUDA_TRY(cublasLtMatmulPreferenceCreate(&preference));
    uint64_t workspaceBytes = CublasReference::WorkspaceBytes;
    cublasStatus_t result = cublasLtMatmulPreferenceSetAttribute(
        preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &workspaceBytes,
        sizeof(workspaceBytes));
    if (result == CUBLAS_STATUS_SUCCESS)
      result = cublasLtMatmulAlgoGetHeuristic(
          lt.handle, lt.operation, lt.aLayout, lt.bLayout,
          lt.cLayout ? lt.cLayout : lt.dLayout, lt.dLayout, preference, 1,
          &heuristic, &found);
    (void)cublasLtMatmulPreferenceDestroy(preference);
    status.record(result, "cublasLtMatmulAlgoGetHeuristic");
  }
  CublasLtScaledMatmulPlan plan;
  if (status.failed()) {
    if (!status.isRefusal())
      return checkCuda(status.status, status.call, __FILE__, __LINE__);
    plan.refusal = status.describe();
    return std::move(plan);
  }
  if (found == 0) {
    plan.refusal = "cublasLtMatmulAlgoGetHeuristic: no algorithm";
    return std::move(plan);
  }
  lt.algo = heuristic.algo;

  // Some refusals only come with the matmul itself.
  if (!status.record(lt.runStatus(), "cublasLtMatmul")) {
    if (!status.isRefusal())
      return checkCuda(status.status, status.call, __FILE__, __LINE__);
    plan.refusal = status.describe();
    return std::move(plan);
  }
  GEMM_CUDA_TRY(cudaStreamSynchronize(stream));

  int32_t id = 0, splitK = 0;
  uint32_t tile = 0, stages = 0;
  size_t written = 0;
  (void)cublasLtMatmulAlgoConfigGetAttribute(&lt.algo, CUBLASLT_ALGO_CONFIG_ID,
                                             &id, sizeof(id), &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(
      &lt.algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &tile, sizeof(tile), &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(&lt.algo,
                                             CUBLASLT_ALGO_CONFIG_STAGES_ID,
                                             &stages, sizeof(stages), &written);
  (void)cublasLtMatmulAlgoConfigGetAttribute(&lt.algo,
                                             CUBLASLT_ALGO_CONFIG_SPLITK_NUM,
                                             &splitK, sizeof(splitK), &written);
  raw_string_ostream(lt.algorithm)
      << "algo " << id << ", tile " << tile << ", stages " << stages
      << ", split-K " << splitK << ", waves "
      << format("%.2f", heuristic.wavesCount) << ", workspace "
      << heuristic.workspaceSize << " B";
  plan.matmul.emplace(std::move(lt));
  return std::move(plan);
}

cublasStatus_t CublasLtScaledMatmul::runStatus() {
  // cuBLASLt's A is our B and its B our A; C is D (read where beta is not
  // 0), or an 8-bit D's own bf16 C.
  const void *c = cLayout ? cOfEightBitD.data() : d;
  return cublasLtMatmul(handle, operation, &alpha, b, aLayout, a, bLayout,
                        &beta, c, cLayout ? cLayout : dLayout, d, dLayout,
                        &algo, workspace, CublasReference::WorkspaceBytes,
                        stream);
}

Error CublasLtScaledMatmul::run() {
  GEMM_CUDA_TRY(runStatus());
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
