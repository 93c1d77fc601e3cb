"""outsider17 D5: a requirements file the scan could not read whole still gave "runs here",
exit 0, while README.md promises *may run here, unverified* (exit 1) for a file of the repo the
scan could not read. The outsider's inputs (/work/o17/break, REPORT.md section 3): a
``requirements.txt`` whose 5 MiB line cut the read at 1 MiB before its ``numpy<2``, and one of
binary bytes. A file that lists no packages (a README) read in part is no such doubt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "tests/fixtures/hosts/linux-x86_64-debian12-cuda13-toolkit-no-driver"
_LONG = 1100 * 1024
"""A line longer than what the scan reads of a file (``scan.reading.MAX_BYTES``, 1 MiB)."""


def _check(repo: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, str]]:
    code = main(["check", str(repo), "--snapshot", str(HOST), "--json"])
    (verdict,) = json.loads(capsys.readouterr().out)["data"]["verdicts"]
    return code, verdict


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"torch==2.1.0\n# " + b"x" * _LONG + b"\nnumpy<2\n", "what the rest states is not known"),
        (b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 4096, "what it states is not known"),
    ],
)
def test_a_list_of_packages_read_in_part_leaves_the_verdict_unverified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, said: str
) -> None:
    (tmp_path / "requirements.txt").write_bytes(content)
    code, verdict = _check(tmp_path, capsys)
    assert verdict["status"] == "unverified"
    assert "file requirements.txt" in verdict["text"]
    assert said in verdict["text"]
    assert code == 1


def test_a_readme_read_in_part_is_no_doubt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "requirements.txt").write_text("numpy\n")
    (tmp_path / "README.md").write_bytes(b"# r\n\n" + b"x" * _LONG + b"\n")
    _code, verdict = _check(tmp_path, capsys)
    assert verdict["status"] != "unverified", verdict
