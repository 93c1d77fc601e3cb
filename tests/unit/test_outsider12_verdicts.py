"""outsider12 #2: a repo whose CANN (5.0.3.alpha001) the knowledge base does not list was
"runs here after installing CANN 5.0.3.alpha001 (unverified: not in the knowledge base)", typed
``runs_after`` and exit 0, while the README's contract is *may run here, unverified*, exit 1.
Fixture: tests/fixtures/repos/outsider12/photo-translator-ascend (its SOURCE.md:
1171800323/photo-translator-ascend@ee32d8b; README.md:11 ``ascend-toolkit 5.0.3.alpha001``)."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "tests/fixtures/repos/outsider12/photo-translator-ascend"
HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"


def test_a_pin_the_knowledge_base_does_not_list_is_unverified_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # README.md:1-4 (the Ascend docs it points to) and 8-12 (the CANN version block): its
    # lines 5-7 name the Ascend 310, a need of hardware (test_outsider12_model_chip)
    repo = tmp_path / "photo-translator-ascend"
    repo.mkdir()
    lines = (PHOTO / "README.md").read_text(encoding="utf-8").splitlines(keepends=True)
    (repo / "README.md").write_text("".join(lines[0:4] + lines[7:12]), encoding="utf-8")
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)
    (verdict,) = data["data"]["verdicts"]
    assert verdict["status"] == "unverified"
    assert verdict["text"].startswith(
        "may run here after installing CANN 5.0.3.alpha001, unverified: CANN 5.0.3.alpha001: "
        "no release record for CANN 5.0.3.alpha001 in the knowledge base"
    )
    assert (code, data["exit_code"]) == (1, 1)
    # the install is still the next action: the environment can be made as the repo asks
    assert "install CANN 5.0.3.alpha001" in json.dumps(data["data"])


VLLM_BUILD = ROOT / "tests/fixtures/repos/open-world/vllm-build/requirements.txt"
"""vllm-project/vllm@02aad69c requirements/build.txt, verbatim (the fixture's SOURCE.md)."""


def test_a_repo_with_a_file_the_scan_could_not_read_is_unverified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """outsider12 #17: requirements.txt at mode 000 (the tester ran as ``nobody``) left
    "runs here after installing CUDA 12.4.1", exit 0, from the rest of the repo. Here vLLM's
    build requirements are both ``requirements.txt`` and, refused (as root reads any mode,
    the refusal is the reader's), ``requirements/build.txt``."""
    repo = tmp_path / "vllm"
    (repo / "requirements").mkdir(parents=True)
    (repo / "requirements.txt").write_bytes(VLLM_BUILD.read_bytes())
    (repo / "requirements/build.txt").write_bytes(VLLM_BUILD.read_bytes())
    opened = os.open

    def refused(path: object, *args: object, **kwargs: object) -> int:
        if str(path).endswith("requirements/build.txt"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return opened(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bringup.scan.reading.os.open", refused)
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    data = json.loads(capsys.readouterr().out)
    (verdict,) = data["data"]["verdicts"]
    assert verdict["status"] == "unverified"
    assert (
        "unverified: file requirements/build.txt: cannot read: Permission denied"
        in (verdict["text"])
    )
    assert (code, data["exit_code"]) == (1, 1)
