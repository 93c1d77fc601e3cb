"""DeepSpeed's ``ds_report`` (outsider 23b, D11): its environment block's dotted rows were
not read, and its ``deepspeed wheel compiled w. ...... torch 2.7, cuda 0.0`` row (what the
wheel was built against) was read as the host's torch 2.7 and CUDA toolkit 0.0; a report
from which nothing is read was exit 0 and blamed its first line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.probe.importers import import_report

ROOT = Path(__file__).resolve().parents[2]

# A ds_report pasted in a public Markdown file (the search index's file 35256637819, a
# DeepSpeed 0.17.2 container; the format is deepspeedai/DeepSpeed deepspeed/env_report.py's)
DS_REPORT = """\
--------------------------------------------------
DeepSpeed general environment info:
torch install path ............... ['/opt/cotainr/conda/envs/conda_container_env/lib/python3.12/site-packages/torch']
torch version .................... 2.7.0+cu128
deepspeed install path ........... ['/opt/cotainr/conda/envs/conda_container_env/lib/python3.12/site-packages/deepspeed']
deepspeed info ................... 0.17.2, unknown, unknown
torch cuda version ............... 12.8
torch hip version ................ None
nvcc version ..................... 12.8
deepspeed wheel compiled w. ...... torch 2.7, cuda 0.0
shared memory (/dev/shm) size .... 15.25 GB
"""  # noqa: E501


def test_the_environment_rows_are_read_and_the_wheels_build_is_not_the_hosts() -> None:
    snapshot = import_report(DS_REPORT, "r.txt")
    facts = {f.key: (f.value, f.source.line) for f in snapshot.facts if f.ok}
    assert facts["python.package.torch"] == ("2.7.0+cu128", 4)
    assert facts["python.package.deepspeed"] == ("0.17.2", 6)
    assert facts["python.torch.cuda_version"][0] == "12.8"
    assert [(t.version, t.source.line) for t in snapshot.toolkits] == [("12.8", 9)]
    assert all(f.source.line != 10 for f in snapshot.facts)


SAMPLES = Path(__file__).resolve().parents[1] / "data" / "ds_report"  # sources: SOURCES.md


def test_a_whole_comment_with_a_ds_report_gives_the_hosts_facts_with_their_lines() -> None:
    """Prose first, then two environment blocks of one venv (DeepSpeed PR 6762)."""
    snapshot = import_report((SAMPLES / "pr6762-comment.md").read_text(), "c.md")
    facts = {f.key: (f.value, f.source.line) for f in snapshot.facts if f.ok}
    assert facts["python.package.torch"] == ("2.3.0+cu121", 9)
    assert facts["python.torch.cuda_version"] == ("12.1", 12)
    # ds_report prints no Python version: torch's site-packages directory states it
    assert facts["python.default.version"] == ("3.12", 8)
    assert [(t.version, t.source.line) for t in snapshot.toolkits] == [("12.0", 14)]
    deepspeed = {f.value for f in snapshot.facts if f.key == "python.package.deepspeed"}
    assert deepspeed == {"0.15.5+unknown", "0.15.5+46d7d0d1"}
    # "deepspeed wheel compiled w. ...... torch 0.0, cuda 0.0" is the wheel's, not the host's
    assert all(f.source.line not in (15, 28) for f in snapshot.facts if f.ok)


def test_a_report_with_no_host_fact_is_exit_2_for_probe_from_as_for_target(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An op report cut before its environment block (DeepSpeed issue 7432): ``probe --from X
    && check --target X`` must stop at the probe; the reason does not blame the first line,
    the issue's prose."""
    cut = str(SAMPLES / "issue7432-op-report-cut.txt")
    assert main(["probe", "--from", cut]) == 2
    said = capsys.readouterr().err
    assert "--from: no host facts could be read from this report" in said
    assert "none of its 26 lines is one of these" in said
    assert "first line was" not in said
    assert main(["probe", "--from", cut, "--json"]) == 2
    envelope = json.loads(capsys.readouterr().out)
    assert (envelope["data"], envelope["error"]["kind"]) == (None, "input")
    assert main(["check", str(ROOT / "examples" / "six-repos"), "--target", cut]) == 2
    assert "--target: no host facts could be read" in capsys.readouterr().err
