"""A build script's switch that builds for the device where none is visible.

A torch extension's ``setup.py`` builds its device code when ``torch.cuda.is_available()``
says so, or when a variable says so instead: ``(torch.cuda.is_available() and CUDA_HOME is
not None) or (os.getenv("FORCE_CUDA", "0") == "1")`` (torchsparse setup.py:20-21),
``... or os.getenv("FORCE_CUDA", "0") == "1" or os.getenv("TORCH_CUDA_ARCH_LIST", "") != ""``
(xformers setup.py:174-180), or the probe as the variable's default (``WITH_CUDA =
torch.cuda.is_available()`` then ``bool(int(os.getenv('FORCE_CUDA', WITH_CUDA)))``, pyg-lib
setup.py:60-61). A machine that builds without the device (a container build, a CI runner)
sets it, or gets a build without device code: a soft ``env_var``. The variables one test
names are alternatives, so they are one need, cited where the first is read and at the
others (``also_at``). Which modules probe a device is the backends' ``code_modules``. A
test that also asks for ROCm's torch (``torch.version.hip and ... (torch.cuda.is_available()
or os.getenv("HIP_ARCHITECTURES", "") != "")``, xformers setup.py:240-243) is about a
platform no backend reads: no need of the repo's own build.
"""

from __future__ import annotations

import ast

import msgspec

from bringup import backends
from bringup.backends.base import Backend
from bringup.model import Requirement
from bringup.scan.extraction import SourceFile
from bringup.scan.outcomes import dotted
from bringup.scan.pynodes import nodes


def _probes(registered: tuple[Backend, ...]) -> frozenset[str]:
    return frozenset(f"{m}.is_available" for b in registered for m in b.vocabulary.code_modules)


device_probes = backends.per_registry(_probes)


def _read(node: ast.AST) -> tuple[str, ast.Call] | None:
    """``X`` of ``os.getenv("X", ...)`` or ``os.environ.get("X", ...)``, with the call."""
    if not isinstance(node, ast.Call) or not node.args:
        return None
    name = dotted(node.func)
    key = node.args[0]
    if not (name in ("os.getenv", "getenv") or name.endswith("environ.get")):
        return None
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value, node
    return None


def _probing(node: ast.AST, probed: set[str]) -> bool:
    """Whether ``node`` asks whether a device is visible, itself or through a name assigned
    from the question."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and dotted(inner.func) in device_probes():
            return True
        if isinstance(inner, ast.Name) and inner.id in probed:
            return True
    return False


_OTHER_PLATFORMS = frozenset({"torch.version.hip"})


def _elsewhere(tree: ast.Module) -> set[int]:
    """The nodes of each test that also asks for another platform's build (``_OTHER_PLATFORMS``)."""
    inside: set[int] = set()
    for node in nodes(tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            named = {dotted(n) for n in ast.walk(node) if isinstance(n, ast.Attribute)}
            if named & _OTHER_PLATFORMS:
                inside.update(id(n) for n in ast.walk(node))
    return inside


def _switches(tree: ast.Module) -> list[list[tuple[str, ast.Call]]]:
    """The variables of each test that turns the device build on in place of the probe."""
    probed = {
        target.id
        for node in nodes(tree)
        if isinstance(node, ast.Assign) and _probing(node.value, set())
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    elsewhere = _elsewhere(tree)
    found: list[list[tuple[str, ast.Call]]] = []
    for node in nodes(tree):
        if id(node) in elsewhere:
            continue
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if not any(_probing(value, probed) for value in node.values):
                continue
            others = [v for v in node.values if not _probing(v, probed)]
            reads = [r for v in others for r in map(_read, ast.walk(v)) if r is not None]
            if reads:
                found.append(reads)
        read = _read(node)
        if read is not None and len(read[1].args) > 1 and _probing(read[1].args[1], probed):
            found.append([read])
    return found


def device_switches(file: SourceFile, tree: ast.Module) -> list[Requirement]:
    """A soft ``env_var`` per test that builds for the device on a variable's word."""
    found: list[Requirement] = []
    for reads in _switches(tree):
        names = list(dict.fromkeys(key for key, _ in reads))
        lines = list(dict.fromkeys(call.lineno for _, call in reads))
        text = f"{' or '.join(names)}: builds the device code where no device is visible"
        need = file.requirement("env_var", names[0], lines[0], text=text, hard=False)
        also = tuple(file.source(line) for line in lines[1:])
        found.append(msgspec.structs.replace(need, also_at=also) if also else need)
    return found
