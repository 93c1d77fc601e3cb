"""A CMake configure that stops without a vendor library or the variable that locates it
(outsider10 #2 leftovers): cuTENSOR found by ``find_library`` and tested by a fatal ``if``,
and an environment variable whose negated test stops the configure, with the check of its
value in the ``else``. Real lines from jdgsmallwood/cuda-spatial-filtering."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from scan_needs import source_file

# jdgsmallwood/cuda-spatial-filtering@ffc29e2a01bdade1e39dedd979555854136180e8
# cmake/find_cutensor.cmake:1-12
ROOT_STOP = """

if(NOT DEFINED ENV{CUTENSOR_ROOT} AND NOT DEFINED CUTENSOR_ROOT)
  message(FATAL_ERROR "CUTENSOR_ROOT not set!")
else()
  if(DEFINED ENV{CUTENSOR_ROOT})
    set(CUTENSOR_ROOT "$ENV{CUTENSOR_ROOT}")
  endif()
  message("-- Looking for cuTENSOR in ${CUTENSOR_ROOT}")
  if(NOT EXISTS ${CUTENSOR_ROOT})
    message(FATAL_ERROR "Cannot find CUTENSOR_ROOT")
  endif()
endif()
"""

# jdgsmallwood/cuda-spatial-filtering@9b9bcfd0a22bf4c3f563bfda8ccb01c593a4ffbe
# cmake/find_cutensor.cmake:23-42
LIBRARY_STOP = """find_library(CUTENSOR_LIBRARY
  NAMES cutensor libcutensor.so
  HINTS ${_cutensor_hint_roots}
  PATH_SUFFIXES lib lib64 targets/x86_64-linux/lib
)

if(NOT CUTENSOR_LIBRARY)
  find_library(CUTENSOR_LIBRARY
    NAMES cutensor libcutensor.so
    PATHS
      /usr/lib/x86_64-linux-gnu
      /usr/local/cuda/lib64
      /opt/conda/lib
      /opt/conda/targets/x86_64-linux/lib
  )
endif()

if(NOT CUTENSOR_LIBRARY)
  message(FATAL_ERROR "Could not find libcutensor.so. Set CUTENSOR_ROOT if it is installed in a non-standard location.")
endif()
"""  # noqa: E501

# jdgsmallwood/cuda-spatial-filtering@9b9bcfd0a22bf4c3f563bfda8ccb01c593a4ffbe
# src/CMakeLists.txt:36-38
LINKED = """target_link_libraries(
    spatial PRIVATE cusolver cuda cudart cublas tcc CUDA::cudart ccglib pcap cutensor HighFive::HighFive spdlog::spdlog ${CFITSIO_LIBRARIES} ${CASACORE_LIBRARIES}
)
"""  # noqa: E501


def _needs(rel: str, text: str) -> list[tuple[str, str, int | None]]:
    found = extract_cmake(source_file(rel, text)).requirements
    return [(r.subject, r.spec, r.source.line) for r in found]


def test_a_negated_test_of_the_variable_is_no_fallback() -> None:
    # the else is where CUTENSOR_ROOT is set; its check there stops for CUTENSOR_ROOT too
    assert ("env_var", "CUTENSOR_ROOT", 3) in _needs("cmake/find_cutensor.cmake", ROOT_STOP)
    # (a positive test's else is a fallback, as before: hixl, test_scan_env_classes)


def test_a_vendor_library_the_configure_stops_without_is_needed() -> None:
    needs = _needs("cmake/find_cutensor.cmake", LIBRARY_STOP)
    assert ("cutensor", "", 1) in needs  # the first search, cited at its command
    # constructed: found but never tested nor REQUIRED, the configure goes on without it
    search = LIBRARY_STOP.split("\n\n", maxsplit=1)[0]
    assert not [n for n in _needs("x.cmake", search) if n[0] == "cutensor"]
    required = search.replace("libcutensor.so", "libcutensor.so REQUIRED")
    assert ("cutensor", "", 1) in _needs("x.cmake", required)


def test_a_linked_cutensor_names_the_library() -> None:
    assert ("cutensor", "", 1) in _needs("src/CMakeLists.txt", LINKED)
