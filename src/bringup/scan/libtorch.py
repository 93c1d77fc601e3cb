"""Torch as a CMake build finds it in a libtorch folder of its own: the C++ distribution, no
wheel.

``find_package(Torch)`` finds torch's CMake package where ``Torch_DIR`` (or
``CMAKE_PREFIX_PATH``) points. A build that asks Python for it (``python -c 'import torch;
print(torch.utils.cmake_prefix_path)'``) uses the installed wheel, which ``pip install torch``
provides. One that points it at a ``libtorch`` folder in its own tree uses the zip PyTorch
publishes for C++ (``libtorch-cxx11-abi-shared-with-deps-<version>.zip``), unpacked there:
MrNeRF/gaussian-splatting-cuda@0ff1dc23 CMakeLists.txt:102 ``set(Torch_DIR
"${PROJ_ROOT_DIR}/external/libtorch/share/cmake/Torch")``, its docker/Dockerfile:101 fetching
``libtorch-cxx11-abi-shared-with-deps-2.7.1+cu128.zip``. A pip torch pin meets none of that
(outsider10 #8): each of the repo's ``find_package(Torch)`` lines is a need of libtorch, a
``system_package`` the user unpacks where the build looks, cited with the line that says so.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import msgspec

from bringup import lazyre
from bringup.model import Requirement, file_source

_LIBTORCH_DIR = lazyre.compile(
    r"^[ \t]{0,40}set[ \t]{0,4}\([ \t]{0,4}(?:Torch_DIR|CMAKE_PREFIX_PATH)[ \t]{1,8}"
    r"\"?([^\"()\s]{0,300}\blibtorch\b[^\"()\s]{0,300})",
    re.MULTILINE | re.IGNORECASE,
    prefilter=True,
)
_FIND_TORCH = lazyre.compile(r"^find_package\(\s*Torch\b", re.IGNORECASE)


def libtorch_folder(texts: Iterable[tuple[str, str]]) -> tuple[str, int, str] | None:
    """(file, line, folder) of the first ``set(Torch_DIR …libtorch…)`` of the repo's CMake
    files (``texts``: (ref, text) each), or None."""
    for ref, text in texts:
        found = _LIBTORCH_DIR.search(text)
        if found is not None:
            return ref, text.count("\n", 0, found.start()) + 1, found.group(1)
    return None


def as_libtorch(
    requirements: Sequence[Requirement], folder: tuple[str, int, str] | None
) -> list[Requirement]:
    """``requirements`` with each torch need a ``find_package(Torch)`` states read as the
    libtorch folder the build points at, where it points at one."""
    if folder is None:
        return list(requirements)
    ref, line, path = folder
    said = f"Torch_DIR is {path} ({ref}:{line}): the libtorch C++ distribution, unpacked there"
    return [
        msgspec.structs.replace(
            r,
            subject="system_package",
            spec="libtorch",
            text=f"{r.text}: {said}",
            also_at=(*r.also_at, file_source(ref, line)),
        )
        if r.subject == "torch" and _FIND_TORCH.match(r.text or "")
        else r
        for r in requirements
    ]
