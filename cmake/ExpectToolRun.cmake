# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Included by the CTest scripts that run a tool on bad input
# (tools/*/Expect*.cmake, cmake -P):
#   expect_tool_run(TOOL CODE STDOUT_REGEX STDERR_REGEX ARGS...)
# runs TOOL with ARGS and fails the test unless it exits with CODE and its
# standard output and error match the regular expressions.
function(expect_tool_run tool code stdout_regex stderr_regex)
  execute_process(COMMAND ${tool} ${ARGN}
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
