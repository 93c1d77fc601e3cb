"""``scan`` says what a step needs by the function the plan decides by (outsider23c D15: the
scan said AutoGPTQ's ``pytest tests/ -s`` needed nothing; ``up`` skipped it for compute
capability >= 6.0)."""

from __future__ import annotations

from bringup.model import Component, Requirement, file_source
from bringup.model.requirements import Step, StepNeeds
from bringup.model.resolution import HardwareBlock, HostValue, Resolution
from bringup.plan.decide import ComponentContext, decide
from bringup.report.scan_text import describe_needs

# AutoGPTQ/AutoGPTQ@9f7d37072917ab3a7545835f23e808294a542153: README.md:325 `pytest tests/ -s`
# (tests/test_q4.py runs on `cuda:0`), README.md:72 the install; setup.py:114 "AutoGPTQ
# requires Pascal or higher", read as compute capability >= 6.0
TEST = Step(
    name="pytest tests/ -s",
    kind="test",
    argv=("pytest", "tests/", "-s"),
    source=file_source("README.md", 325),
)
INSTALL = Step(
    name="pip install -vvv --no-build-isolation -e .",
    kind="install",
    argv=("pip", "install", "-vvv", "--no-build-isolation", "-e", "."),
    source=file_source("README.md", 72),
    needs=StepNeeds(toolkit=True, device_kind="gpu", network=True),
)
PASCAL = Requirement(
    subject="compute_capability",
    spec=">=6.0",
    component="autogptq",
    source=file_source("setup.py", 114),
)


def _component(*steps: Step) -> Component:
    return Component(
        name="autogptq", path="autogptq", role="other", requirements=(PASCAL,), steps=steps
    )


def _decided(component: Component, step: Step) -> str:
    host = HostValue(subject="compute_capability", source=file_source("probe"), status="absent")
    block = HardwareBlock(
        component="autogptq", requirement=PASCAL, host=host, kind="hardware", scope="device"
    )
    context = ComponentContext(component=component, environment=None, device=[block])
    return decide(step, context, Resolution()).status


def test_scan_names_the_device_requirement_the_plan_skips_the_test_for() -> None:
    component = _component(INSTALL, TEST)
    assert describe_needs(TEST, component) == "the repo's device (compute capability >= 6.0)"
    assert _decided(component, TEST) == "skip"
    assert describe_needs(INSTALL, component) == "toolkit CUDA (no GPU) + network"
    assert _decided(component, INSTALL) == "run"


def test_a_test_beside_one_that_declares_its_devices_takes_none() -> None:
    # constructed: the same repo with a run step that says it needs one GPU
    declared = Step(
        name="python demo.py",
        kind="run",
        argv=("python", "demo.py"),
        source=file_source("README.md", 1),
        needs=StepNeeds(devices=1, device_kind="gpu"),
    )
    component = _component(INSTALL, TEST, declared)
    assert describe_needs(TEST, component) == "nothing"
    assert _decided(component, TEST) == "run"
