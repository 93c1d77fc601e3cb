"""The held-out triage corpus (``tests/data/triage_heldout``) is well-formed and stays apart.

This checks the corpus, not accuracy: every case names a log that exists, a public thread, a
valid area and layer, and only signature ids that exist; no thread or log is shared with the
signature samples or the signature author's corpus. Accuracy is measured by
``bench/triage_eval.py --corpus tests/data/triage_heldout``."""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from bringup.triage import load_signatures

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

DATA = Path(__file__).parent.parent / "data"
HELDOUT = DATA / "triage_heldout"
SAMPLES = Path(__file__).parent.parent / "fixtures" / "logs"
AUTHOR_CORPUS = DATA / "triage"
AREAS = {"ascend", "cuda", "toolchain"}
LAYERS = {"install", "build", "device_init", "operator_execution", "communication", "memory"}
FIELDS = {"file", "area", "source", "established_cause", "layer", "expected"}
URL = re.compile(r"https?://[^\s)\"'>`]+")


def _cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = tomllib.loads(
        (HELDOUT / "cases.toml").read_text(encoding="utf-8")
    )["case"]
    return cases


def _thread(url: str) -> str:
    """A URL reduced to its thread: no scheme, query, fragment or trailing slash."""
    parts = urlsplit(url)
    return (parts.netloc + parts.path).rstrip("/").lower()


def test_corpus_has_enough_cases_in_every_area() -> None:
    cases = _cases()
    assert len(cases) >= 40
    assert {case["area"] for case in cases} == AREAS


@pytest.mark.parametrize("case", _cases(), ids=lambda case: str(case["file"]))
def test_case_is_well_formed(case: dict[str, Any]) -> None:
    assert set(case) == FIELDS
    log = HELDOUT / case["file"]
    assert log.is_file()
    assert log.read_bytes().strip()
    assert case["area"] in AREAS
    assert case["layer"] in LAYERS
    assert len(case["established_cause"].split()) >= 8
    source = urlsplit(case["source"])
    assert source.scheme in {"http", "https"}
    assert source.netloc
    assert source.path.strip("/")
    assert isinstance(case["expected"], list)
    assert all(isinstance(item, str) for item in case["expected"])


def test_expected_ids_exist_in_the_signature_set() -> None:
    ids = {signature.id for signature in load_signatures().signatures}
    unknown = {item for case in _cases() for item in case["expected"]} - ids
    assert unknown == set()


def test_every_log_is_listed_once_and_every_thread_once() -> None:
    cases = _cases()
    files = [case["file"] for case in cases]
    assert len(files) == len(set(files))
    assert set(files) == {path.name for path in HELDOUT.glob("*.log")}
    threads = [_thread(case["source"]) for case in cases]
    assert len(threads) == len(set(threads))


def test_no_thread_is_shared_with_the_samples_or_the_author_corpus() -> None:
    used = {
        _thread(url)
        for directory in (SAMPLES, AUTHOR_CORPUS)
        for path in directory.rglob("*")
        if path.is_file()
        for url in URL.findall(path.read_text(encoding="utf-8", errors="replace"))
    }
    assert used, "no sources found in the samples: the check would be vacuous"
    shared = {_thread(case["source"]) for case in _cases()} & used
    assert shared == set()


def test_no_log_is_a_copy_of_a_sample_or_author_corpus_log() -> None:
    def digest(text: str) -> str:
        lines = text.splitlines()
        body = "\n".join(
            line.rstrip() for line in lines if line.strip() and not line.startswith("# source:")
        )
        return hashlib.sha256(body.encode()).hexdigest()

    known = {
        digest(path.read_text(encoding="utf-8", errors="replace"))
        for directory in (SAMPLES, AUTHOR_CORPUS)
        for path in directory.rglob("*.log")
    }
    heldout = {
        digest(path.read_text(encoding="utf-8", errors="replace")) for path in HELDOUT.glob("*.log")
    }
    assert heldout.isdisjoint(known)
