"""A Python package named as a subject the scope states is that subject's statement.

Sources: NVIDIA/cudnn-frontend (scan_eval12 tuning checkout) pyproject.toml:2 (build-system
``"cmake>=3.18"``) and CMakeLists.txt:1 (``cmake_minimum_required(VERSION 3.23)``);
fbgemm-ascend (scan_eval11 tuning checkout) requirements.txt:6 (``cmake>=4.1.2``) beside its
CMakeLists.txt:2 (``cmake_minimum_required(VERSION 3.18)``); DrivingSDK (scan_eval9 tuning
checkout) pyproject.toml:7 (``"cmake"``) beside CMakeLists.txt:1 (3.19.0).
"""

from __future__ import annotations

from bringup.model import Requirement, file_source
from bringup.scan.pypitwins import as_stated_subjects
from bringup.scan.registry import AUTHORITY
from bringup.scan.repeats import merge_repeats
from bringup.scan.unversioned import settle_unversioned


def _req(subject: str, spec: str, ref: str, line: int) -> Requirement:
    return Requirement(subject=subject, spec=spec, component="c", source=file_source(ref, line))


def test_the_build_requirement_folds_into_the_cmake_floor() -> None:
    floor = _req("cmake", ">=3.23", "CMakeLists.txt", 1)
    built = _req("pypi:cmake", ">=3.18", "pyproject.toml", 2)
    [one] = merge_repeats(as_stated_subjects([floor, built]), AUTHORITY)
    assert (one.subject, one.spec, one.source) == ("cmake", ">=3.23", floor.source)
    assert built.source in one.also_at


def test_the_strictest_floor_stands_whichever_file_states_it() -> None:
    floor = _req("cmake", ">=3.18", "CMakeLists.txt", 2)
    pinned = _req("pypi:cmake", ">=4.1.2", "requirements.txt", 6)
    [one] = merge_repeats(as_stated_subjects([floor, pinned]), AUTHORITY)
    assert (one.spec, one.source, one.also_at) == (">=4.1.2", pinned.source, (floor.source,))


def test_an_unversioned_build_requirement_is_a_place_of_the_floor() -> None:
    floor = _req("cmake", ">=3.19.0", "CMakeLists.txt", 1)
    named = _req("pypi:cmake", "", "pyproject.toml", 7)
    kept = settle_unversioned(as_stated_subjects([floor, named]), "c").requirements
    assert [(r.subject, r.spec, r.also_at) for r in kept] == [
        ("cmake", ">=3.19.0", (named.source,))
    ]


def test_a_package_no_other_statement_names_keeps_its_subject() -> None:
    alone = [_req("pypi:ninja", "", "pyproject.toml", 3), _req("cmake", ">=3.18", "a.txt", 1)]
    assert as_stated_subjects(alone) == alone
