# Installs what the JIT API needs as a CMake package, so that an outside
# project can
#   find_package(GemmOpt REQUIRED)
#   target_link_libraries(app PRIVATE GemmOpt::GemmOptJit)
# Libraries go to lib/, headers to include/gemm-opt/{jit,runtime,compiler}/
# (consumers include "jit/GemmJit.h"), the package files to
# lib/cmake/GemmOpt/. See cmake/GemmOptConfig.cmake.in for static LLVM.

include(CMakePackageConfigHelpers)

set(GEMM_OPT_INSTALL_CMAKEDIR lib/cmake/GemmOpt)
set(GEMM_OPT_INSTALL_INCLUDEDIR include/gemm-opt)

set(gemmOptInstalledLibraries
  GemmOptTileDialect GemmOptPasses GemmOptCompiler GemmOptRuntime GemmOptJit)
foreach(library ${gemmOptInstalledLibraries})
  target_include_directories(${library} INTERFACE
    $<INSTALL_INTERFACE:${GEMM_OPT_INSTALL_INCLUDEDIR}>)
endforeach()
install(TARGETS ${gemmOptInstalledLibraries}
  EXPORT GemmOptTargets
  ARCHIVE DESTINATION lib
  LIBRARY DESTINATION lib)
install(EXPORT GemmOptTargets
  NAMESPACE GemmOpt::
  DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR})

foreach(directory jit runtime compiler)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${directory}/
    DESTINATION ${GEMM_OPT_INSTALL_INCLUDEDIR}/${directory}
    FILES_MATCHING PATTERN "*.h"
    PATTERN "unittests" EXCLUDE
    PATTERN "smoke" EXCLUDE)
endforeach()

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/GemmOptConfig.cmake.in
  ${PROJECT_BINARY_DIR}/GemmOptConfig.cmake
  INSTALL_DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/GemmOptConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/GemmOptConfig.cmake
  ${PROJECT_BINARY_DIR}/GemmOptConfigVersion.cmake
  DESTINATION ${GEMM_OPT_INSTALL_CMAKEDIR})
