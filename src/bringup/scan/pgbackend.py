"""A process group the repo's own code starts on a device's collectives library.

``dist.init_process_group(backend="hccl")`` runs its collectives through HCCL, which CANN
ships ("HCCL, part of CANN", the Ascend vocabulary's ``libraries``), on NPUs: torch_npu
registers the ``hccl`` backend (Ascend/pytorch README: ``torch.distributed`` with
``backend="hccl"``). Where a module of the repo's main package says so, the repo needs HCCL,
cited at the call; a module that also starts another backend (``"gloo"`` for the CPU) chooses
between them, and says nothing. The Python modules read are the ones ``pkgimports`` reads
(the main package, or the scripts at a repo's top), so a sub-project's call is not read as
the repo's own (outsider 17 D2: pillumina/verl_npu's ``backend="hccl"`` lies in
recipe/one_step_off_policy/, a recipe of its own)."""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterable, Iterator

from bringup.model import Requirement, file_source

_BACKENDS = {"hccl": ("cann", "HCCL, part of CANN")}
"""A ``torch.distributed`` backend bound to one vendor's collectives library -> (the subject
that provides it, why): the Ascend vocabulary's ``libraries`` entry of HCCL."""
_START = "init_process_group"


def _backend(call: ast.Call, strings: dict[str, str]) -> str:
    """The backend ``init_process_group(...)`` names, lower case: a string constant, or a
    name the module gives one string only (``backend = "hccl"`` then
    ``dist.init_process_group(backend)``, Ascend/pytorch@65043f2b
    test/distributed/_fault_mode_cases/error_discontinuous_tensor.py:11-12)."""
    named = [k.value for k in call.keywords if k.arg == "backend"]
    given = named or call.args[:1]
    value = given[0] if given else None
    if isinstance(value, ast.Name):
        return strings.get(value.id, "")
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value.strip().lower()
    return ""


def _strings(tree: ast.Module) -> dict[str, str]:
    """Each name the module assigns string constants to, where it is always the same one."""
    given: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            for target in (t for t in node.targets if isinstance(t, ast.Name)):
                given.setdefault(target.id, set()).add(str(node.value.value).strip().lower())
    return {name: values.pop() for name, values in given.items() if len(values) == 1}


def _starts(text: str) -> Iterator[tuple[str, int]]:
    """(backend, line) of each ``init_process_group`` call of a module that names its backend."""
    if _START not in text:
        return
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a module's own invalid escapes are not ours
            tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return
    strings = _strings(tree)
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if isinstance(node, ast.Call) and name == _START:
            backend = _backend(node, strings)
            if backend:
                yield backend, node.lineno


def backend_needs(
    modules: Iterable[tuple[str, str]], prefix: str, component: str
) -> list[Requirement]:
    """A need of the library each module's only named backend is (``_BACKENDS``), cited at
    its first call, the next few places in ``also_at``."""
    places: dict[str, list[tuple[str, int]]] = {}
    for rel, text in modules:
        found = list(_starts(text))
        if len({backend for backend, _ in found}) != 1:
            continue  # none, or a choice between backends
        backend = found[0][0]
        if backend in _BACKENDS:
            places.setdefault(backend, []).extend((rel, line) for _, line in found)
    needs = []
    for backend, calls in places.items():
        subject, why = _BACKENDS[backend]
        sources = [file_source(f"{prefix}{rel}", line) for rel, line in calls]
        needs.append(
            Requirement(
                subject=subject,
                spec="",
                component=component,
                source=sources[0],
                confidence="medium",
                text=f'init_process_group(backend="{backend}"): {why}',
                also_at=tuple(sources[1:4]),
            )
        )
    return needs
