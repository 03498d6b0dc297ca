//===- JsonFieldReader.h - Typed, contextual JSON field access -*- C++ -*-===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Reads typed fields of one llvm::json::Object. Every error is a BadInput
// RuntimeError that names where in the document the field is, e.g.
//   "k.json: kernels[0] (gemm_kernel_0): missing required field 'block'".
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_OPT_RUNTIME_JSONFIELDREADER_H
#define GEMM_OPT_RUNTIME_JSONFIELDREADER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <cstdint>
#include <limits>
#include <string>

namespace gemm_opt {
namespace runtime {

class JsonFieldReader {
public:
  JsonFieldReader(const llvm::json::Object &object, std::string context)
      : object(&object), context(std::move(context)) {}

  const std::string &getContext() const { return context; }
  const llvm::json::Object &getFields() const { return *object; }
  bool has(llvm::StringRef key) const { return object->get(key) != nullptr; }

  /// "<context>: field '<key>' <problem>".
  llvm::Error fail(llvm::StringRef key, const llvm::Twine &problem) const;

  llvm::Expected<const llvm::json::Value *>
  getRequired(llvm::StringRef key) const;
  llvm::Expected<llvm::StringRef> getString(llvm::StringRef key) const;
  llvm::Expected<int64_t>
  getInteger(llvm::StringRef key, int64_t min,
             int64_t max = std::numeric_limits<int64_t>::max()) const;
  /// A reader for a nested object; its context is "<context>: field '<key>'".
  llvm::Expected<JsonFieldReader> getObject(llvm::StringRef key) const;
  /// An array of exactly 3 integers in [1, max].
  llvm::Expected<std::array<unsigned, 3>> getDim3(llvm::StringRef key,
                                                  int64_t max) const;

private:
  const llvm::json::Object *object;
  std::string context;
};

} // namespace runtime
} // namespace gemm_opt

#endif // GEMM_OPT_RUNTIME_JSONFIELDREADER_H
