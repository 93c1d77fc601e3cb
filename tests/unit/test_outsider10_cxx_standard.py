"""A C++ standard the compiler table did not list was "blocked" on every host, with the advice
to "relax" the repo's own line (outsider10 #3: ``set(CMAKE_CXX_STANDARD 23)`` on GCC 12.2 and
CMake 3.25). The standards are now the knowledge base's (kb/data/cxx_standard.toml, from
CMake's CXX_STANDARD.rst and gcc.gnu.org/projects/cxx-status.html), ordered by their year, and
one newer than the table is unverified, never "no standard satisfies it"."""

from __future__ import annotations

from bringup.kb import load_knowledge_base
from bringup.model import Component
from bringup.model.plan import Action
from bringup.model.resolution import Resolution
from bringup.report.action_wording import action_text
from bringup.solve import knowledge_catalogue, solve
from bringup.versions import Version
from solve_inputs import host, requirement, where

LINE = "gaussian-splatting-cuda/CMakeLists.txt:105"
"""MrNeRF/gaussian-splatting-cuda@0ff1dc23 CMakeLists.txt:105 ``set(CMAKE_CXX_STANDARD 23)``,
beside :1 ``cmake_minimum_required(VERSION 3.30)`` (here the host's CMake 3.25 is enough)."""


def _solve(spec: str, cmake: str = "3.25.1", gcc: str = "12.2.0") -> Resolution:
    kb = load_knowledge_base()
    repo = Component(
        name="gs",
        path="gs",
        role="other",
        requirements=(
            requirement("gs", "cxx_standard", spec, LINE),
            requirement("gs", "cmake", ">=3.20", "gs/CMakeLists.txt:1"),
            requirement("gs", "gcc", "", "gs/CMakeLists.txt:1"),
        ),
    )
    snapshot = host(gcc=gcc, facts={"toolchain.cmake.version": cmake})
    return solve([repo], snapshot, kb.rules(), knowledge_catalogue(kb))


def test_cxx23_runs_with_gcc_12_and_cmake_3_25() -> None:
    resolution = _solve(">=23")
    assert resolution.verdicts[0].status == "runs"
    pin = resolution.environments[0].pin("cxx_standard")
    assert pin is not None
    assert (pin.version, pin.installed) == ("23", True)


def test_cxx23_needs_a_gcc_that_knows_it() -> None:
    """cxx-status: "C++23 features are available since GCC 11": GCC 10 builds C++20, not 23."""
    resolution = _solve(">=23", gcc="10.2.1")
    assert resolution.verdicts[0].status == "runs_after"
    gcc = resolution.environments[0].pin("gcc")
    assert gcc is not None
    assert not gcc.installed
    assert Version(gcc.version, "numeric") >= Version("11", "numeric")
    assert _solve(">=20", gcc="10.2.1").verdicts[0].status == "runs"


def test_a_standard_newer_than_the_table_is_unverified_not_blocked() -> None:
    resolution = _solve(">=29")
    verdict = resolution.verdicts[0]
    assert verdict.status == "unverified"
    assert [o.subject for o in verdict.obstacles if o.kind == "unchecked"] == ["cxx_standard"]


def test_cpp98_comes_before_cpp11() -> None:
    """As a plain number 98 met ``>= 29``; a standard is ordered by its year."""
    order = ["98", "03", "11", "14", "17", "20", "23", "26"]
    versions = [Version(v, "cxx_standard") for v in order]
    assert versions == sorted(versions)


def test_one_line_is_not_told_to_relax_one_of_them() -> None:
    action = Action(kind="resolve", subject="cxx_standard", sources=(where(LINE),))
    text = action_text(action)
    assert "relax one of" not in text
    assert LINE in text
