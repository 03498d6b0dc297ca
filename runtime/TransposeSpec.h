//===- TransposeSpec.h - The fields of a "transpose" bundle kernel -*- C++ -*-===//
//
// Parses what a "kind": "transpose" entry has instead of the GEMM fields
// (see KernelSpec.h): tile, types, layouts, alignment, vector width and the
// [src, dst] memref parameters.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_TRANSPOSESPEC_H
#define GEMM_OPT_RUNTIME_TRANSPOSESPEC_H

#include "runtime/KernelSpec.h"

#include "llvm/Support/Error.h"

namespace gemm_opt {
namespace runtime {

class JsonFieldReader;

/// Fills spec.transpose (and the element types, alignment and parameters of
/// `spec`) from the transpose fields of `kernel`. BadInput errors.
llvm::Error parseTransposeFields(const JsonFieldReader &kernel,
                                 KernelSpec &spec);

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_TRANSPOSESPEC_H
