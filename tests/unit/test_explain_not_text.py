"""``explain`` refuses a file that is not a text log (an executable, random or compressed
bytes) as bad input (exit 2) instead of matching signatures in it: ``bringup explain /bin/ls``
named "The device could not be opened" from a colour table inside the binary."""

from __future__ import annotations

import gzip
import io
import random
import sys
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.textbytes import not_text

ELF_HEAD = bytes.fromhex(
    "7f454c4602010100000000000000000003003e0001000000601000000000000040000000000000"
    "00f03a0000000000000000000040003800"
)
"""The first 56 bytes of an x86-64 ELF executable (the outside tester's logs/python.bin)."""

OOM = (
    b"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 496.00 MiB. GPU 0 has"
    b" a total capacty of 14.75 GiB of which 235.06 MiB is free.\n"
)
"""A real CUDA OOM line (the outside tester's logs/cuda_oom.log, line 3, cut short)."""


def _random_bytes(size: int) -> bytes:
    return random.Random(7).randbytes(size)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (ELF_HEAD + bytes(4000), "NUL bytes"),
        (_random_bytes(200_000), "NUL bytes"),
        (gzip.compress(OOM, mtime=0), "gzip-compressed"),
    ],
    ids=["executable", "random", "gzip"],
)
def test_a_file_that_is_not_text_is_bad_input(
    data: bytes, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "input.bin"
    log.write_bytes(data)
    assert main(["explain", str(log)]) == 2
    err = capsys.readouterr().err
    assert f"{log}: not a text log" in err
    assert reason in err


def test_stdin_that_is_not_text_is_bad_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ELF_HEAD + bytes(100))))
    assert main(["explain", "-"]) == 2
    assert "<stdin>: not a text log" in capsys.readouterr().err


def test_a_text_log_is_still_explained(tmp_path: Path) -> None:
    log = tmp_path / "oom.log"
    log.write_bytes(OOM)
    assert main(["explain", str(log)]) == 0


def test_text_in_other_shapes_is_text() -> None:
    assert not_text(b"") is None
    assert not_text(OOM.decode().encode("utf-16")) is None  # PowerShell's > writes UTF-16
    assert not_text(b"\x1b[31mERROR\x1b[0m 50%\r100%\b\n" * 40) is None  # colours, progress
    zh = "torch-npu  2.2 版本。模型llama 7b \n"  # Ascend/pytorch#34, line 1 of the issue body
    assert not_text(zh.encode("gbk") * 100) is None  # a legacy encoding keeps its ASCII


def test_mostly_control_or_undecodable_bytes_are_not_text() -> None:
    data = _random_bytes(8192).replace(b"\x00", b"")
    assert "control characters" in (not_text(data) or "")
    printable = bytes(b for b in data if b >= 0x20) * 2
    undecodable = bytes(b | 0x80 for b in printable)
    assert "not UTF-8" in (not_text(undecodable) or "")
