"""Third-party sources a CANN build downloads through cann-cmake's ``add_cann_third_party``.

The CANN open repos fetch ``cann/cmake`` (``FetchContent_Declare(cann-cmake GIT_REPOSITORY
https://gitcode.com/cann/cmake.git ...)``, ``scan.cmake_vocab``) and call its function once a
library: ``add_cann_third_party(json)`` downloads that library's source archive from
gitcode.com/cann-src-third-party while configuring, unless the offline route put it in
``--cann_3rd_lib_path`` (hicann/ge cmake/find_3rd_party_packages.cmake:12-18 json, zlib,
openssl, boost, symengine, protobuf, grpc; hicann/pypto CMakeLists.txt:95 json; hicann/opbase
CMakeLists.txt:54-56 protobuf, eigen, json; hicann/amct CMakeLists.txt:59 protobuf). Each call
is a ``network`` need of the configure; where the same scope fetches cann-cmake itself, that
is the one need the calls restate (``netgeneric``), the download of each library cited beside
it.
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.extraction import SourceFile

HOST = "gitcode.com/cann-src-third-party/"
"""Where cann-cmake downloads from: each such need's spec, the host and the library's name
with no scheme (a URL a file writes has one), marks it as one."""
_CANN_CMAKE = "gitcode.com/cann/cmake"
_LIBRARY = lazyre.compile(r"^[A-Za-z0-9][\w.-]*$")


def cann_third_party(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """One ``network`` need per ``add_cann_third_party(<name>)`` call of a CMake file."""
    found = []
    for name, args, line in commands:
        # a library's name as cann-cmake's tables write it: ``abseil-cpp`` too (hicann/ops-nn
        # CMakeLists.txt:129)
        if name != "add_cann_third_party" or not args or not _LIBRARY.match(args[0]):
            continue
        text = (
            f"add_cann_third_party({args[0]}): cann-cmake downloads {args[0]}'s source from "
            f"{HOST} while configuring, unless --cann_3rd_lib_path holds it"
        )
        found.append(file.requirement("network", f"{HOST}{args[0]}", line, text=text))
    return found


def downloaded_by_cann_cmake(requirement: Requirement) -> bool:
    """Whether ``requirement`` is a library an ``add_cann_third_party`` call downloads."""
    return requirement.subject == "network" and requirement.spec.startswith(HOST)


def fetches_cann_cmake(requirement: Requirement) -> bool:
    """Whether ``requirement`` is the download of cann-cmake itself."""
    return requirement.subject == "network" and _CANN_CMAKE in requirement.spec
