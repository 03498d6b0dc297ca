//===- SanitizerDefaults.cpp - sanitizer options of the fuzz targets ------===//
//
// Part of gemm-opt, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fuzz targets link LLVM and MLIR as Debian ships them, without
// AddressSanitizer, while their own code (and the LLVM header code inlined
// into it) is instrumented. llvm::BumpPtrAllocator poisons its slabs where
// it is instrumented and unpoisons them only there, so an allocation made
// by the uninstrumented copy of the same code lands in poisoned memory:
// manual poisoning is switched off. ASAN_OPTIONS still overrides these.
//
//===----------------------------------------------------------------------===//

extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}
