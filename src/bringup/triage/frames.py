"""The frames of a traceback, read from the bytes printed before an exception line: their
files, the source line under the innermost, the installed package of each, and what launchers
print before them. Kept apart from ``bringup.triage.findings`` (which reads them only for the
exceptions it keeps) because the line quotes and the phase read them too."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple, Optional

MAX_FRAMES = 12

PREFIX = (
    r"(?:\[[^\]\n]*\]:?[ \t]*|\([^)\n]*\)[ \t]*|E[ \t]+|[0-9]+: "
    r"|(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) [0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} "
    r"(?:[\w.-]{1,200}:[0-9]{1,6}\] )?"
    r"|[DIWECF][0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} {1,8}[0-9]{1,10} "
    r"[^\s\]]{1,300}:[0-9]{1,6}\][ \t]?)*"
)
"""What launchers print before a traceback's lines: ``[rank0]: ``, ``(pid=12) ``, pytest's
``E   ``, torchrun's ``0: ``, vLLM's logger's level and time before its ``[file.py:N]``
(``ERROR 07-28 02:12:55 [multiproc_executor.py:1000]``, vllm/logger.py ``_FORMAT``) or, in its
older releases (v0.1.0's ``_FORMAT``), before its ``file.py:N]`` (``ERROR 02-21 03:00:08
engine.py:387]``), and
the glog layout of PyTorch's logging (torch/_logging/_internal.py ``TorchLogsFormatter``: level
letter, date, time with microseconds, process, path and line, then its trace id ``[0/0]``:
``E0701 18:17:41.098000 252793 site-packages/torch/_subclasses/fake_tensor.py:2431] [0/0]``),
which C++'s glog prints too. An exception line may also be indented (a paste, a wrapped
subprocess's output)."""


_FRAME = re.compile(
    rb'(?m)^(?P<lead>[^\n]{0,200}?)\bFile "(?P<path>[^"\n]{1,400})", line [0-9]{1,9}'
    rb"(?:, in (?P<fn>\S{1,200}))?"
    rb"|^[ \t]{0,8}(?P<short>[^\s:]{1,400}\.py):[0-9]{1,9}: in (?P<sfn>\S{1,200})[ \t]*$"
)
"""A frame line: Python's (``File "x.py", line 3, in f``; no function on a SyntaxError's
location line), behind whatever the line starts with, or pytest's (``x.py:3: in f``)."""
_LEAD = re.compile(PREFIX.encode() + rb"[ \t]*")
_TRACEBACK = b"Traceback (most recent call last):"

_PACKAGE = re.compile(r"[/\\](?:site|dist)-packages[/\\]([A-Za-z0-9_.-]+)")
_CHECKOUT = re.compile(r"(?=[/\\]([A-Za-z0-9_.-]+)[/\\]([A-Za-z_][A-Za-z0-9_]*)[/\\])")
"""A source checkout's package, installed in place (``pip install -e``): the repository's folder
holds the package's folder of the same name (``/code/vllm/vllm/v1/core/block_pool.py``,
``/workspace/vllm-ascend/vllm_ascend/worker/model_runner.py``)."""


class Frame(NamedTuple):
    """A frame of a traceback: its file, its function ('' on a SyntaxError's location line),
    the source line printed under it ('' when none) and whether it is Python's own form behind
    only a launcher's prefix (``python``; not pytest's, nor a frame quoted inside other text)."""

    path: str
    function: str
    source: str
    python: bool


def read_frames(text: bytes) -> tuple[Frame, ...]:
    """The frames of the traceback that ``text`` (what precedes an exception line) ends with,
    outermost first: those after its last ``Traceback`` header, or every frame when there is
    none (pytest's reports)."""
    found = []
    for frame in _FRAME.finditer(text, max(text.rfind(_TRACEBACK), 0)):
        if frame.group("short") is not None:
            path, function = frame.group("short"), frame.group("sfn")
            found.append(Frame(_text(path), _text(function), "", False))
            continue
        source = text[frame.end() :].split(b"\n", 2)[1:2]
        said = b"" if not source or _python(_FRAME.match(source[0])) else source[0]
        function = frame.group("fn") or b""
        found.append(
            Frame(_text(frame.group("path")), _text(function), _text(said).strip(), _python(frame))
        )
    return tuple(found)


def _python(frame: Optional[re.Match[bytes]]) -> bool:
    """Whether ``frame`` is one in Python's form behind only a launcher's prefix."""
    lead = frame.group("lead") if frame is not None else None
    return lead is not None and _LEAD.fullmatch(lead) is not None


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def frames_before(frames: Sequence[Frame]) -> tuple[str, ...]:
    """The files of ``frames`` in Python's form (``read_frames``), innermost last."""
    return tuple(frame.path for frame in frames if frame.python)[-MAX_FRAMES:]


def call_before(frames: Sequence[Frame]) -> str:
    """The source line Python printed under the innermost of ``frames`` in its form
    (``read_frames``; '' when none: no frame, or a frame without its source)."""
    python = [frame for frame in frames if frame.python]
    return python[-1].source if python else ""


def package_of(path: str) -> str:
    match = _PACKAGE.search(path)
    if match:
        return match.group(1).split(".")[0]
    for checkout in _CHECKOUT.finditer(path):
        repository, package = checkout.groups()
        if repository.lower().replace("-", "_") == package.lower():
            return package
    return ""
