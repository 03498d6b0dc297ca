# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# GEMM_OPT_BUILD_FUZZERS: the fuzz targets of tools/fuzz (docs/fuzzing.md).
# Needs clang. Everything this build compiles is instrumented for libFuzzer
# (-fsanitize=fuzzer-no-link) and checked by AddressSanitizer and
# UndefinedBehaviorSanitizer, so build only the fuzz targets here, in a
# build directory of its own (scripts/fuzz.sh uses build-fuzz/).
#
# GEMM_OPT_FUZZ_ENGINE is libfuzzer where clang's libFuzzer runtime links,
# else mutation: the targets then link tools/fuzz/MutationDriver.cpp, a
# deterministic mutation run over the corpus, without sanitizers (they come
# in the same runtime package as libFuzzer).

if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "GEMM_OPT_BUILD_FUZZERS needs clang (found "
    "${CMAKE_CXX_COMPILER_ID}): configure with -DCMAKE_CXX_COMPILER=clang++-22 "
    "-DCMAKE_C_COMPILER=clang-22, or run scripts/fuzz.sh")
endif()
if(NOT (GEMM_OPT_ENABLE_COMPILER AND GEMM_OPT_ENABLE_RUNTIME))
  message(FATAL_ERROR "GEMM_OPT_BUILD_FUZZERS needs the compiler and the "
    "runtime (GEMM_OPT_ENABLE_COMPILER, GEMM_OPT_ENABLE_RUNTIME)")
endif()

set(gemmOptSanitizers address,undefined)
if(NOT GEMM_OPT_FUZZ_ENGINE)
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,${gemmOptSanitizers}")
  check_cxx_source_compiles([[
    #include <cstddef>
    #include <cstdint>
    extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) {
      return 0;
    }]] GEMM_OPT_HAS_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  if(GEMM_OPT_HAS_LIBFUZZER)
    set(engine libfuzzer)
  else()
    set(engine mutation)
    message(WARNING "clang's libFuzzer runtime does not link (on Debian: "
      "apt-get install libclang-rt-22-dev): the fuzz targets run the "
      "deterministic mutation driver, without sanitizers")
  endif()
  set(GEMM_OPT_FUZZ_ENGINE ${engine} CACHE STRING
    "How the fuzz targets run: libfuzzer or mutation")
endif()
set_property(CACHE GEMM_OPT_FUZZ_ENGINE PROPERTY STRINGS libfuzzer mutation)

if(GEMM_OPT_FUZZ_ENGINE STREQUAL "libfuzzer")
  # Line tables only: symbolized crash reports without full debug info.
  add_compile_options(-fsanitize=fuzzer-no-link,${gemmOptSanitizers}
    -fno-sanitize-recover=all -fno-omit-frame-pointer -gline-tables-only)
  add_link_options(-fsanitize=${gemmOptSanitizers})
elseif(NOT GEMM_OPT_FUZZ_ENGINE STREQUAL "mutation")
  message(FATAL_ERROR "GEMM_OPT_FUZZ_ENGINE must be libfuzzer or mutation, "
    "not '${GEMM_OPT_FUZZ_ENGINE}'")
endif()
