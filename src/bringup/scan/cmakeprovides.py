"""The CMake packages a repo provides itself, so that its own ``find_package(X)`` of one is no
need of an installed X: a package config it installs, and a find module that looks for
nothing on the machine.

- A package config the build writes and installs (``install(EXPORT nvcv_types ... FILE
  nvcv_types-config.cmake)``, ``write_basic_package_version_file(nvcv_types-config-
  version.cmake)``, CVCUDA/CV-CUDA@da51fc96 src/nvcv/src/CMakeLists.txt:70-88;
  ``configure_package_config_file(... FooConfig.cmake)``): a ``find_package(nvcv_types
  REQUIRED)`` elsewhere in the repo (python/CMakeLists.txt:31) finds what the repo built.
- A ``Find<X>.cmake`` the repo ships that never searches the machine (no ``find_path``,
  ``find_library``, ``find_program``, ``find_file``, pkg-config look-up or
  ``find_package_handle_standard_args``): it downloads X or declares it found (Ascend/msprobe
  @8ff00da3 cmake/Findsecurec.cmake, ``download_opensource_pkg(...)`` then
  ``set(${PKG_NAME}_FOUND TRUE)``), or hands over to other finds whose lines state what is
  needed (cmake/Findcpython.cmake: ``find_package(Python3 ...)``). What ``find_package(X
  MODULE REQUIRED)`` needs is what that module states, not an installed package X.
"""

from __future__ import annotations

from collections.abc import Sequence

from bringup import lazyre
from bringup.scan.cmakelex import CMakeCommand

_FIND_MODULE = lazyre.compile(r"(?:^|/)Find(\w{1,80})\.cmake$")
_SEARCHES = frozenset(
    {
        "find_path",
        "find_library",
        "find_program",
        "find_file",
        "pkg_check_modules",
        "pkg_search_module",
        "find_package_handle_standard_args",
    }
)
"""Commands that look on the machine for what a find module is named after."""
_CONFIG_FILE = lazyre.compile(
    r"(?:^|/)([\w.+-]{1,80}?)(?:-config|Config)(?:-version|Version)?\.cmake$"
)
"""A package config file's name (``nvcv_types-config.cmake``, ``FooConfigVersion.cmake``)."""


def _config_name(path: str) -> str | None:
    found = _CONFIG_FILE.search(path)
    return found.group(1) if found else None


def _exported(command: CMakeCommand) -> list[str]:
    """The package names one command writes or installs a config for."""
    name, args = command.name, command.args
    if name == "install" and args[:1] == ("EXPORT",) and len(args) > 1:
        at = args.index("FILE") + 1 if "FILE" in args else 0
        named = _config_name(args[at]) if 0 < at < len(args) else None
        return [args[1]] + ([named] if named else [])
    if name in ("write_basic_package_version_file", "configure_package_config_file"):
        files = args[:1] if name == "write_basic_package_version_file" else args[1:2]
        return [n for n in map(_config_name, files) if n]
    return []


def provided_packages(rel: str, commands: Sequence[CMakeCommand]) -> list[str]:
    """``cmake:<X>`` for each package the CMake file ``rel`` provides (see the module)."""
    found = [f"cmake:{n}" for c in commands for n in _exported(c) if "${" not in n]
    module = _FIND_MODULE.search(rel)
    if module is not None and not any(c.name in _SEARCHES for c in commands):
        found.append(f"cmake:{module.group(1)}")
    return list(dict.fromkeys(found))
