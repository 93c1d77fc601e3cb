"""A test file that stands a mock in for the device library it imports runs on the CPU.

wookayin/gpustat@7a3b9644 gpustat/test_gpustat.py imports NVML's binding (line 23 ``from
gpustat.nvml import pynvml``) and answers each of its calls with mockito (line 20 ``from mockito
import ANY, mock, unstub, when, when2``; line 50 ``when(N).nvmlInit().thenReturn()`` with
``N=pynvml`` at line 38; line 259 ``nvidia_mock(pynvml)``): the tests need no GPU and no
driver, and its CI runs them on GitHub's CPU runners (.github/workflows/ci.yml). The plan took
the repo's ``NVIDIA driver >= 450.00`` for the step and ``up`` skipped it (outsider19 D6).

A file counts where a mock's own call names the library (``when(pynvml)``, ``patch(
"torch.cuda.is_available")``, ``nvidia_mock(pynvml)``, ``sys.modules["torch_npu"] =``), not
where a mock merely stands beside it; a step runs on the CPU when such a file is among its
tests and no file it runs uses a device library unmocked (``unmocked_line``): a mock of one
library says nothing of another the file uses as it is (``sys.modules["flash_attn"] =
MagicMock()`` beside a real ``torch.cuda.synchronize()``, review39 #2), and a mock of one
call (``mock.patch("pynvml.nvmlInit")``) covers that call in its own test only."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate
from typing import Optional

import msgspec

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Step, file_source
from bringup.nearwords import finditer_near, search_near


def _names(registered: tuple[Backend, ...]) -> tuple[str, ...]:
    """The device libraries' import names, from each backend's vocabulary: its device-only
    packages (``pynvml``), its framework's device module (``torch.cuda``) and its PyTorch
    adapter (``torch_npu``); longest first."""
    return tuple(
        sorted(
            {
                name
                for b in registered
                for name in (
                    *b.vocabulary.device_packages,
                    *b.vocabulary.code_modules,
                    *b.vocabulary.torch_adapters,
                    *b.vocabulary.device_modules,
                )
            },
            key=len,
            reverse=True,
        )
    )


def _libraries(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    """The device libraries' import names as a word."""
    alternatives = "|".join(re.escape(n) for n in _names(registered)) or "(?!)"
    return patterncache.compile(rf"(?<![\w.])(?:{alternatives})\b")


_NAMES = backends.per_registry(_names)
_LIBRARY = backends.per_registry(_libraries)


def _names_library(text: str) -> bool:
    """Whether ``text`` names a device library as a word; the names looked for as plain
    text first (a test tree's files mostly name none, and the word pattern's look-behind
    at every position cost 0.2 s of a 3,000-file scan), and the pattern tried only where
    one starts (``nearwords``: every match starts with one)."""
    return search_near(_LIBRARY(), text, _NAMES()) is not None


_MOCK_CALL = lazyre.compile(
    r"(?<!def )\b(?:\w{0,40}(?:mock|patch|stub|Mock|Patch|Stub)\w{0,40}|when2?|setattr)"
    r"\s*\(([^()\n]{0,200})"
)
"""A call that makes a mock or a stub, with its arguments up to the first bracket:
``when(pynvml)``, ``patch.object(torch_npu, ...)``, ``monkeypatch.setattr(torch.cuda, ...)``,
``nvidia_mock(pynvml)``; not a function's definition (``def _configure_mock(N=pynvml,``)."""
_MOCK_REACH = 40
_MOCK_CALL_WORDS = ("mock", "patch", "stub", "Mock", "Patch", "Stub", "when", "setattr")
"""What every ``_MOCK_CALL`` match holds, at most ``_MOCK_REACH`` characters after its start
(``nearwords``: its look-behind and ``\\w{0,40}`` were tried at every character of a test
file)."""


def _mock_calls(text: str) -> Iterator[re.Match[str]]:
    """``_mock_calls(text)``."""
    return finditer_near(_MOCK_CALL, text, _MOCK_CALL_WORDS, _MOCK_REACH)


_MODULES_SET = lazyre.compile(r"sys\.modules\[\s*['\"]([\w.]{1,80})['\"]\s*\]\s*=(?!=)")
"""A module replaced before it is imported: ``sys.modules["torch_npu"] = MagicMock()``."""
_MOCK_WORDS = ("mock", "Mock", "patch", "stub", "when(", "setattr", "sys.modules")


def mocked_line(text: str) -> Optional[int]:
    """The line of the first mock in ``text`` whose own call names a device library; None
    when none does."""
    if not any(word in text for word in _MOCK_WORDS):
        return None
    library = _LIBRARY()
    found = [m.start() for m in _mock_calls(text) if library.search(m.group(1))]
    found += [m.start() for m in _MODULES_SET.finditer(text) if library.match(m.group(1))]
    return text.count("\n", 0, min(found)) + 1 if found else None


_DOTTED = lazyre.compile(r"(?:\.\w{1,80}){0,8}")
_QUOTED = lazyre.compile(r"""^\s*(['"])([\w.]{1,200})\1""")


def _target(args: str) -> str:
    """The name a mock's arguments ``args`` replace: its first argument's text (``"pynvml.
    nvmlInit"``, ``pynvml``), or that and the attribute named next (``torch.cuda,
    "is_available"``)."""
    first, _, rest = args.partition(",")
    quoted = _QUOTED.match(first)
    if quoted is not None:
        return quoted.group(2)
    attribute = _QUOTED.match(rest)
    return first.strip() + ("." + attribute.group(2) if attribute is not None else "")


def _blocks(lines: list[str]) -> list[int]:
    """Each line's top-level statement, numbered: a function or a class with the decorators
    above it, or a statement at module level; a closing bracket continues its statement."""
    numbers: list[int] = []
    block, opened_by_decorator = 0, False
    for line in lines:
        stripped = line.strip()
        if stripped and not line[0].isspace() and not stripped.startswith(("#", ")", "]", "}")):
            if not opened_by_decorator:
                block += 1
                opened_by_decorator = stripped.startswith("@")
            elif stripped.startswith(("def ", "async def ", "class ")):
                opened_by_decorator = False
        numbers.append(block)
    return numbers


def unmocked_line(text: str) -> Optional[int]:
    """The line of the first use of a device library in ``text`` (an attribute or a call of
    it: ``torch.cuda.Stream()``) that no mock replaces: not the library whole (``sys.modules[
    "flash_attn"] =``, ``when(pynvml)``, anywhere in the file), nor the name used (``patch(
    "pynvml.nvmlInit")``) in the same test or class; None when every use is mocked. Imports,
    comments, the mocks' own arguments and ``is_available()`` (it answers without the device)
    are no use."""
    library = _LIBRARY()
    spans: list[tuple[int, int]] = []
    wide: list[str] = []
    scoped: list[tuple[str, int]] = []
    for m in _mock_calls(text):
        if library.search(m.group(1)):
            spans.append(m.span(1))
            target = _target(m.group(1))
            if library.fullmatch(target):
                wide.append(target)
            else:
                scoped.append((target, m.start()))
    for m in _MODULES_SET.finditer(text):
        if library.match(m.group(1)):
            spans.append(m.span(1))
            wide.append(m.group(1))
    lines = text.split("\n")
    blocks = _blocks(lines)
    # where each line starts: a use's line found by bisection, not by counting the line breaks
    # before it (a 1 MB test file mocking pynvml whole with 20,000 uses of it: 3.9 s so)
    starts = list(accumulate((len(line) + 1 for line in lines), initial=0))

    def line_of(at: int) -> int:
        return bisect_right(starts, at) - 1

    in_mock = _within(spans)
    wide = list(dict.fromkeys(wide))
    by_block: dict[int, dict[str, None]] = {}
    for target, at in scoped:
        by_block.setdefault(blocks[line_of(at)], {})[target] = None
    for m in finditer_near(library, text, _NAMES()):
        if m.end() >= len(text) or text[m.end()] not in ".(" or in_mock(m.start()):
            continue
        number = line_of(m.start())
        stripped = lines[number].lstrip()
        if stripped.startswith(("#", "import ", "from ")):
            continue
        dotted = _DOTTED.match(text, m.end())
        used = m.group(0) + (dotted.group(0) if dotted else "")
        if used.rsplit(".", 1)[-1] == "is_available":
            continue
        covered = any(
            used == t or used.startswith(t + ".")
            for t in (*wide, *by_block.get(blocks[number], ()))
        )
        if not covered:
            return number + 1
    return None


def _within(spans: list[tuple[int, int]]) -> Callable[[int], bool]:
    """Whether an offset falls in one of ``spans``, found by bisection: each use of a library
    was asked of every mock's span (a file of n tests each patching its own call: n x n)."""
    ordered = sorted(spans)
    firsts = [a for a, _ in ordered]
    reach = list(accumulate((b for _, b in ordered), max))  # the furthest end so far

    def within(at: int) -> bool:
        index = bisect_right(firsts, at) - 1
        return index >= 0 and reach[index] > at

    return within


def on_cpu(step: Step, tested: Sequence[str], read: Callable[[str], Optional[str]]) -> Step:
    """``step``, a test step whose files ``tested`` state no device, marked ``mocked_at``
    where one of them mocks the device library it imports and none uses one unmocked."""
    if step.kind != "test" or step.needs.devices or step.needs.mocked_at is not None:
        return step
    first = None
    for rel in tested:
        text = read(rel)
        line = _mocked_at(text) if text is not None else None
        if line is None:
            continue
        if line == _UNMOCKED:
            return step  # a device library used as it is
        first = first or file_source(rel, line)
    if first is None:
        return step
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, mocked_at=first))


_UNMOCKED = 0
"""``_mocked_at``'s answer for a file that uses a device library as it is (lines count from 1)."""


@backends.remembering(256)
def _mocked_at(text: str) -> Optional[int]:
    """What ``on_cpu`` asks of one test file, kept: None where it names no device library, the
    line of its first mock of one where it uses none unmocked, else ``_UNMOCKED``. A file is
    asked once for each step that runs it (msmodelslim: 858 questions of 435 files); the
    answer rests on the backends' library names, so it is forgotten with them."""
    if not _names_library(text):
        return None
    line = mocked_line(text)
    if line is None or unmocked_line(text) is not None:
        return _UNMOCKED
    return line
