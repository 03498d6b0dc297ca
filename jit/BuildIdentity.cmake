# Writes BuildIdentity.h (the git commit of the source tree, plus a hash of
# its uncommitted changes) at every build, touching it only when it changes.
# Arguments: SOURCE_DIR, INPUT, OUTPUT, PROJECT_VERSION.
execute_process(COMMAND git -C ${SOURCE_DIR} rev-parse --short=12 HEAD
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE status ERROR_QUIET)
if(NOT status EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
execute_process(COMMAND git -C ${SOURCE_DIR} diff HEAD
  OUTPUT_VARIABLE changes RESULT_VARIABLE status ERROR_QUIET)
if(status EQUAL 0 AND NOT changes STREQUAL "")
  string(SHA256 changesHash "${changes}")
  string(SUBSTRING ${changesHash} 0 12 changesHash)
  set(commit "${commit}-dirty-${changesHash}")
endif()
set(GEMM_OPT_BUILD_COMMIT ${commit})
configure_file(${INPUT} ${OUTPUT}.new @ONLY)
file(COPY_FILE ${OUTPUT}.new ${OUTPUT} ONLY_IF_DIFFERENT)
