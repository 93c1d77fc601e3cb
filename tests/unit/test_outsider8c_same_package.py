"""Outsider O8 #9 on Ascend/mindx-science's requirements.txt (tests/fixtures/outsider8c):
``mindspore==1.8.1`` (line 2) beside ``mindspore_ascend==1.7.0`` (line 3) was installed into
one environment without a word, and mindspore 1.8.1 was called both "not in the knowledge
base" and compatible by the row ``mindspore-1.8.x`` (``==1.8.*``).

mindspore_ascend 1.x is MindSpore 1.x for Ascend (mindspore-ai/docs r1.7
install/mindspore_ascend_install_pip_en.md installs mindspore_ascend-{version}, {version}
being the MindSpore version, and checks it with ``import mindspore``): the two install one
package, so an environment holds one release of it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-x86_64-debian12-cuda13-toolkit-no-driver"
NPU_HOST = ROOT / "tests" / "fixtures" / "hosts" / "linux-aarch64-ascend-910b-two-cann-toolkits"
MINDX = ROOT / "tests" / "fixtures" / "outsider8c" / "mindx-science"
LINES = (MINDX / "requirements.txt").read_text(encoding="utf-8").splitlines()


def _check(capsys: pytest.CaptureFixture[str], repo: Path, host: Path = HOST) -> dict[str, Any]:
    main(["check", str(repo), "--snapshot", str(host), "--json"])
    data: dict[str, Any] = json.loads(capsys.readouterr().out)["data"]
    return data


def _repo(tmp_path: Path, *lines: str) -> Path:
    root = tmp_path / "mindx-science"
    root.mkdir()
    (root / "requirements.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def test_two_releases_of_one_package_in_one_repo_block_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On a 910B host the two lines block the repo; on a host with no NPU it needs other
    hardware first (mindspore_ascend runs on NPUs alone) and the conflict is still told."""
    data = _check(capsys, MINDX, NPU_HOST)
    (verdict,) = data["verdicts"]
    assert verdict["status"] == "blocked"
    no_npu = _check(capsys, MINDX)
    assert no_npu["verdicts"][0]["status"] == "needs_hardware"
    assert no_npu["conflicts"] == data["conflicts"]
    (conflict,) = data["conflicts"]
    refs = json.dumps(conflict)
    assert "same_package/mindspore_ascend-1.7-is-mindspore" in refs
    assert "requirements.txt:2" in conflict["text"]
    assert "requirements.txt:3" in conflict["text"]


def test_a_release_a_row_covers_by_range_is_no_unknown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """mindspore 1.8.1 alone (line 2 of the file): the row ``mindspore ==1.8.*`` names it, so
    it is pinned as that row's release, not "unverified: not in the knowledge base"."""
    data = _check(capsys, _repo(tmp_path, LINES[1]))
    (verdict,) = data["verdicts"]
    assert verdict["status"] == "runs_after"
    assert "not in the knowledge base" not in json.dumps(verdict)
    (env,) = data["resolution"]["environments"]
    (pin,) = [p for p in env["pins"] if p["subject"] == "mindspore"]
    assert (pin["version"], pin["origin"]) == ("1.8.1", "release")
    assert pin["source"]["ref"] == "mindspore/mindspore-1.8.x"


def test_either_name_alone_is_no_conflict(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The row brings nothing: mindspore_ascend==1.7.0 alone (line 3) gets no mindspore."""
    data = _check(capsys, _repo(tmp_path, LINES[2]))
    assert data["conflicts"] == []
    (env,) = data["resolution"]["environments"]
    assert "mindspore" not in {p["subject"] for p in env["pins"]}


def test_kb_why_reads_a_distribution_as_the_knowledge_base_writes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["kb", "why", "pypi:mindspore_ascend==1.7.0", "mindspore==1.8.1"]) == 1
    assert capsys.readouterr().out.startswith("INCOMPATIBLE")
