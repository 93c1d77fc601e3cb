"""Each input an outsider broke bringup with (issue 17), run through the CLI as they ran it:
the message it gives now and its exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bringup.cli.main import main
from bringup.versions import InvalidSpecifier, InvalidVersion, SpecifierSet, Version

ROOT = Path(__file__).resolve().parents[2]
STACK = ROOT / "examples" / "six-repos"
HUGE = "9" * 5000
"""More digits than Python's int-string limit (4,300): ``int()`` of it raises ValueError."""


@pytest.mark.parametrize("scheme", ["pep440", "numeric", "ascend", "name"])
def test_a_huge_version_is_refused_as_too_long(scheme: str) -> None:
    with pytest.raises(InvalidVersion, match="not a version: too long"):
        Version(f"{HUGE}.0", scheme)


@pytest.mark.parametrize("scheme", ["pep440", "numeric", "ascend"])
def test_a_huge_version_in_a_specifier_is_refused_as_too_long(scheme: str) -> None:
    with pytest.raises(InvalidSpecifier, match="too long"):
        SpecifierSet(f">=1.0,<{HUGE}", scheme)


def test_kb_why_with_a_huge_version_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "why", f"python=={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "not a version: too long (5000 characters" in err
    assert len(err) < 500


def test_what_if_with_a_huge_count_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", str(STACK), "--what-if", f"npus={HUGE}"]) == 2
    err = capsys.readouterr().err
    assert "--what-if npus: not a version: too long" in err
    assert len(err) < 500


def test_a_huge_version_in_a_readme_is_a_finding_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "README.md").write_text(f"# r\n\nRequires GCC >= {HUGE}.0\n", encoding="utf-8")
    assert main(["scan", str(repo), "--json"]) == 0
    findings = json.loads(capsys.readouterr().out)["data"]["findings"]
    [finding] = [f for f in findings if "too long" in f["message"]]
    assert finding["kind"] == "invalid"
    assert finding["sources"][0]["ref"].endswith("README.md")
    assert finding["sources"][0]["line"] == 3
