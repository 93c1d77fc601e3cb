"""A test suite that asks the driver for its devices as it is collected or set up.

NVIDIA/nvmath-python@63409f5 tests/nvmath_tests/tensor/conftest.py:27 calls cuda.core's
``Device().compute_capability`` in its ``pytest_collection_modifyitems`` hook, and
tests/nvmath_tests/distributed/test_fft.py:40 ``system.get_num_devices()`` in a module
fixture, each with no fallback for a missing driver (the ``try`` around the second catches
``AttributeError`` only): every test under them fails on a host without the NVIDIA driver
(outsider20 D1). Such a call (a backend's ``driver_queries``) counts at module level, in a
pytest hook, a fixture or a test, in the test file or a ``conftest.py`` of its folders; inside
a ``try`` that catches more than a missing name or module it is a fallback, as in an
``except`` branch, and inside any other function it may never run.

A test file that skips itself whole where the device is missing tests nothing there: tests/
example_tests/device_tests/test_device_samples.py:17-18 ``if DEVICE_COUNT < 1:`` then
``pytest.skip(allow_module_level=True, reason="Device examples require at least one CUDA
device.")``. Its reason's device word (``devicewords.device_names``) says which device.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection
from typing import Optional

from bringup import backends, lazyre
from bringup.backends.base import Backend
from bringup.model import StepNeeds, file_source
from bringup.scan.devicewords import device_names

_NAME_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "AttributeError"})
"""What a ``try`` catches when it only tries another name for the same call."""
_EXCEPT = lazyre.compile(r"^except\b\s*\(?([\w., ]*)")
_RUN_BY_PYTEST = lazyre.compile(r"^(?:async\s+)?def\s+(?:test|pytest_)\w*\s*\(")
_MODULE_SKIP = lazyre.compile(
    r"^if\b([^\n]{0,200}):[ \t]*\n[ \t]+pytest\.skip\("
    r"([^\n]{0,300}allow_module_level\s*=\s*True[^\n]{0,300})",
    re.MULTILINE,
)
"""A whole file skipped at module level on a condition, the call on one line."""
_ABSENT = lazyre.compile(r"\bnot\b|<|!=|==\s*(?:0|False|None)\b|\bis\s+None\b")
"""A condition that holds where something is missing: ``not torch.cuda.is_available()``,
``DEVICE_COUNT < 1``, ``DEVICE != "cuda"``."""
_DEVICE_WORDS = frozenset({"device", "devices", "accelerator"})
_WORD = lazyre.compile(r"[A-Za-z]{2,20}")


def _queries(registered: tuple[Backend, ...]) -> dict[tuple[str, str], str]:
    """Each backend's (module, call) -> its device kind."""
    return {
        query: backend.device_kind
        for backend in registered
        for query in backend.vocabulary.driver_queries
        if backend.device_kind
    }


driver_query_kinds = backends.per_registry(_queries)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _caught(lines: list[str], at: int, indent: int) -> bool:
    """Whether the ``try`` at ``indent`` holding line ``at`` catches more than a name error."""
    for line in lines[at + 1 :]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or _indent(line) > indent:
            continue
        if _indent(line) < indent:
            return False
        found = _EXCEPT.match(stripped)
        if found is None:
            if not stripped.startswith(("else", "finally")):
                return False
            continue
        names = {n.strip().rpartition(".")[2] for n in found.group(1).split(",") if n.strip()}
        if not names or names - _NAME_ERRORS:
            return True
    return False


def _runs(lines: list[str], at: int) -> bool:
    """Whether line ``at`` runs when pytest collects or runs the file, unguarded: the blocks
    around it, read upwards by their indentation, hold no catching ``try`` and no ``except``,
    and the function it is in, if any, is a test, a pytest hook or a fixture."""
    current = _indent(lines[at])
    for index in range(at - 1, -1, -1):
        line = lines[index]
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or _indent(line) >= current:
            continue
        current = _indent(line)
        if stripped.startswith("except"):
            return False
        if stripped.startswith("try") and _caught(lines, index, current):
            return False
        if stripped.startswith(("def ", "async def ")):
            above = lines[index - 1].strip() if index else ""
            return bool(_RUN_BY_PYTEST.match(stripped)) or "fixture" in above
        if stripped.startswith("class "):
            continue
    return True


def _queried(text: str) -> Optional[tuple[str, int]]:
    """(device kind, line) of the first driver query ``text`` makes unguarded."""
    found = [(q, k) for q, k in driver_query_kinds().items() if q[1] in text and q[0] in text]
    if not found:
        return None
    lines = text.splitlines()
    for number, line in enumerate(lines):
        for (_, call), kind in found:
            if call in line and not line.lstrip().startswith("#") and _runs(lines, number):
                return kind, number + 1
    return None


def _skipped_without(text: str) -> Optional[tuple[str, int]]:
    """(device kind, line) of a module-level skip of the whole file whose condition tests the
    device's absence (``_tests_absence``) and whose reason names a device; a skip on another
    condition (``if sys.platform == "win32":`` then ``pytest.skip("the CUDA extension is not
    built on Windows", allow_module_level=True)``, review39 #5) says nothing of the device."""
    if "allow_module_level" not in text:
        return None
    names = device_names()
    for found in _MODULE_SKIP.finditer(text):
        if not _tests_absence(found.group(1)):
            continue
        kinds = [names.get(w.lower()) for w in _WORD.findall(found.group(2))]
        kind = next((k for k in kinds if k and k != "cpu"), None)
        if kind is not None:
            return kind, text.count("\n", 0, found.start(2)) + 1
    return None


def _tests_absence(condition: str) -> bool:
    """Whether an ``if`` ``condition`` holds where the device is missing: it names a device
    (``cuda``, ``DEVICE_COUNT``) in a test of absence (``_ABSENT``)."""
    names = device_names()
    words = {w.lower() for w in _WORD.findall(condition)}
    named = any(names.get(w, "cpu") != "cpu" or w in _DEVICE_WORDS for w in words)
    return named and _ABSENT.search(condition) is not None


def _conftests(rel: str, scripts: Collection[str]) -> list[str]:
    """The ``conftest.py`` files pytest loads for the test file ``rel``: its folder's and
    every folder's above it in the repo."""
    found: list[str] = []
    folder = posixpath.dirname(rel)
    while True:
        conftest = posixpath.join(folder, "conftest.py") if folder else "conftest.py"
        if conftest in scripts and conftest != rel:
            found.append(conftest)
        if not folder:
            return found
        folder = posixpath.dirname(folder)


def queried_device(
    rel: str,
    text: Optional[str],
    scripts: Collection[str],
    read: Callable[[str], Optional[str]],
) -> Optional[StepNeeds]:
    """One device of the kind the test file ``rel`` (its ``text``; None when it falls back
    on its own) or a ``conftest.py`` above it asks the driver for, at that line; else None."""
    if not driver_query_kinds():
        return None
    for source in ([rel] if text is not None else []) + _conftests(rel, scripts):
        body = text if source == rel else read(source)
        found = _queried(body) or _skipped_without(body) if body is not None else None
        if found is not None:
            kind, line = found
            return StepNeeds(devices=1, device_kind=kind, device_at=file_source(source, line))
    return None
