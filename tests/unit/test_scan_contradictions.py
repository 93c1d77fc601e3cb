"""Contradictions between two files of one repo: only ranges no version satisfies together."""

from __future__ import annotations

from bringup.model import Requirement, Source
from bringup.scan.contradictions import find_contradictions
from bringup.scan.prose import read_line


def _stated(ref: str, line: int, spec: str) -> Requirement:
    return Requirement(
        subject="python",
        spec=spec,
        component="vllm-ascend",
        source=Source(kind="file", ref=ref, line=line),
    )


def test_overlapping_ranges_are_no_contradiction_and_both_bind() -> None:
    # vllm-ascend@182b75ea setup.py:513 `python_requires=">=3.10",` and README.md:65
    # "- Python >= 3.10, < 3.13": together they mean >=3.10,<3.13.
    (readme,) = read_line("    - Python >= 3.10, < 3.13", required=True)
    stated = [_stated("setup.py", 513, ">=3.10"), _stated("README.md", 65, readme.spec)]
    kept, findings = find_contradictions(stated, {"setup.py": 3}, "vllm-ascend")
    assert readme.spec == ">=3.10,<3.13"
    assert findings == []
    assert kept == stated
    assert all(r.hard for r in kept)


def test_disjoint_ranges_contradict_and_the_manifest_wins() -> None:
    stated = [_stated("setup.py", 513, ">=3.10"), _stated("README.md", 20, ">=3.7,<3.9")]
    kept, (finding,) = find_contradictions(stated, {"setup.py": 3}, "vllm-ascend")
    assert "exclude each other" in finding.message
    assert finding.sources[0].ref == "setup.py"
    assert [r.hard for r in kept] == [True, False]
