# Runs gemm-sweep on a machine without a CUDA driver: it must exit with 3
# and print "no CUDA driver". Skipped (exit 0 with a note) where a driver
# is installed.
if(EXISTS /dev/nvidiactl OR EXISTS /proc/driver/nvidia)
  message(STATUS "a CUDA driver is present; nothing to check")
  return()
endif()
execute_process(COMMAND ${SWEEP} ${BUNDLES} --cases 3 --seed 7
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 3)
  message(FATAL_ERROR "expected exit code 3, got ${code}\n${out}\n${err}")
endif()
if(NOT err MATCHES "no CUDA driver")
  message(FATAL_ERROR "expected 'no CUDA driver' in stderr:\n${err}")
endif()
if(NOT out MATCHES "gemm-sweep: seed 7")
  message(FATAL_ERROR "expected the seed first:\n${out}")
endif()
