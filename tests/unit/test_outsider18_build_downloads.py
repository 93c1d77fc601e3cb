"""A build that downloads while configuring may not run here (outsider18 D7: TensorNVMe's
``check`` said "8 steps run here now", exit 0; ``up`` then failed at ``pip install .``,
"Could not resolve host: github.com"): the verdict carries each download, unverified.

Lines from hpcaitech/TensorNVMe@6403388, paths beside each."""

from __future__ import annotations

from bringup.model import Component, Step, file_source
from bringup.scan.cmake import extract_cmake
from bringup.scan.extraction import SourceFile
from bringup.solve.builddownloads import build_downloads

# 3rd/CMakeLists.txt:13-22 (the ExternalProject_Add cut after GIT_TAG)
THIRD = """find_library(LIBURING uring ${INSTALL_PREFIX}/lib)

if(LIBURING)
    message("liburing is found in ${LIBURING}")
else(LIBURING)
    message("liburing is not found, install in ${INSTALL_PREFIX}")
    ExternalProject_Add(extern_uring
        GIT_REPOSITORY https://github.com/axboe/liburing.git
        GIT_TAG liburing-2.2
    )
endif(LIBURING)
"""
# README.md:33
INSTALL = Step(
    name="pip install",
    kind="install",
    argv=("pip", "install", "-v", "--no-cache-dir", "."),
    source=file_source("README.md", 33),
)


def _component(steps: tuple[Step, ...]) -> Component:
    third = extract_cmake(
        SourceFile(ref="3rd/CMakeLists.txt", rel="3rd/CMakeLists.txt", text=THIRD)
    )
    return Component(
        name="TensorNVMe", path=".", role="other", requirements=third.requirements, steps=steps
    )


def test_the_build_s_download_is_unverified_with_its_host() -> None:
    found = build_downloads(_component((INSTALL,)))
    assert [(o.kind, o.subject, o.detail) for o in found] == [
        ("unchecked", "network", "https://github.com/axboe/liburing.git")
    ]
    assert "reaches github.com" in found[0].missing[0]


def test_no_step_that_builds_makes_no_download() -> None:
    run = Step(
        name="run", kind="run", argv=("./test_asyncio",), source=file_source("README.md", 165)
    )
    assert build_downloads(_component((run,))) == []
