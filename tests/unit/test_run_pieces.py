"""The pure pieces of ``bringup up``: the step graph, consent, what goes into an
environment, its activation and its Dockerfile."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bringup.model.plan import PlanStep
from bringup.model.requirements import Component, Requirement, Step
from bringup.model.resolution import Environment, Pin
from bringup.model.snapshot import Accelerator, PythonInstall, Snapshot, Toolkit
from bringup.model.source import Source
from bringup.run.activation import activation_for
from bringup.run.consent import commands_needing_consent
from bringup.run.dockerfile import dockerfile_text
from bringup.run.environments import environment_spec, python_missing
from bringup.run.graph import units
from bringup.run.state import state_dir

SRC = Source(kind="file", ref="README.md", line=1)


def _step(
    order: int, component: str, kind: str, argv: tuple[str, ...], status: str = "run"
) -> PlanStep:
    return PlanStep(
        order=order,
        component=component,
        name=" ".join(argv),
        kind=kind,  # type: ignore[arg-type]
        argv=argv,
        status=status,  # type: ignore[arg-type]
        source=SRC,
        environment=1,
    )


def _component(name: str, *, trusted: bool = False, depends_on: tuple[str, ...] = ()) -> Component:
    return Component(
        name=name,
        path=f"/stack/{name}",
        role="other",
        trusted=trusted,
        depends_on=depends_on,
        requirements=(Requirement(subject="setuptools", spec=">=61", component=name, source=SRC),),
        steps=(Step(name="x", kind="build", argv=("true",), source=SRC),),
    )


STEPS = (
    _step(1, "comm", "test", ("python", "-m", "pytest", "tests/cpu")),
    _step(2, "comm", "install", ("python", "-m", "pip", "install", "-e", ".")),
    _step(3, "adapter", "build", ("cmake", "--build", "build")),
    _step(4, "comm", "test", ("python", "-m", "pytest", "tests/device"), status="skip"),
)


def test_builds_and_installs_come_before_tests_and_dependants_wait() -> None:
    found = {
        u.component.name: u
        for u in units(
            [_component("comm"), _component("adapter", depends_on=("comm", "gone"))], STEPS
        )
    }
    assert [s.order for s in found["comm"].steps] == [2, 1, 4]
    assert found["adapter"].after == frozenset({"comm"})
    assert found["comm"].after == frozenset()


def _snapshot(**more: object) -> Snapshot:
    return Snapshot(
        taken_at="2026-12-01T00:00:00Z",
        origin="replay",
        pythons=(
            PythonInstall(path="/py311/bin/python3", version="3.11.7", origin="pyenv", source=SRC),
        ),
        **more,  # type: ignore[arg-type]
    )


ENV = Environment(
    index=1,
    components=("comm", "adapter"),
    pins=(
        Pin(subject="python", version="3.11.7", origin="installed", source=SRC, installed=True),
        Pin(subject="setuptools", version="65.5.0", origin="installed", source=SRC, installed=True),
        Pin(subject="torch", version="2.13.0", origin="release", source=SRC),
        Pin(subject="numpy", version="<2,>=1.21", origin="index", source=SRC),
        Pin(subject="cmake", version="3.25.1", origin="installed", source=SRC, installed=True),
        Pin(subject="cann", version="8.2.RC1", origin="release", source=SRC),
    ),
)


def test_the_environment_gets_the_pins_the_stated_ranges_and_the_test_runner() -> None:
    spec = environment_spec(ENV, _snapshot(), STEPS, [_component("comm"), _component("adapter")])
    assert spec.interpreter == "/py311/bin/python3"
    # The host's setuptools 65.5.0 is a host fact: a fresh environment gets the repos' range;
    # the host's cmake stays the host's; pytest comes because a step runs it.
    assert spec.requirements == ("setuptools>=61", "torch==2.13.0", "numpy<2,>=1.21", "pytest")
    assert spec.seed  # a step runs pip


def test_no_python_of_the_pinned_version_says_what_to_install() -> None:
    env = Environment(
        index=2,
        components=("x",),
        pins=(Pin(subject="python", version="3.10.13", origin="release", source=SRC),),
    )
    spec = environment_spec(env, _snapshot(), ())
    assert spec.interpreter is None
    assert python_missing("3.10.13", offline=False).startswith(
        "no Python 3.10.13 on this machine; install one: uv python install 3.10.13;"
        " or pyenv install 3.10.13"
    )
    assert "uv python install" not in python_missing("3.10.13", offline=True)


def test_consent_lists_untrusted_repos_commands_and_installs() -> None:
    specs = [environment_spec(ENV, _snapshot(), STEPS, [])]
    found = commands_needing_consent(
        [_component("comm"), _component("adapter", trusted=True)], STEPS, specs
    )
    assert list(found) == ["comm"]
    assert found["comm"][1:] == ["python -m pytest tests/cpu", "python -m pip install -e ."]
    assert found["comm"][0].startswith("(environment 1) uv pip install setuptools torch==2.13.0")
    trusted = [_component("comm", trusted=True), _component("adapter", trusted=True)]
    assert commands_needing_consent(trusted, STEPS, specs) == {}


def test_cann_activation_is_plain_variables_for_the_pinned_version() -> None:
    root = "/usr/local/Ascend/ascend-toolkit/8.2.RC1"
    snapshot = _snapshot(
        toolkits=(Toolkit(kind="cann-toolkit", version="8.2.RC1", path=root, source=SRC),),
        accelerators=(
            Accelerator(vendor="ascend", index=0, name="910B3", family="910B", source=SRC),
            Accelerator(vendor="ascend", index=1, name="910B3", family="910B", source=SRC),
        ),
    )
    activation = activation_for(ENV, snapshot)
    assert activation.set["ASCEND_HOME_PATH"] == root
    assert activation.set["ASCEND_OPP_PATH"] == f"{root}/opp"
    assert activation.set["ASCEND_RT_VISIBLE_DEVICES"] == "0,1"
    env = activation.apply({"LD_LIBRARY_PATH": "/usr/lib"})
    assert env["LD_LIBRARY_PATH"].startswith(f"{root}/lib64:")
    assert env["LD_LIBRARY_PATH"].endswith(":/usr/lib")
    assert activation_for(ENV, _snapshot()).missing == ("CANN 8.2.RC1",)
    text = dockerfile_text(ENV, snapshot, environment_spec(ENV, snapshot, STEPS, []))
    assert "FROM quay.io/ascend/cann:8.2.rc1-910b-ubuntu22.04-py3.11\n" in text
    assert "ARG BASE_IMAGE" not in text  # a published tag
    assert "assumed" not in text  # the host's 910B says the chip
    assert '"torch==2.13.0"' in text


def test_cuda_environment_gets_the_cuda_image_its_python_and_the_visible_gpus() -> None:
    root = "/usr/local/cuda-12.4"
    pins = tuple(p for p in ENV.pins if p.subject != "cann")
    cuda = Environment(
        index=1,
        components=ENV.components,
        pins=(*pins, Pin(subject="cuda", version="12.4", origin="installed", source=SRC)),
    )
    snapshot = _snapshot(
        toolkits=(Toolkit(kind="cuda", version="12.4", path=root, source=SRC),),
        accelerators=(
            Accelerator(vendor="nvidia", index=0, name="NVIDIA H200", family="hopper", source=SRC),
        ),
    )
    activation = activation_for(cuda, snapshot)
    assert activation.set["CUDA_VISIBLE_DEVICES"] == "0"
    text = dockerfile_text(cuda, snapshot, environment_spec(cuda, snapshot, STEPS, []))
    # A two-part toolkit version is tagged as its .0 release; the image has no Python.
    # 12.4.0 is not among the published tags listed: not pulled as if it existed (outsider23
    # D20), the base is the user's to give
    assert "# The rule gives nvidia/cuda:12.4.0-devel-ubuntu22.04, which is not among" in text
    assert "\nARG BASE_IMAGE\nFROM ${BASE_IMAGE}\n" in text
    assert "FROM nvidia/cuda" not in text
    assert "apt-get install -y --no-install-recommends python3 python3-pip" in text


def test_the_chip_a_cann_tag_names_is_said_assumed_without_a_device() -> None:
    """outsider23 D20: ``up`` on a host with no NPU wrote ``FROM
    quay.io/ascend/cann:9.1.0-910b-ubuntu22.04-py3.13``, the chip taken from the rule's default
    unsaid and a tag its own comment doubted."""
    snapshot = _snapshot()
    text = dockerfile_text(ENV, snapshot, environment_spec(ENV, snapshot, STEPS, []))
    assert "FROM quay.io/ascend/cann:8.2.rc1-910b-ubuntu22.04-py3.11\n" in text  # published
    assert "# Chip family '910b' is assumed (the rule's default): this host has" in text
    pins = tuple(p for p in ENV.pins if p.subject != "cann")
    newer = Environment(
        index=1,
        components=ENV.components,
        pins=(*pins, Pin(subject="cann", version="9.1.0", origin="release", source=SRC)),
    )
    text = dockerfile_text(newer, snapshot, environment_spec(newer, snapshot, STEPS, []))
    assert "FROM quay.io" not in text
    assert "# The rule gives quay.io/ascend/cann:9.1.0-910b-ubuntu22.04-py3.11, which" in text


@pytest.mark.parametrize(
    ("option", "env"),
    [(Path("st"), {}), (None, {"BRINGUP_STATE_DIR": ".bringup"}), (Path("a/../b"), {})],
)
def test_the_state_directory_is_absolute_however_it_was_given(
    option: Path | None, env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its environments go on the steps' PATH, and the steps run elsewhere (outsider o2, D0)."""
    monkeypatch.chdir(tmp_path)
    found = state_dir(option, env)
    assert found.is_absolute()
    assert os.path.dirname(found) == str(tmp_path)


def test_a_pin_is_found_the_same_among_thousands() -> None:
    """``Environment.pin`` through its index (past a few dozen pins: outsider o2 D17, where a
    look through 10,000 pins per asked subject made check quadratic) gives what a look
    through them gives: the first pin of the subject, None for a subject not pinned."""
    pins = tuple(
        Pin(subject=f"pypi:pkg{n % 3000}", version=f"{n}.0", origin="index", source=SRC)
        for n in range(4000)
    )
    envs = [Environment(index=i, components=("r",), pins=pins[i:]) for i in range(40)]
    for env in (*envs, *envs):  # more lists than the index keeps: each asked again after
        for subject in ("pypi:pkg5", "pypi:pkg2999", "pypi:pkg3000"):
            first = next((p for p in env.pins if p.subject == subject), None)
            assert env.pin(subject) is first
