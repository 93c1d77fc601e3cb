"""A ``setup.py`` whose only compiled code is one device backend's: every extension builder it
calls is that backend's (``CUDAExtension`` alone, with no ``CppExtension``/``Extension`` beside
it and none chosen at run time). What it builds runs on those devices alone, so on a host with
none the repo builds but cannot run (camenduru/simple-knn@<archive> setup.py:24, a
``CUDAExtension`` of ``.cu`` sources: outsider13 D4; daerduoCarey/PyTorchEMD@e5c0feb
setup.py:15). The toolkit line says so in its words (``DEVICE_CODE_ONLY``), which the solver
reads as the repo's route needing the devices (``solve.nodevice``)."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from bringup.scan.pynodes import nodes

DEVICE_CODE_ONLY = "setup.py builds device code only with it"
"""The words of a toolkit line whose setup.py builds nothing but that toolkit's extensions."""

_NOT_BUILDERS = frozenset({"BuildExtension"})
"""Names ending in ``Extension`` that are build commands, not extensions."""


def device_code_only(tree: ast.Module, extensions: Mapping[str, str]) -> frozenset[str]:
    """The toolkit subject whose extension builders are the only ones ``tree`` calls or names
    (``extensions``: a backend's builder name -> its toolkit); empty when a host builder
    (``Extension``, ``CppExtension``, ``Pybind11Extension``, ``cythonize``) is called, or when
    a device builder is only named (``Extension = CppExtension if cpu else CUDAExtension``)."""
    called: set[str] = set()
    named: set[str] = set()
    for node in nodes(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            called.add(name)
        elif isinstance(node, ast.Name) and node.id in extensions:
            named.add(node.id)
    builders = {n for n in called if n.endswith("Extension") or n == "cythonize"} - _NOT_BUILDERS
    device = {n for n in builders if n in extensions}
    if not device or builders - device or named - called:
        return frozenset()
    subjects = {extensions[n] for n in device}
    return frozenset(subjects) if len(subjects) == 1 else frozenset()
