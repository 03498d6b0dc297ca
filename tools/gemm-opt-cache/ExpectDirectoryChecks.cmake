# Runs gemm-opt-cache on a --dir that does not exist or is a file: every
# mode (list, clear, both, the default) must fail (exit 1) and say why, not
# print "cleared" or "0 entries"; an existing empty directory lists fine.
#   cmake -DCACHE_TOOL=... -DWORK=<scratch> -P this
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/empty)
file(WRITE ${WORK}/file "not a cache\n")

function(expect code stdout_regex stderr_regex)
  execute_process(COMMAND ${CACHE_TOOL} ${ARGN}
    RESULT_VARIABLE got OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT got EQUAL code)
    message(FATAL_ERROR
      "${ARGN}: expected exit code ${code}, got ${got}\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "${stdout_regex}")
    message(FATAL_ERROR "${ARGN}: expected '${stdout_regex}' in:\n${out}")
  endif()
  if(NOT err MATCHES "${stderr_regex}")
    message(FATAL_ERROR "${ARGN}: expected '${stderr_regex}' in:\n${err}")
  endif()
endfunction()

foreach(mode "--list" "--clear" "--list;--clear" "")
  expect(1 "^$" "error: no cache directory '[^']*missing': it does not exist"
    ${mode} --dir ${WORK}/missing)
  expect(1 "^$" "error: '[^']*file' is not a directory"
    ${mode} --dir ${WORK}/file)
endforeach()
if(EXISTS ${WORK}/missing)
  message(FATAL_ERROR "gemm-opt-cache created the missing directory")
endif()
expect(0 "empty \\(.*\\): 0 entries" "^$" --list --dir ${WORK}/empty)
expect(0 "cleared [^\n]*empty" "^$" --clear --dir ${WORK}/empty)
