"""Inputs the triage tests share: log fragments that exercise the engine, and a way to write
signature files into a directory."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from bringup.triage import explain_text

FRAGMENTS = [
    b"version `GLIBCXX_3.4.30' not found",
    b"EZ9999: Inner Error!",
    b"E\x1b[0mZ9999: Inner Error!",
    b"Aicore kernel execute failed",
    b"Aicore kernel \x1b[31mexecute failed",
    b"\x1b[31m",
    b"\r\n",
    b"\n",
    b"\xff\xfe\xc3",
    b"NPU function error: x, error code is 507033",
    b"no kernel image is available for execution on the device",
    b"CUDA out of memory. Tried to allocate 2.00 GiB",
]
"""Error lines (one with a colour code inside a pattern's literal), colour codes, line ends and
invalid UTF-8."""

log_parts = st.lists(st.one_of(st.binary(max_size=64), st.sampled_from(FRAGMENTS)), max_size=40)


def write(directory: Path, name: str, text: str) -> Path:
    """``text`` as ``directory/name`` (directories created)."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def top(log: str) -> tuple[str, str]:
    """The first diagnosis of ``log``: its entry and layer (a log must give one)."""
    found = explain_text(log)
    assert found, log
    return found[0].signature_id, found[0].layer
