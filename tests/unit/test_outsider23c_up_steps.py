"""``up`` decides each step on what that step needs (session-23c outside tester, D11/D12):
the GCC that CUDA's rows pin for nvcc blocked `pip install -r requirements.txt` and
`python -c 'import torch'` on a host with GCC 12; and `make install` from an optional C++ API
section (writes into /usr/local) was among the steps `--yes` runs."""

from __future__ import annotations

import pytest

from bringup.model import Component, Requirement, file_source
from bringup.model.plan import Action
from bringup.model.requirements import Step, StepNeeds
from bringup.model.resolution import Resolution
from bringup.plan.decide import ComponentContext, decide
from bringup.plan.systemwide import system_wide

# rusty1s/pytorch_spline_conv@050f58a4 README.md:189-195 (the C++ API section) and
# karpathy/llm.c@f1e2ace6 README.md:100-102 (the CPU test), as the scan reads their steps
SOURCE = file_source("README.md", 194)


def _step(*argv: str, toolkit: bool = False) -> Step:
    return Step(
        name=argv[0], kind="build", argv=argv, source=SOURCE, needs=StepNeeds(toolkit=toolkit)
    )


def _context(*stated: str) -> ComponentContext:
    requirements = tuple(
        Requirement(subject=s, spec="", component="repo", source=SOURCE) for s in stated
    )
    component = Component(name="repo", path="repo", role="other", requirements=requirements)
    context = ComponentContext(component=component, environment=None)
    context.manual = [
        Action(kind="install", subject="gcc", version="11.1.0", environment=1),
        Action(kind="install", subject="cuda", version="11.8.0", environment=1),
    ]
    return context


EMPTY = Resolution(environments=(), verdicts=())


@pytest.mark.parametrize(
    "argv",
    [
        ("pip", "install", "-r", "requirements.txt"),
        ("python", "-c", "import torch"),
        ("make", "test_gpt2"),
    ],
)
def test_the_gcc_nvcc_needs_does_not_gate_a_step_without_the_toolkit(argv: tuple[str, ...]) -> None:
    assert decide(_step(*argv), _context("cuda"), EMPTY).status == "run"


def test_a_step_that_compiles_with_the_toolkit_waits_for_its_gcc() -> None:
    decision = decide(_step("make", "test_gpt2cu", toolkit=True), _context("cuda"), EMPTY)
    assert decision.status == "blocked"
    assert {a.subject for a in decision.actions} == {"gcc", "cuda"}


def test_a_gcc_the_repo_itself_asks_for_gates_every_step() -> None:
    decision = decide(_step("make", "test_gpt2"), _context("cuda", "gcc"), EMPTY)
    assert decision.status == "blocked"
    assert [a.subject for a in decision.actions] == ["gcc"]


def test_make_install_is_listed_never_run() -> None:
    decision = decide(_step("make", "install"), _context(), EMPTY)
    assert decision.status == "skip"
    assert decision.reason is not None
    assert decision.reason.kind == "system"


@pytest.mark.parametrize(
    ("argv", "outside"),
    [
        (("make", "install"), True),
        (("cmake", "--install", "build"), True),
        (("sudo", "make", "install"), True),
        (("ninja", "-C", "build", "install"), True),
        (("make", "install", "DESTDIR=/tmp/stage"), False),
        (("cmake", "--install", "build", "--prefix", "/opt/x"), False),
        (("make",), False),
        (("pip", "install", "."), False),
    ],
)
def test_what_installs_outside_every_environment(argv: tuple[str, ...], outside: bool) -> None:
    assert (system_wide(argv) is not None) is outside
