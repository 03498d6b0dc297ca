# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The reference pages docs/dsl.md and docs/passes.md are generated from the
# TableGen descriptions (cmake/GenerateDocs.cmake) and checked in.
#   gemm-opt-doc       regenerates them into the source tree's docs/
#   docs-up-to-date    (CTest) fails when the checked-in pages differ from
#                      what the sources generate

set(docsTableGenSources
  ${PROJECT_SOURCE_DIR}/passes/Passes.td
  ${PROJECT_SOURCE_DIR}/analysis/Passes.td
  ${PROJECT_SOURCE_DIR}/cmake/docs/dsl-header.md
  ${PROJECT_SOURCE_DIR}/cmake/docs/passes-header.md
  ${PROJECT_SOURCE_DIR}/cmake/GenerateDocs.cmake)
file(GLOB dialectTableGenSources CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/dialect/*.td)
list(APPEND docsTableGenSources ${dialectTableGenSources})

# GenerateDocs.cmake's arguments (cmake reads -D only before -P).
set(docsArguments
  -DTBLGEN=$<TARGET_FILE:${MLIR_TABLEGEN_EXE}>
  -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
  -DMLIR_INCLUDE=${MLIR_INCLUDE_DIRS})

add_custom_command(
  OUTPUT ${PROJECT_BINARY_DIR}/docs/dsl.md ${PROJECT_BINARY_DIR}/docs/passes.md
  COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/docs
  COMMAND ${CMAKE_COMMAND} ${docsArguments}
    -DOUTPUT_DIR=${PROJECT_BINARY_DIR}/docs
    -P ${PROJECT_SOURCE_DIR}/cmake/GenerateDocs.cmake
  DEPENDS ${docsTableGenSources}
  COMMENT "Generating docs/dsl.md and docs/passes.md from TableGen"
  VERBATIM)
# Copies at every run, so that a hand-edited page is put back too.
add_custom_target(gemm-opt-doc
  COMMAND ${CMAKE_COMMAND} -E copy_if_different
    ${PROJECT_BINARY_DIR}/docs/dsl.md ${PROJECT_BINARY_DIR}/docs/passes.md
    ${PROJECT_SOURCE_DIR}/docs
  DEPENDS ${PROJECT_BINARY_DIR}/docs/dsl.md ${PROJECT_BINARY_DIR}/docs/passes.md
  COMMENT "Updating docs/dsl.md and docs/passes.md"
  VERBATIM)

if(GEMM_OPT_BUILD_TESTS)
  add_test(NAME docs-up-to-date
    COMMAND ${CMAKE_COMMAND} ${docsArguments}
      -DGENERATE=${PROJECT_SOURCE_DIR}/cmake/GenerateDocs.cmake
      -DOUTPUT_DIR=${PROJECT_BINARY_DIR}/docs-check
      -DBUILD_DIR=${PROJECT_BINARY_DIR}
      -P ${PROJECT_SOURCE_DIR}/cmake/CheckDocs.cmake)
endif()
