"""The blind set of pasted environment reports (tests/data/reports_blind, issue 16): well formed,
its threads cited nowhere else in the project (so a reader test can never have been written from
one of them), and ``probe --from`` keeps finding what it found after the tuning round."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import ModuleType

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - 3.9/3.10
    import tomli as tomllib

ROOT = Path(__file__).parent.parent.parent
BLIND = ROOT / "tests" / "data" / "reports_blind"
URL = re.compile(r"https?://[^\s)\"'>`\]]+")
CASES = tomllib.loads((BLIND / "cases.toml").read_text(encoding="utf-8"))["case"]


def _thread(url: str) -> str:
    return url.rstrip("/.,;").split("#", 1)[0].lower()


def test_the_blind_set_is_well_formed() -> None:
    assert len(CASES) >= 40
    assert sum(case["area"] == "ascend" for case in CASES) >= 25
    assert len({_thread(case["source"]) for case in CASES}) == len(CASES)
    for case in CASES:
        assert (BLIND / case["file"]).is_file()
        assert case["source"].startswith("https://")


def test_no_thread_of_the_blind_set_is_cited_elsewhere() -> None:
    blind = {_thread(case["source"]) for case in CASES}
    cited: dict[str, str] = {}
    for top in ("src", "tests", "bench", "examples"):
        for path in (ROOT / top).rglob("*"):
            if not path.is_file() or BLIND in path.parents or path.stat().st_size > 2_000_000:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for url in URL.findall(text):
                cited.setdefault(_thread(url), str(path.relative_to(ROOT)))
    assert {url: cited[url] for url in blind & set(cited)} == {}


def test_probe_from_keeps_its_tuned_score(scorer: ModuleType) -> None:
    result = scorer.evaluate(BLIND)
    assert result["rejected"] == []
    assert result["share"] >= 0.95, result["misses"]
