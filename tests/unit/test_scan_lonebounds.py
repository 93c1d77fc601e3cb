"""The one reading of a lone floor or pin the scan's folds share (``lonebounds``)."""

from __future__ import annotations

from bringup.model import Requirement, Source
from bringup.scan.lonebounds import PIN, floor_text, lone_release
from bringup.versions import Version


def _need(subject: str, spec: str) -> Requirement:
    source = Source(kind="file", ref="README.md", line=1)
    return Requirement(subject=subject, spec=spec, component="repo", source=source)


def test_a_lone_floor_is_one_release_in_its_subject_s_scheme() -> None:
    # "NVSHMEM v3.3.9 or later" (deepseek-ai/DeepEP docs/nvshmem.md:18) becomes ">= v3.3.9"
    assert floor_text(">= v3.3.9") == "3.3.9"
    assert lone_release(_need("nvshmem", ">= v3.3.9")) == Version("3.3.9", "pep440")
    # "Python >= 3.9" (hicann/asnumpy README.md:71) and a capability floor
    assert lone_release(_need("python", ">=3.9")) == Version("3.9", "pep440")
    assert lone_release(_need("compute_capability", ">=8.0")) == Version("8.0", "numeric")


def test_a_range_a_list_or_a_word_is_no_lone_floor() -> None:
    for spec in (">=3.8,<3.12", ">=11.8 || >=12.1", ">=latest", "==2.1.0", ""):
        assert lone_release(_need("python", spec)) is None, spec
        assert floor_text(spec) is None, spec


def test_a_pin_or_a_series_is_read_by_the_pin_pattern() -> None:
    assert lone_release(_need("torch", "==2.1.0"), PIN) == Version("2.1.0", "pep440")
    assert lone_release(_need("cuda", "==12.*"), PIN) is not None
