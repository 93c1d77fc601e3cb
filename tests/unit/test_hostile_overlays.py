"""A knowledge-base overlay or a manifest that is not a regular file: a FIFO named
``failures/x.toml`` (or a link to ``/dev/zero``) used to block ``kb validate`` and ``explain
--kb-extra`` forever (a read with no writer) or fill memory; each is refused at its path."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.errors import InputError
from bringup.tomlfile import read_data_toml, read_toml


def _fifo_overlay(tmp_path: Path) -> Path:
    overlay = tmp_path / "overlay"
    (overlay / "failures").mkdir(parents=True)
    os.mkfifo(overlay / "failures" / "pipe.toml")
    return overlay


def test_kb_validate_names_a_fifo_overlay_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    overlay = _fifo_overlay(tmp_path)
    assert main(["kb", "validate", str(overlay)]) == 2
    assert "pipe.toml: not a regular file (a pipe or a device)" in capsys.readouterr().err


def test_explain_leaves_a_fifo_overlay_file_out_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    overlay = _fifo_overlay(tmp_path)
    log = tmp_path / "job.log"
    log.write_text("RuntimeError: NCCL error\n", encoding="utf-8")
    assert main(["explain", str(log), "--kb-extra", str(overlay)]) == 0
    assert "pipe.toml: not a regular file" in capsys.readouterr().err


@pytest.mark.parametrize("read", [read_toml, read_data_toml])
def test_a_toml_path_that_is_not_a_regular_file_is_refused(tmp_path: Path, read: object) -> None:
    os.mkfifo(tmp_path / "pipe.toml")
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(InputError, match=r"not a regular file \(a pipe or a device\)"):
        read(tmp_path / "pipe.toml")  # type: ignore[operator]
    with pytest.raises(InputError, match=r"not a regular file \(a directory\)"):
        read(tmp_path / "dir.toml")  # type: ignore[operator]
