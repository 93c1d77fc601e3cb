"""outsider17 D1: a release a README says breaks the build became the release the repo
requires. ashawkey/cubvh@7855c00 readme.md:19-22 (its "Trouble Shooting") calls
``torch==2.1.0`` and ``torch==2.1.1`` a known issue; the scan read ``torch ==2.1.0 || ==2.1.1``
and ``solve`` pinned torch 2.1.0. Such a release is an exclusion (``!=``), never the pin."""

from __future__ import annotations

from pathlib import Path

from bringup.scan.phrases import read_phrase
from bringup.scan.prose import read_line
from bringup.scan.repo import scan_repo

CUBVH_22 = (
    "This is a known issue for `torch==2.1.0` and `torch==2.1.1` "
    "(https://github.com/pytorch/pytorch/issues/112841). "
)
"""ashawkey/cubvh@7855c00 readme.md:22."""


def _specs(line: str) -> list[tuple[str, str]]:
    return [(m.subject, m.spec) for m in read_line(line)]


def test_a_known_issue_for_two_releases_excludes_both() -> None:
    assert _specs(CUBVH_22) == [("torch", "!=2.1.0"), ("torch", "!=2.1.1")]


def test_releases_said_to_break_are_excluded_however_listed() -> None:
    # the outsider's wording of the same fact (REPORT.md D1), and its other common shapes
    assert _specs("torch 2.1.0/2.1.1 break the build.") == [("torch", "!=2.1.0,!=2.1.1")]
    assert _specs("torch 2.1.0 and torch 2.1.1 do not work") == [
        ("torch", "!=2.1.0"),
        ("torch", "!=2.1.1"),
    ]
    assert _specs("CUDA 12.0 does not work; CUDA 11.8 is required") == [
        ("cuda", "!=12.0.*"),
        ("cuda", "==11.8.*"),
    ]


def test_a_need_whose_clause_only_mentions_failure_stays_a_need() -> None:
    # the failure is what happens without the release, not a word about the release
    assert _specs("Requires torch 2.1.0, or the build fails.") == [("torch", "==2.1.0")]
    assert _specs("The build fails without CUDA 11.8, which is required") == [("cuda", "==11.8.*")]


def test_negating_alternatives_of_pins_excludes_each() -> None:
    phrase = read_phrase("2.1.0/2.1.1", "torch", negated=True)
    assert phrase is not None
    assert phrase.spec == "!=2.1.0,!=2.1.1"
    assert read_phrase(">=2.0,<2.2", "torch", negated=True) is None


def test_the_scan_of_the_troubleshooting_section_pins_no_broken_release(tmp_path: Path) -> None:
    (tmp_path / "readme.md").write_text(
        "# cuBVH\n\n#### Trouble Shooting\n"
        "**`fatal error: eigen/matrix.h: No such file or directory`**\n\n" + CUBVH_22 + "\n"
    )
    scanned = scan_repo(tmp_path, str(tmp_path), name="cubvh").component
    torch = [r.spec for r in scanned.requirements if r.subject == "torch"]
    assert torch
    assert all(spec.startswith("!=") for spec in torch), torch


def test_trouble_words_that_are_a_condition_a_fix_or_another_clause_refuse_nothing() -> None:
    # review36's sentences (constructed): a release after a bare comma starts a new clause, a
    # condition says what may happen, a fixed trouble is over; each had become an exclusion
    assert _specs("Fails with torch 2.0, torch 2.1 works.") == [("torch", "!=2.0.*")]
    assert _specs("Breaks on CUDA 11.7, CUDA 11.8 is required.") == [
        ("cuda", "!=11.7.*"),
        ("cuda", "==11.8.*"),
    ]
    assert ("torch", "==2.1.0") in _specs("If the build fails on CUDA 12, torch 2.1.0 is required.")
    assert _specs(
        "Requires torch 2.1.0 (if the install of torch 2.1.0 has problems, open an issue)"
    ) == [("torch", "==2.1.0")]
    assert _specs("需要 torch 2.1.0 有问题请联系我们") == [("torch", "==2.1.0")]
    assert _specs("torch 2.1.0 crashes are fixed in this release") == []
    assert _specs("Known issues with torch 2.0 and torch 2.1 are fixed in torch 2.2") == []
