"""The package manager a CMake build takes its libraries from through its toolchain file.

vcpkg is used by pointing ``CMAKE_TOOLCHAIN_FILE`` at its ``scripts/buildsystems/vcpkg.cmake``
(https://learn.microsoft.com/vcpkg/users/buildsystems/cmake-integration): the configure then
installs the packages of the repo's ``vcpkg.json`` and every ``find_package`` finds them
there. MrNeRF/gaussian-splatting-cuda@0ff1dc23 CMakeLists.txt:5-12 sets it from
``$ENV{VCPKG_ROOT}`` when the user gives none; ``cmake -S . -B build`` fails on a machine
without vcpkg, and its 13 ``find_package`` libraries (tbb, glfw3, imgui, …) come from there,
not from the OS (outsider10 #8). So vcpkg is a host tool the build needs, and the variable
the path is read from one the configure needs set.
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.model import Requirement
from bringup.scan.cmakelex import CMakeCommand
from bringup.scan.extraction import SourceFile

_VCPKG = lazyre.compile(r"(?:^|[/\\])scripts[/\\]buildsystems[/\\]vcpkg\.cmake$")
_ENV = lazyre.compile(r"\$ENV\{(\w{1,60})\}")
_REFERENCE = lazyre.compile(r"\$\{(\w{1,60})\}")


def _environment(commands: Sequence[CMakeCommand], value: str) -> list[str]:
    """The environment variables ``value`` is read from: named in it (``$ENV{VCPKG_ROOT}``)
    or in what sets the variables it uses, two steps back (``set(RAW $ENV{VCPKG_ROOT})``,
    ``file(TO_CMAKE_PATH "${RAW}" VCPKG_ROOT)``)."""
    found = _ENV.findall(value)
    names = set(_REFERENCE.findall(value))
    for _ in range(3):
        if not names:
            break
        sources: list[str] = []
        for command in commands:
            if command.name == "set" and command.args[:1] and command.args[0] in names:
                sources.extend(command.args[1:])
            elif command.name == "file" and command.args[-1:] and command.args[-1] in names:
                sources.extend(command.args[1:-1])
        found.extend(name for value in sources for name in _ENV.findall(value))
        names = {name for value in sources for name in _REFERENCE.findall(value)}
    return list(dict.fromkeys(found))


def vcpkg_toolchain(file: SourceFile, commands: Sequence[CMakeCommand]) -> list[Requirement]:
    """vcpkg, and the environment variable its root is read from, where the file sets the
    toolchain file to vcpkg's."""
    for command in commands:
        args = command.args
        if command.name != "set" or len(args) < 2 or args[0] != "CMAKE_TOOLCHAIN_FILE":
            continue
        if not _VCPKG.search(args[1]):
            continue
        text = f"set(CMAKE_TOOLCHAIN_FILE {args[1]}): the build's libraries come from vcpkg"
        found = [file.requirement("system_package", "vcpkg", command.line, text=text)]
        for name in _environment(commands, args[1]):
            words = f"vcpkg's root, read from ${name} for the toolchain file {args[1]}"
            found.append(file.requirement("env_var", name, command.line, text=words))
        return found
    return []
