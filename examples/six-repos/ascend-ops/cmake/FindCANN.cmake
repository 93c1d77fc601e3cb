# FindCANN: the Ascend CANN toolkit.
#
# Looks in $ASCEND_HOME_PATH (set by set_env.sh), then the default root install. Reads the
# version from <arch>-linux/ascend_toolkit_install.info ("version=8.0.RC1"). CMake compares
# versions as dotted numbers, so CANN_VERSION drops a release-candidate tag: 7.0.RC1 -> 7.0.
# CANN_VERSION_STRING keeps the vendor's spelling.
#
# Defines CANN_FOUND, CANN_ROOT, CANN_VERSION, CANN_VERSION_STRING and the imported target
# CANN::ascendcl.

set(_cann_hints "$ENV{ASCEND_HOME_PATH}" "$ENV{ASCEND_TOOLKIT_HOME}"
  /usr/local/Ascend/ascend-toolkit/latest)
find_path(CANN_ROOT NAMES include/acl/acl.h HINTS ${_cann_hints} NO_DEFAULT_PATH)

if(CANN_ROOT)
  file(GLOB _cann_info "${CANN_ROOT}/*-linux/ascend_toolkit_install.info")
  if(_cann_info)
    list(GET _cann_info 0 _cann_info)
    file(STRINGS "${_cann_info}" _cann_line REGEX "^version=")
    string(REGEX REPLACE "^version=" "" CANN_VERSION_STRING "${_cann_line}")
    string(REGEX REPLACE "\\.[Rr][Cc][0-9]+.*$" "" CANN_VERSION "${CANN_VERSION_STRING}")
  endif()
  find_library(CANN_ASCENDCL_LIBRARY NAMES ascendcl HINTS ${CANN_ROOT}/lib64 NO_DEFAULT_PATH)
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CANN
  REQUIRED_VARS CANN_ROOT CANN_ASCENDCL_LIBRARY
  VERSION_VAR CANN_VERSION)

if(CANN_FOUND AND NOT TARGET CANN::ascendcl)
  add_library(CANN::ascendcl SHARED IMPORTED)
  set_target_properties(CANN::ascendcl PROPERTIES
    IMPORTED_LOCATION "${CANN_ASCENDCL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CANN_ROOT}/include")
endif()
