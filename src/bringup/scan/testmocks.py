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
tests and no other file it runs names a device library unmocked."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Optional

import msgspec

from bringup import backends, lazyre, patterncache
from bringup.backends.base import Backend
from bringup.model import Step, file_source


def _libraries(registered: tuple[Backend, ...]) -> re.Pattern[str]:
    """The device libraries' import names as a word, from each backend's vocabulary: its
    device-only packages (``pynvml``), its framework's device module (``torch.cuda``) and its
    PyTorch adapter (``torch_npu``)."""
    names = sorted(
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
    alternatives = "|".join(re.escape(n) for n in names) or "(?!)"
    return patterncache.compile(rf"(?<![\w.])(?:{alternatives})\b")


_LIBRARY = backends.per_registry(_libraries)
_MOCK_CALL = lazyre.compile(
    r"(?<!def )\b(?:\w{0,40}(?:mock|patch|stub|Mock|Patch|Stub)\w{0,40}|when2?|setattr)"
    r"\s*\(([^()\n]{0,200})"
)
"""A call that makes a mock or a stub, with its arguments up to the first bracket:
``when(pynvml)``, ``patch.object(torch_npu, ...)``, ``monkeypatch.setattr(torch.cuda, ...)``,
``nvidia_mock(pynvml)``; not a function's definition (``def _configure_mock(N=pynvml,``)."""
_MODULES_SET = lazyre.compile(r"sys\.modules\[\s*['\"]([\w.]{1,80})['\"]\s*\]\s*=(?!=)")
"""A module replaced before it is imported: ``sys.modules["torch_npu"] = MagicMock()``."""
_MOCK_WORDS = ("mock", "Mock", "patch", "stub", "when(", "setattr", "sys.modules")


def mocked_line(text: str) -> Optional[int]:
    """The line of the first mock in ``text`` whose own call names a device library; None
    when none does."""
    if not any(word in text for word in _MOCK_WORDS):
        return None
    library = _LIBRARY()
    found = [m.start() for m in _MOCK_CALL.finditer(text) if library.search(m.group(1))]
    found += [m.start() for m in _MODULES_SET.finditer(text) if library.match(m.group(1))]
    return text.count("\n", 0, min(found)) + 1 if found else None


def on_cpu(step: Step, tested: Sequence[str], read: Callable[[str], Optional[str]]) -> Step:
    """``step``, a test step whose files ``tested`` state no device, marked ``mocked_at``
    where one of them mocks the device library it imports and none names one unmocked."""
    if step.kind != "test" or step.needs.devices or step.needs.mocked_at is not None:
        return step
    first = None
    for rel in tested:
        text = read(rel)
        if text is None or not _LIBRARY().search(text):
            continue
        line = mocked_line(text)
        if line is None:
            return step  # a device library used as it is
        first = first or file_source(rel, line)
    if first is None:
        return step
    return msgspec.structs.replace(step, needs=msgspec.structs.replace(step.needs, mocked_at=first))
