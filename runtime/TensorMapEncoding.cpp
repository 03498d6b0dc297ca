//===- TensorMapEncoding.cpp - cuTensorMapEncodeTiled arguments -----------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "runtime/TensorMapEncoding.h"

#include "runtime/RuntimeError.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace gemm_opt {
namespace runtime {

namespace {

// cuTensorMapEncodeTiled limits.
constexpr uint64_t maxGlobalDim = uint64_t(1) << 32;
constexpr uint64_t strideLimit = uint64_t(1) << 40; // strides must be below

CUtensorMapSwizzle getSwizzle(unsigned bytes) {
  switch (bytes) {
  case 32:
    return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64:
    return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128:
    return CU_TENSOR_MAP_SWIZZLE_128B;
  default:
    return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

CUtensorMapL2promotion getL2Promotion(unsigned bytes) {
  switch (bytes) {
  case 64:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_64B;
  case 128:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
  case 256:
    return CU_TENSOR_MAP_L2_PROMOTION_L2_256B;
  default:
    return CU_TENSOR_MAP_L2_PROMOTION_NONE;
  }
}

unsigned getSwizzleBytes(CUtensorMapSwizzle swizzle) {
  switch (swizzle) {
  case CU_TENSOR_MAP_SWIZZLE_32B:
    return 32;
  case CU_TENSOR_MAP_SWIZZLE_64B:
    return 64;
  case CU_TENSOR_MAP_SWIZZLE_128B:
    return 128;
  default:
    return 0;
  }
}

/// Everything but the address.
Expected<TensorMapEncoding> computeEncoding(const KernelSpec &spec,
                                            const KernelParamSpec &param,
                                            const GemmShape &shape) {
  // A map over the residual takes C's geometry: the residual is laid out
  // like C.
  Operand operand = param.operand;
  std::string context = ("kernel " + spec.name + ": operand " +
                         getParamOperandName(param) + " (tma)")
                            .str();
  if (!param.isTensorMap())
    return makeBadInputError(context + " is not a tma parameter");
  ElementType type = spec.getOperandType(operand);
  const TensorMapSpec &map = param.tensorMap;
  if (Error err = checkTensorMapBox(map, type, context))
    return std::move(err);

  OperandLayout layout = getOperandLayout(shape, operand);
  TensorMapEncoding encoding;
  encoding.rank = map.rank;
  encoding.operand = operand;
  encoding.overResidual = param.overResidual;
  encoding.dataType = getTensorMapDataType(type);
  encoding.globalDim = {static_cast<cuuint64_t>(layout.cols),
                        static_cast<cuuint64_t>(layout.rows), 1};
  uint64_t pitch = static_cast<uint64_t>(layout.ld) * getElementSize(type);
  encoding.globalStrides = {pitch, 0};
  encoding.boxDim = {map.box[0], map.box[1], map.box[2]};
  encoding.swizzle = getSwizzle(map.swizzleBytes);
  encoding.l2Promotion = getL2Promotion(map.l2PromotionBytes);
  encoding.oobFill = map.oobFill == TensorMapOobFill::Nan
                         ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                         : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;

  for (cuuint64_t dim : encoding.globalDim)
    if (dim < 1 || dim > maxGlobalDim)
      return makeBadInputError(context + ": dimension " + Twine(dim) +
                               " is outside [1, 2^32]");
  std::string ldName = ("ld" + getOperandName(operand)).str();
  if (pitch % TensorMapGlobalAlignment != 0)
    return makeBadInputError(
        context + ": TMA needs a row pitch that is a multiple of " +
        Twine(TensorMapGlobalAlignment) + " bytes, but " + ldName + "=" +
        Twine(layout.ld) + " (" + getElementTypeName(type) + ") gives " +
        Twine(pitch) + " bytes");
  if (pitch >= strideLimit)
    return makeBadInputError(context + ": the row pitch of " + Twine(pitch) +
                             " bytes (" + ldName + "=" + Twine(layout.ld) +
                             ") is not below 2^40 bytes, as TMA requires");
  if (map.rank == 3) {
    // One entry for a stride-0 operand, which every entry reads.
    int64_t stride = shape.getBatchStride(operand);
    bool broadcast = stride == 0 || shape.batch == 1;
    uint64_t strideBytes =
        broadcast ? static_cast<uint64_t>(layout.getMatrixSpan()) *
                        getElementSize(type)
                  : static_cast<uint64_t>(stride) * getElementSize(type);
    encoding.globalDim[2] =
        broadcast ? 1 : static_cast<cuuint64_t>(shape.batch);
    encoding.globalStrides[1] = strideBytes;
    if (encoding.globalDim[2] > maxGlobalDim)
      return makeBadInputError(context + ": batch count " +
                               Twine(encoding.globalDim[2]) +
                               " is outside [1, 2^32]");
    if (strideBytes % TensorMapGlobalAlignment != 0)
      return makeBadInputError(
          context + ": TMA needs a batch stride that is a multiple of " +
          Twine(TensorMapGlobalAlignment) + " bytes, but the batch stride of " +
          Twine(stride) + " elements (" + getElementTypeName(type) +
          ") gives " + Twine(strideBytes) + " bytes");
    if (strideBytes >= strideLimit)
      return makeBadInputError(context + ": the batch stride of " +
                               Twine(strideBytes) +
                               " bytes is not below 2^40 bytes, as TMA "
                               "requires");
  }
  return encoding;
}

} // namespace

std::string TensorMapEncoding::describe() const {
  std::string text;
  raw_string_ostream os(text);
  os << "operand " << (overResidual ? "residual" : getOperandName(operand))
     << ": address " << format_hex(globalAddress, 2) << ", dims ["
     << globalDim[0] << ", " << globalDim[1];
  if (rank == 3)
    os << ", " << globalDim[2];
  os << "], row pitch " << globalStrides[0] << " B";
  if (rank == 3)
    os << ", batch stride " << globalStrides[1] << " B";
  os << ", box [" << boxDim[0] << ", " << boxDim[1];
  if (rank == 3)
    os << ", " << boxDim[2];
  os << "], swizzle ";
  if (unsigned bytes = getSwizzleBytes(swizzle))
    os << bytes << "B";
  else
    os << "none";
  return text;
}

CUtensorMapDataType getTensorMapDataType(ElementType type) {
  switch (type) {
  case ElementType::F16:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case ElementType::BF16:
    return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case ElementType::F32:
    return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  // TMA has no 8-bit float types; it moves the bytes as they are.
  case ElementType::F8E4M3FN:
  case ElementType::F8E5M2:
    return CU_TENSOR_MAP_DATA_TYPE_UINT8;
  }
  return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
}

Expected<TensorMapEncoding>
computeTensorMapEncoding(const KernelSpec &spec, const KernelParamSpec &param,
                         const GemmShape &shape, uint64_t globalAddress) {
  Expected<TensorMapEncoding> encoding = computeEncoding(spec, param, shape);
  if (!encoding)
    return encoding.takeError();
  if (globalAddress == 0 || globalAddress % TensorMapGlobalAlignment != 0) {
    std::string address;
    raw_string_ostream(address) << format_hex(globalAddress, 2);
    return makeBadInputError("kernel " + spec.name + ": operand " +
                             getParamOperandName(param) +
                             " (tma): TMA needs a global address aligned to " +
                             Twine(TensorMapGlobalAlignment) +
                             " bytes, but the buffer is at " + address);
  }
  encoding->globalAddress = globalAddress;
  return encoding;
}

Error checkTensorMapsSupported(const KernelSpec &spec, const GemmShape &shape) {
  for (const KernelParamSpec &param : spec.parameters) {
    // A map the kernel can do without is left out where TMA cannot take it.
    if (!param.isTensorMap() || param.tensorMap.nullWhenUnaligned)
      continue;
    Expected<TensorMapEncoding> encoding = computeEncoding(spec, param, shape);
    if (!encoding)
      return encoding.takeError();
  }
  return Error::success();
}

} // namespace runtime
} // namespace gemm_opt
