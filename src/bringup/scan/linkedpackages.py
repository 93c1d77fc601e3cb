"""A package a CMake target links by its libraries' own names, ``find_package`` or not.

Felix-fz/Atlas200_YOLOv5_DVPP_AIPP@bd2d9f0 src/CMakeLists.txt:88 ``target_link_libraries(main
ascendcl acl_dvpp stdc++ opencv_highgui  opencv_core opencv_imgproc ...)`` links OpenCV's
module libraries straight from the include and library folders it sets (:48-49 ``.../include/
opencv4``); no ``find_package(OpenCV)`` names the package, and the scan saw no OpenCV need
(outsider23 D6) though the link fails without it. OpenCV names each module's library
``opencv_<module>`` (the ``OpenCV_LIBS`` its config exports, opencv/opencv
cmake/templates/OpenCVConfig.cmake.in): a target linking one needs the OpenCV package, as a
``find_package(OpenCV REQUIRED)`` would say, where the file takes OpenCV's headers from the
host (an absolute folder or one under ``$ENV{...}``, :48-49 ``$ENV{HOME}/ascend_ddk/${ARCH}/
include/opencv4``). A file that says nothing of where they are may link an OpenCV the repo
builds itself (a VisionSDK-style ``${OPENSOURCE_DIR}`` of third-party builds): no host need.
Where the file also finds the package, the two lines are one need (``cmake:OpenCV``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bringup import lazyre
from bringup.model import Requirement

if TYPE_CHECKING:
    from bringup.scan.cmakelex import CMakeCommand
    from bringup.scan.extraction import SourceFile

_PACKAGE_LIBRARIES = (
    (
        lazyre.compile(r"^opencv_[a-z0-9]+$"),
        lazyre.compile(r"(?:^/|\$ENV\{)\S*opencv", re.I),
        "OpenCV",
    ),
)
"""A library name as linked, a header folder of the host that names the package, and the
CMake package that ships it."""
_INCLUDES = frozenset({"include_directories", "target_include_directories"})


def linked_packages(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """One hard need per package whose libraries a ``target_link_libraries`` names, cited at
    its first such line."""
    found: dict[str, Requirement] = {}
    folders = [a for c in commands if c.name in _INCLUDES for a in c.args]
    for name, args, line in commands:
        if name != "target_link_libraries":
            continue
        for arg in args[1:]:
            for pattern, host, package in _PACKAGE_LIBRARIES:
                if package in found or not pattern.match(arg):
                    continue
                if any(host.search(folder) for folder in folders):
                    text = f"target_link_libraries(... {arg}): a library of {package}"
                    found[package] = file.requirement(
                        f"cmake:{package}", "", line, text=text, confidence="medium"
                    )
    return list(found.values())
