"""Which logs ``explain`` takes as too small to pay for compiling the Hyperscan database on a
cold cache (reread40 L1): a regular file under ``PAYS_OFF_BYTES`` is; stdin, a pipe or a
device is not, whatever size ``stat`` says (``explain <(zcat log.gz)`` reads /dev/fd/N, whose
size is 0 though the log may be large)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.cli.explain import _small
from bringup.triage.prefilter import PAYS_OFF_BYTES


def test_a_small_file_is_small_and_a_large_one_is_not(tmp_path: Path) -> None:
    log = tmp_path / "small.log"
    log.write_text("RuntimeError: x\n")
    assert _small(str(log))
    log.write_bytes(b"x" * PAYS_OFF_BYTES)
    assert not _small(str(log))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_pipe_s_size_is_not_known(tmp_path: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    assert os.stat(fifo).st_size == 0
    assert not _small(str(fifo))


def test_stdin_and_no_log_are_not_small() -> None:
    assert not _small("-")
    assert not _small(None)
    assert not _small("/nonexistent/log")
