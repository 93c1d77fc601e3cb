# FindCANN for infer-adapter: reads the toolkit's version.cfg, whose runtime line pairs the
# runtime's inner version with the CANN release, e.g.
#   runtime_running_version=[6.4.12.1.241:6.3.RC2]
# CANN_VERSION is the release with any RC tag dropped (6.3.RC2 -> 6.3), for CMake's numeric
# version comparisons; CANN_VERSION_STRING keeps it whole.

find_path(CANN_ROOT NAMES version.cfg include/acl/acl.h
  HINTS $ENV{ASCEND_TOOLKIT_HOME} /usr/local/Ascend/ascend-toolkit/latest NO_DEFAULT_PATH)

if(CANN_ROOT AND EXISTS "${CANN_ROOT}/version.cfg")
  file(STRINGS "${CANN_ROOT}/version.cfg" _runtime REGEX "^runtime_running_version=")
  string(REGEX MATCH ":([^]]+)\\]" _match "${_runtime}")
  set(CANN_VERSION_STRING "${CMAKE_MATCH_1}")
  string(REGEX REPLACE "\\.[Rr][Cc][0-9]+.*$" "" CANN_VERSION "${CANN_VERSION_STRING}")
endif()
find_library(CANN_ASCENDCL_LIBRARY ascendcl HINTS ${CANN_ROOT}/lib64 NO_DEFAULT_PATH)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CANN REQUIRED_VARS CANN_ROOT CANN_ASCENDCL_LIBRARY
  VERSION_VAR CANN_VERSION)

if(CANN_FOUND AND NOT TARGET CANN::ascendcl)
  add_library(CANN::ascendcl SHARED IMPORTED)
  set_target_properties(CANN::ascendcl PROPERTIES IMPORTED_LOCATION "${CANN_ASCENDCL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CANN_ROOT}/include")
endif()
