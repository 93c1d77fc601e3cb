"""The device a Python file's own imports tie it to, whatever device words its code uses.

A file that imports a backend's torch adapter at module level (``import torch_npu``, the
backends' ``torch_adapters``) cannot even start without that backend's stack, and the
adapter is what runs its ``.cuda()`` calls there: ``torch_npu.contrib.transfer_to_npu``
sends every ``cuda`` call to the NPU. So a test that imports it and puts work on "cuda" needs
an NPU, not a GPU (outsider26 re-test N6: momo609/mindspeed@7e624cf1
tests_extend/unit_tests/megatron/tensor_parallel/test_cross_entropy.py:4 ``import torch_npu``
was counted "needs 1 GPU"). The import may come one module away, through the repo's own
module: tests_extend/unit_tests/megatron/test_overlap_grad_reduce.py:5 imports
``mindspeed.megatron_adaptor``, whose line 11 is ``from torch_npu.contrib import
transfer_to_npu``. An import inside a ``try`` or a function is indented: a guarded one, which
ties nothing.

A module that exists for a backend's devices alone, imported at module level (``import
torch_npu``, ``import vllm_ascend``: the backends' ``torch_adapters`` and ``device_modules``),
ties a test to that backend's device by itself (``framework_device``), also one module of the
repo's away: lvhaojieming/MIndSpeed@faadbe7 tests/ut/checkpoint/test_checkpoint.py:26 imports
``tests.test_tools.utils``, whose line 15 is ``import torch_npu`` (outsider20 D8: 8 such test
folders were "run here now" on a host with no NPU). A framework with CPU
builds does not: ``import mindspore as ms`` (mindspore-lab/mindpose@85b42778
tests/models/backbones/test_hrnet.py:1) runs on the CPU with MindSpore's CPU build, so a
MindSpore test needs a device only where it targets one (``device_target="Ascend"``,
``testdevices``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Sequence
from typing import Optional

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.wordgate import line_matches

_IMPORT = lazyre.compile(
    r"^(?:import[ \t]+(?P<names>[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*)"
    r"|from[ \t]+(?P<package>[\w.]+)[ \t]+import[ \t]+\(?(?P<members>[\w \t,]*))",
    re.MULTILINE,
)
"""A module-level import (column 0): ``import a.b, c`` or ``from a import b, c``; on one line,
holding ``import`` (``wordgate.line_matches``); of a list in parentheses that goes on past
the line, its package alone."""


def _adapters(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each torch adapter's import name -> its backend's device kind."""
    return {
        name: backend.device_kind
        for backend in registered
        for name in backend.vocabulary.torch_adapters
    }


adapter_kinds = backends.per_registry(_adapters)


def _imported(text: str) -> list[str]:
    """The modules ``text`` imports at module level, each as written and, for ``from a import
    b``, ``a.b`` too (b may be a module)."""
    found: list[str] = []
    for match in line_matches(_IMPORT, text, ("import",)):
        if match.group("names"):
            found.extend(n.strip() for n in match.group("names").split(","))
            continue
        package = match.group("package")
        found.append(package)
        members = (m.split()[0] for m in match.group("members").split(",") if m.strip())
        found.extend(f"{package}.{member}" for member in members)
    return found


def _frameworks(registered: tuple[Backend, ...]) -> dict[str, str]:
    """Each module that exists for a backend's devices alone (its ``device_modules`` and
    torch adapters), by import name -> its device kind."""
    named = {
        name: backend.device_kind
        for backend in registered
        for name in backend.vocabulary.device_modules
        if backend.device_kind
    }
    return {**named, **_adapters(registered)}


framework_kinds = backends.per_registry(_frameworks)


def framework_device(
    text: str,
    scripts: Collection[str] = (),
    read: Optional[Callable[[str], Optional[str]]] = None,
) -> Optional[str]:
    """The device kind of a module for a backend's devices alone that ``text`` imports at
    module level, itself or through a module of the repo's (``scripts``, read by ``read``)
    that does, if any."""
    kinds = framework_kinds()
    return _reached(text, kinds, scripts, read) if kinds else None


def _direct(modules: Sequence[str], adapters: dict[str, str]) -> Optional[str]:
    for module in modules:
        kind = adapters.get(module.split(".", 1)[0])
        if kind is not None:
            return kind
    return None


def imported_device(
    text: str, scripts: Collection[str], read: Callable[[str], Optional[str]]
) -> Optional[str]:
    """The device kind of the adapter ``text`` imports at module level, itself or through a
    module of the repo's (``scripts``: its files) that does, or through the ``__init__.py`` of
    a package of the repo's it imports from (``_package_inits``); None when it imports none."""
    adapters = adapter_kinds()
    return _reached(text, adapters, scripts, read) if adapters else None


def _reached(
    text: str,
    kinds: dict[str, str],
    scripts: Collection[str],
    read: Optional[Callable[[str], Optional[str]]],
) -> Optional[str]:
    """The kind of the first of ``kinds``' modules ``text`` imports at module level, itself,
    one module of the repo's away, or in the ``__init__.py`` files importing it runs."""
    modules = _module_imports(text)
    kind = _direct(modules, kinds)
    if kind is not None or read is None:
        return kind
    kind = _through(modules, scripts, read, kinds)
    if kind is not None:
        return kind
    for rel in _package_inits(modules, scripts):
        own = read(rel)
        inner = _init_imports(own) if own is not None else ()
        kind = _direct(inner, kinds) or _through(inner, scripts, read, kinds)
        if kind is not None:
            return kind
    return None


def _through(
    modules: Sequence[str],
    scripts: Collection[str],
    read: Callable[[str], Optional[str]],
    kinds: dict[str, str],
) -> Optional[str]:
    """The kind of the first of ``kinds``' modules a module of the repo's among ``modules``
    imports."""
    for module in dict.fromkeys(modules):
        base = module.replace(".", "/")
        for rel in (f"{base}.py", f"{base}/__init__.py"):
            if rel not in scripts:
                continue
            own = read(rel)
            kind = _direct(_module_imports(own), kinds) if own is not None else None
            if kind is not None:
                return kind
    return None


@functools.lru_cache(maxsize=256)
def _module_imports(text: str) -> tuple[str, ...]:
    """``_imported`` of ``text``, kept: every test file that imports the repo's package reaches
    the same few modules, and a test file is asked about both for frameworks and for adapters
    (msmodelslim: 2,189 readings of 555 texts in a scan)."""
    return tuple(_imported(text))


@functools.lru_cache(maxsize=256)
def _init_imports(text: str) -> tuple[str, ...]:
    """``_imported`` of an ``__init__.py``'s text with its branches flattened, kept: each test
    under a package runs the same inits (msmodelslim: 954 flattenings of 79 texts)."""
    return tuple(_imported(_branches_flat(text)))


def _package_inits(modules: Sequence[str], scripts: Collection[str]) -> list[str]:
    """The repo's ``__init__.py`` files that importing ``modules`` runs first, those of the
    packages above each: importing ``mindspeed_llm.core.layerwise_disaggregated_training.utils``
    (lvhaojieming/MIndSpeed@faadbe7 tests/pipeline/ut/posttrain/ldt_sft/test_core_utils.py:6)
    runs mindspeed_llm/__init__.py, whose :19 imports ``mindspeed_llm.tasks.
    megatron_adaptor_v2``, whose :12 is ``from torch_npu.contrib import transfer_to_npu``: its
    ``device='cuda'`` (:25) is the NPU's (outsider20 D15)."""
    parts = (m.split(".")[:-1] for m in dict.fromkeys(modules))
    inits = ("/".join(p[: i + 1]) + "/__init__.py" for p in parts for i in range(len(p)))
    return [rel for rel in dict.fromkeys(inits) if rel in scripts]


_BRANCH = lazyre.compile(r"^(?:if|elif|else)\b.*:\s*(?:#.*)?$")
"""A module-level ``if``/``elif``/``else`` line opening a block."""


def _branches_flat(text: str) -> str:
    """``text`` with the first level of each module-level ``if``/``elif``/``else`` block
    dedented: an import there runs when the module loads on that branch (mindspeed_llm/
    __init__.py:18-19 imports its adaptor when ``TRAINING_BACKEND`` is "mcore", its default),
    unlike one in a ``try`` or a function."""
    out: list[str] = []
    body = ""  # the indentation of the open branch's first level
    opened = False
    for line in text.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        kept = line
        if line.strip() and not indent:
            opened, body = bool(_BRANCH.match(line)), ""
        elif opened and line.strip():
            body = body or indent
            kept = line.lstrip() if indent == body else line
        out.append(kept)
    return "\n".join(out)
