# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# CTest: regenerates docs/dsl.md and docs/passes.md into OUTPUT_DIR and fails
# when the checked-in pages differ, saying how to update them.
# Arguments: those of GenerateDocs.cmake, plus GENERATE (its path) and
# BUILD_DIR (for the message).

file(MAKE_DIRECTORY ${OUTPUT_DIR})
include(${GENERATE})

set(stale "")
foreach(page dsl.md passes.md)
  execute_process(
    COMMAND ${CMAKE_COMMAND} -E compare_files
      ${OUTPUT_DIR}/${page} ${SOURCE_DIR}/docs/${page}
    RESULT_VARIABLE differs)
  if(NOT differs EQUAL 0)
    list(APPEND stale docs/${page})
    # The start of the difference; the whole of it can be long.
    execute_process(COMMAND diff -u ${SOURCE_DIR}/docs/${page}
      ${OUTPUT_DIR}/${page} OUTPUT_VARIABLE difference)
    string(SUBSTRING "${difference}" 0 4000 difference)
    message("${difference}")
  endif()
endforeach()
if(stale)
  list(JOIN stale " and " stale)
  message(FATAL_ERROR "out of date: ${stale} (what the TableGen sources "
    "generate is in ${OUTPUT_DIR}). Update with\n"
    "  cmake --build ${BUILD_DIR} --target gemm-opt-doc\n"
    "and commit the result.")
endif()
message(STATUS "docs/dsl.md and docs/passes.md match the TableGen sources")
