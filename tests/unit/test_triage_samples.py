"""Every signature ships with real sample logs whose top match is that signature; real logs
without a failure (successes, INFO and WARN lines) match nothing; the evaluation corpus is kept
apart."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bringup.triage import explain_text, load_signatures

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

LOGS = Path(__file__).parent.parent / "fixtures" / "logs"
CORPUS = Path(__file__).parent.parent / "data" / "triage"
SOURCE_HEADER = "# source: https://"


def _samples() -> list[Path]:
    return sorted(p for p in LOGS.rglob("*.log") if p.parent.name != "_unmatched")


def _body(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines, f"{path} is empty"
    assert lines[0].startswith(SOURCE_HEADER), f"{path}: first line must cite its source"
    return lines[1:]


def test_every_signature_has_a_sample() -> None:
    ids = {s.id for s in load_signatures().signatures}
    with_samples = {p.name for p in LOGS.iterdir() if p.is_dir() and any(p.glob("*.log"))}
    assert ids - with_samples == set()
    assert with_samples - ids == {"_unmatched"}


@pytest.mark.parametrize("sample", _samples(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sample_top_match_is_its_own_signature(sample: Path) -> None:
    diagnoses = explain_text(_body(sample))
    assert diagnoses, "no signature matched"
    assert diagnoses[0].signature_id == sample.parent.name, [d.signature_id for d in diagnoses]


@pytest.mark.parametrize("log", sorted((LOGS / "_unmatched").glob("*.log")), ids=lambda p: p.name)
def test_unrelated_logs_match_nothing(log: Path) -> None:
    assert explain_text(_body(log)) == []


def _cases() -> list[dict[str, str]]:
    document = tomllib.loads((CORPUS / "cases.toml").read_text(encoding="utf-8"))
    cases: list[dict[str, str]] = document["case"]
    return cases


def test_corpus_is_large_enough_and_sourced() -> None:
    cases = _cases()
    assert len(cases) >= 40
    ids = {s.id for s in load_signatures().signatures}
    for case in cases:
        assert case["source"].startswith("https://")
        assert case["established"].strip()
        assert case["expected"] in ids
        assert (CORPUS / "logs" / case["log"]).is_file()
    assert len({c["log"] for c in cases}) == len(cases)


def test_corpus_logs_are_not_unit_samples() -> None:
    """The evaluation would be circular if a corpus case reused a sample: no corpus log equals
    a sample log, and no sample of the expected signature comes from the case's thread."""
    samples = {tuple(_body(p)): p for p in _samples()}
    sources: dict[str, set[str]] = {}
    for path in _samples():
        header = path.read_text(encoding="utf-8").splitlines()[0]
        sources.setdefault(path.parent.name, set()).add(header[len("# source: ") :])
    for case in _cases():
        lines = (CORPUS / "logs" / case["log"]).read_text(encoding="utf-8").splitlines()
        assert tuple(lines) not in samples, case["log"]
        assert case["source"] not in sources.get(case["expected"], set()), case["log"]
