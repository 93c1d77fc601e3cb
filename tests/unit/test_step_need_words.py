"""A step's needs in the scan name the device and the toolkit as the backend calls them
(outsider20 D5): the Ascend C sample's CPU mode, ``bash run.sh -r cpu -v Ascend310P1``
(hansheng1001/AscendCContest@4904517 01Addcmul/KernelLaunch/README.md:80), needs CANN and no
NPU, where "needs toolkit (npu)" read as an NPU need; its NPU mode needs an NPU."""

from __future__ import annotations

from bringup.model import Step, StepNeeds, file_source
from bringup.report.scan_text import describe_needs

CPU_MODE = ("bash", "run.sh", "-r", "cpu", "-v", "Ascend310P1")
NPU_MODE = ("bash", "run.sh", "-r", "npu", "-v", "Ascend310P1")


def _step(argv: tuple[str, ...], needs: StepNeeds) -> Step:
    return Step(name="run", kind="run", argv=argv, source=file_source("README.md", 80), needs=needs)


def test_the_cpu_mode_needs_the_toolkit_and_no_npu() -> None:
    step = _step(CPU_MODE, StepNeeds(toolkit=True, device_kind="npu"))
    assert describe_needs(step) == "toolkit CANN (no NPU)"


def test_the_npu_mode_needs_npus_by_their_name() -> None:
    assert describe_needs(_step(NPU_MODE, StepNeeds(devices=1, device_kind="npu"))) == "1 NPU"
    assert describe_needs(_step(NPU_MODE, StepNeeds(devices=8, device_kind="npu"))) == "8 NPUs"
