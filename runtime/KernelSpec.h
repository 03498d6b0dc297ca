//===- KernelSpec.h - Kernel bundle metadata -------------------*- C++ -*-===//
//
// The compiler writes a kernel bundle: a JSON file (format
// "gemm-opt-bundle-v1") that lists kernels, each with its cubin/PTX file
// (relative to the JSON file), launch configuration, tile sizes, element types
// and kernel parameter convention. This file parses it into KernelSpecs.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_KERNELSPEC_H
#define GEMM_OPT_RUNTIME_KERNELSPEC_H

#include "runtime/Chip.h"
#include "runtime/ElementType.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gemm_opt {
namespace runtime {

/// The bundle format this runtime reads.
inline constexpr llvm::StringLiteral BundleFormatName = "gemm-opt-bundle-v1";

enum class Operand { A, B, C };
llvm::StringRef getOperandName(Operand operand);

/// A problem dimension of C[M x N] = A[M x K] * B[K x N].
enum class ProblemDim { M, N, K };
llvm::StringRef getProblemDimName(ProblemDim dim); // "m", "n", "k"

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

/// One kernel parameter group. Only 2-D memrefs exist today: each is passed
/// as 7 eight-byte kernel parameters (see KernelParams.h).
struct KernelParamSpec {
  enum class Kind { MemRef };
  Kind kind = Kind::MemRef;
  Operand operand = Operand::A;
  unsigned rank = 2;
};

struct KernelSpec {
  std::string name;      ///< Kernel symbol in the cubin / PTX.
  std::string cubinPath; ///< Resolved path, empty if the bundle has none.
  std::string ptxPath;   ///< Resolved path, empty if the bundle has none.
  std::string chipName;  ///< As written in the bundle ("sm_90a").
  ChipTarget chip;
  std::array<unsigned, 3> block = {1, 1, 1};
  std::array<unsigned, 3> cluster = {1, 1, 1};
  uint32_t dynamicSharedMemoryBytes = 0;
  std::array<GridDimSpec, 3> grid;
  std::optional<ProblemTile> tile; ///< Informational.
  ProblemTile requiresDivisible;
  ElementType aType = ElementType::BF16;
  ElementType bType = ElementType::BF16;
  ElementType cType = ElementType::BF16;
  ElementType accumulatorType = ElementType::F32;
  int64_t minAlignmentBytes = 16;
  std::vector<KernelParamSpec> parameters;

  bool hasCluster() const { return cluster[0] * cluster[1] * cluster[2] != 1; }
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
/// CUBLAS_COMPUTE_32F supports).
llvm::Error checkSupportedTypes(const KernelSpec &spec);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_KERNELSPEC_H
