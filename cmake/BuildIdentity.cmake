# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Writes the build identity headers at every build, touching each only when
# its content changes:
#   BuildIdentity.h  GEMM_OPT_PROJECT_VERSION and GEMM_OPT_BUILD_COMMIT (the
#                    git commit of the source tree, "-dirty" when it has
#                    uncommitted changes), which every tool's --version prints;
#   BuildChanges.h   GEMM_OPT_BUILD_CHANGES, a hash of those changes (empty
#                    when there are none), which the JIT adds to its cache
#                    key. Apart so that editing a file rebuilds only the JIT's
#                    one source that reads it, not every tool.
# Arguments: SOURCE_DIR, OUTPUT_DIR, PROJECT_VERSION.
execute_process(COMMAND git -C ${SOURCE_DIR} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(changesHash "")
execute_process(COMMAND git -C ${SOURCE_DIR} diff HEAD
  OUTPUT_VARIABLE changes RESULT_VARIABLE status ERROR_QUIET)
if(status EQUAL 0 AND NOT changes STREQUAL "")
  string(SHA256 changesHash "${changes}")
  string(SUBSTRING ${changesHash} 0 12 changesHash)
  set(commit "${commit}-dirty")
endif()

set(GEMM_OPT_BUILD_COMMIT ${commit})
set(GEMM_OPT_BUILD_CHANGES ${changesHash})
file(MAKE_DIRECTORY ${OUTPUT_DIR})
foreach(header BuildIdentity.h BuildChanges.h)
  configure_file(${CMAKE_CURRENT_LIST_DIR}/${header}.in
    ${OUTPUT_DIR}/${header}.new @ONLY)
  file(COPY_FILE ${OUTPUT_DIR}/${header}.new ${OUTPUT_DIR}/${header}
    ONLY_IF_DIFFERENT)
  file(REMOVE ${OUTPUT_DIR}/${header}.new)
endforeach()
