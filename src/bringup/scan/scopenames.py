"""The names of the scopes a file of a repo speaks for (``bringup.scan.scopes``)."""

from __future__ import annotations

REPO = ""
"""The scope name of the repo itself."""

CI = "ci"
DOCKER = "docker"
DEVELOPMENT = "development"
TESTS = "tests"
PACKAGE = "package"
"""What the repo's built package needs where it is installed: the installer a packaging
script copies into a self-extracting package (hicann/shmem scripts/release.sh:32 ``cp
$PROJECT_ROOT/scripts/install.sh $OUTPUT_DIR``, memfabric_hybrid script/run_pkg_maker/
make_run.sh:88) checks the target machine (``ASCEND_TOOLKIT_HOME`` set), not the build's."""

TEST_FRAMEWORKS = frozenset(
    {"googletest", "gtest", "gtest_main", "gmock", "gmock_main", "googlemock", "mockcpp",
     "cpputest", "catch2", "catch2-with-main", "doctest", "benchmark", "benchmark_main", "gbench",
     "nvbench"}
)  # fmt: skip
"""C/C++ test and benchmark frameworks, by their project, pkg-config or wrapper names: a
submodule (``3rdparty/googletest``, hicann/catlass@0dfcf9df .gitmodules:1; ``thirdparty/mockcpp``,
Ascend/msopprof@d6c29dfa .gitmodules:15; ``3rdparty/nvbench``, CVCUDA/CV-CUDA@da51fc96
.gitmodules:25), a rapids-cmake CPM wrapper (``rapids_cpm_gtest``, ``rapids_cpm_gbench``) or a
Meson ``dependency()`` (Fuser lib/dynamic_type/meson.build:11-12,45 ``dependency('gtest_main')``,
``dependency('benchmark')``) of one is for the tests or benchmarks only: scope ``TESTS``. One
list for the three readers, so a framework is never a test need in one and a build need in
another."""
