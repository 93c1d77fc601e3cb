"""What a pasted report does not say is left unsaid: no empty parentheses where the host's
arch and OS go, no "at (reported)" where a toolkit's path goes (outsider 22, item 21)."""

from __future__ import annotations

import io
from pathlib import Path

import msgspec
import pytest

from bringup.cli.main import main
from bringup.probe.importers import import_report
from bringup.report.console import PlainWriter
from bringup.report.document_text import render_document
from bringup.report.snapshot_text import snapshot_document
from conftest import FIXTURES

ROOT = Path(__file__).parents[2]


def test_a_report_without_arch_or_os_is_named_without_parentheses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # https://github.com/vllm-project/vllm-ascend/issues/3403: npu-smi info, no uname, no OS
    text = (FIXTURES / "reports" / "vllm-ascend-3403-issue-body.txt").read_text()
    snapshot = tmp_path / "host.json"
    snapshot.write_bytes(msgspec.json.encode(import_report(text, "issue.md")))
    repo = ROOT / "examples" / "six-repos" / "npu-samples"
    assert main(["check", str(repo), "--snapshot", str(snapshot)]) in (0, 1)
    title = capsys.readouterr().out.splitlines()[0]
    assert title.startswith("bringup check: 1 repo on a pasted report; ")


def test_a_reported_toolkit_is_not_placed_at_a_path() -> None:
    # https://github.com/pytorch/pytorch/issues/77520: "CUDA runtime version: 11.3.109", no path
    text = (FIXTURES / "reports" / "pytorch-77520-collect-env.txt").read_text()
    out = io.StringIO()
    render_document(PlainWriter(out, width=100), snapshot_document(import_report(text, "r.txt")))
    said = out.getvalue()
    assert "cuda: toolkit 11.3.109 (as reported, no path given);" in said
    assert "at (reported)" not in said
