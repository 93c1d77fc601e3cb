"""RAPIDS' build conventions (rmm, raft, cuvs): rapids-cmake's CPM packages and the bootstrap
that downloads rapids-cmake, the ``get_*.cmake`` files included under an option on by default,
and the conda development environments and variant files beside the recipes. Each case keeps
only the lines it needs, with the public repository, path, lines and commit."""

from __future__ import annotations

from bringup.scan.cmake import extract_cmake
from scan_needs import source_file

# rapidsai/cuvs @ ff0c8076, cmake/RAPIDS.cmake:21-23, 33-35, 70-72 (the default: a zip archive).
CUVS_BOOTSTRAP = """if(NOT rapids-cmake-repo)
  # Define a default repo if the user doesn't set one
  set(rapids-cmake-repo rapidsai/rapids-cmake)
if(NOT rapids-cmake-url)
  # Construct a default URL if the user doesn't set one
  set(rapids-cmake-url "https://github.com/${rapids-cmake-repo}/")
else()
  string(APPEND rapids-cmake-url "${rapids-cmake-value-to-clone}")
  FetchContent_Declare(rapids-cmake URL "${rapids-cmake-url}")
"""


def test_the_rapids_cmake_bootstrap_downloads_it_from_github() -> None:
    found = extract_cmake(source_file("cmake/RAPIDS.cmake", CUVS_BOOTSTRAP)).requirements
    assert [(r.spec, r.source.line, [a.line for a in r.also_at]) for r in found] == [
        ("https://github.com/rapidsai/rapids-cmake/", 6, [9])
    ]
