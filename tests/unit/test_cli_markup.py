"""Text from repos, logs, overlays, reports and paths reaches the terminal through Rich: a
``[bold]`` or a ``[/]`` in it must print as written, never style the output or crash it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.model import Snapshot
from conftest import FIXTURES

HOST = FIXTURES / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
pytestmark = pytest.mark.usefixtures("no_user_kb")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repo whose directory name, README, requirements and script hold markup."""
    root = tmp_path / "ops[bold]x"
    root.mkdir()
    (root / "README.md").write_text("# [/] ops\n\nRequires CANN >= 8.0.RC1 [/] [red]\n")
    (root / "requirements.txt").write_text("torch>=2.1\nnumpy[/bold]\n")
    (root / "build.sh").write_text("#!/bin/bash\ncmake -B build -D[/]=1\n")
    return root


def test_scan_prints_markup_as_written(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", str(repo)]) == 0
    out = capsys.readouterr().out
    assert "ops[bold]x" in out
    assert "numpy[/bold]" in out


def test_check_prints_markup_as_written(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(repo), "--snapshot", str(HOST)]) in (0, 1)
    out = capsys.readouterr().out
    assert "ops[bold]x" in out


def test_explain_prints_log_lines_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "logs[/]run.log"  # a directory "logs[" holding "]run.log"
    log.parent.mkdir()
    log.write_text("[/bold]ImportError: libhccl.so: cannot open shared object file [/]\n")
    assert main(["explain", str(log)]) == 0
    out = capsys.readouterr().out
    assert "logs[/]run.log" in out
    assert "[/bold]ImportError" in out


def test_kb_prints_overlay_text_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    overlay = tmp_path / "overlay"
    overlay.mkdir()
    (overlay / "python.toml").write_text(
        'topic = "python"\n\n[[release]]\nid = "python-9.9"\nsubject = "python"\n'
        'version = "9.9"\nnote = "[/] not [bold]real"\nsource = "https://example.com/[/]"\n'
    )
    assert main(["kb", "show", "python", "--kb-extra", str(overlay)]) == 0
    out = capsys.readouterr().out
    assert "[/] not [bold]real" in out
    assert "https://example.com/[/]" in out


def test_probe_prints_report_values_and_paths_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "pip[/]list.txt"
    report.parent.mkdir()
    report.write_text("Package    Version\n---------- -------\ntorch      2.1.0[/]\n")
    assert main(["probe", "--from", str(report)]) == 0
    assert "pip[/]list.txt" in capsys.readouterr().out

    def recorded(**_: object) -> Snapshot:  # nothing probed: only the output is under test
        return Snapshot(taken_at="2025-01-01T00:00:00+00:00", origin="live")

    monkeypatch.setattr("bringup.cli.probe.take_snapshot", recorded)
    target = tmp_path / "host[/]"
    assert main(["probe", "--record", str(target)]) == 0
    assert f"recorded to {target}" in " ".join(capsys.readouterr().out.split())
