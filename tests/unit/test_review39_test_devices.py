"""Review39's test-device findings, each on the review's own input (/work/review39/r_mock1,
r_skip, r_named) and, where one exists, a real line with its commit: #2, one mock anywhere in a
test file marked the whole step as needing nothing; #5, a module-level skip for another reason
(Windows) made a test need a GPU; #6, a test file's name decided its device though its text
skips without it, uncited, and a word inside the name counted."""

from __future__ import annotations

from bringup.model import file_source
from bringup.model.requirements import Step
from bringup.scan.stepfiles import StepFiles, device_of_tests
from bringup.scan.testmocks import mocked_line, unmocked_line


def _test_step(files: dict[str, str], folder: str = "tests") -> Step:
    step = Step(
        name="pytest",
        kind="test",
        argv=("python", "-m", "pytest", folder),
        source=file_source("README.md", 1),
    )
    (found,) = device_of_tests([step], StepFiles(frozenset(files), files.get))
    return found


# review39 #2, r_mock1 tests/test_kernels.py: one library mocked, another used as it is
KERNELS = """import sys
from unittest.mock import MagicMock

sys.modules["flash_attn"] = MagicMock()  # the fallback path is tested, not flash-attn

import torch
import gpukit


def test_fused_matches_reference():
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        out = gpukit.fused_softmax(torch.ones(8))
    torch.cuda.synchronize()
    assert out.shape == (8,)
"""
# the variant: one call patched in one test, called for real in another
PATCHED_ONCE = """from unittest import mock
import pynvml


@mock.patch("pynvml.nvmlInit", side_effect=RuntimeError)
def test_no_driver(init):
    pynvml.nvmlInit()


def test_count():
    pynvml.nvmlInit()
    assert pynvml.nvmlDeviceGetCount() >= 0
"""
# wookayin/gpustat@7a3b9644229681a752b560c6d4889929b9ea39d5 gpustat/test_gpustat.py:23, 38,
# 245-259 and 363-364: NVML's module replaced whole by a fixture, its names used elsewhere
GPUSTAT = '''from gpustat.nvml import pynvml, pynvml_monkeypatch
def _configure_mock(N=pynvml,
def scenario_failing_one_gpu(request: pytest.FixtureRequest):
    # request.param should be either NVMLError_Unknown or NVMLError_GpuIsLost
    _configure_mock(_scenario_failing_one_gpu=request.param)
    return dict(expected_message={
        pynvml.NVMLError_GpuIsLost: 'GPU is lost',
        pynvml.NVMLError_Unknown: 'Unknown Error',
    }[request.param])


@pytest.fixture
def nvidia_driver_version(request: pytest.FixtureRequest):
    """See NvidiaDriverMock."""

    nvidia_mock: NvidiaDriverMock = request.param
    nvidia_mock(pynvml)
        def process_t(pid, usedGpuMemory):
            return pynvml.c_nvmlProcessInfo_t(
'''


def test_a_mock_of_one_library_leaves_another_used_as_it_is() -> None:
    assert mocked_line(KERNELS) == 4
    assert unmocked_line(KERNELS) == 11
    step = _test_step({"tests/test_kernels.py": KERNELS})
    assert step.needs.mocked_at is None


def test_a_call_patched_in_one_test_is_real_in_another() -> None:
    assert unmocked_line(PATCHED_ONCE) == 11
    assert _test_step({"tests/test_nvml.py": PATCHED_ONCE}).needs.mocked_at is None
    # the patched test alone: its own call is the mock's
    alone = PATCHED_ONCE.split("\n\ndef test_count", maxsplit=1)[0] + "\n"
    assert unmocked_line(alone) is None
    assert _test_step({"tests/test_nvml.py": alone}).needs.mocked_at == file_source(
        "tests/test_nvml.py", 5
    )


def test_a_library_replaced_whole_covers_its_every_use() -> None:
    assert unmocked_line(GPUSTAT) is None
    step = _test_step({"gpustat/test_gpustat.py": GPUSTAT}, "gpustat")
    assert step.needs.mocked_at == file_source("gpustat/test_gpustat.py", 17)


def test_the_uses_of_a_mocked_library_are_placed_in_linear_time() -> None:
    """Each use's line was the line breaks before it counted, over the text again for every
    use: gpustat's mock (GPUSTAT) before 20,000 of its uses (a 1 MB file) took 3.9 s of CPU;
    its lines found by bisection, the same answers."""
    from cpuclock import cpu_seconds

    uses = "        pynvml.NVMLError_GpuIsLost: 'GPU is lost',\n" * 20_000  # test_gpustat.py:254
    mocked_whole = GPUSTAT + uses
    # PATCHED_ONCE's patched test grown to 20,000 calls, then its real call in test_count
    head, tail = PATCHED_ONCE.split("\n\ndef test_count", maxsplit=1)
    patched = head + "    pynvml.nvmlInit()\n" * 20_000 + "\n\ndef test_count" + tail
    start = cpu_seconds()
    assert unmocked_line(mocked_whole) is None
    assert unmocked_line(patched) == 11 + 20_000
    assert cpu_seconds() - start < 1.5


# review39 #5, r_skip tests/test_win.py: skipped on Windows, its reason naming CUDA
WINDOWS = """import sys

import pytest

if sys.platform == "win32":
    pytest.skip("the CUDA extension is not built on Windows", allow_module_level=True)

import kit


def test_add():
    assert kit.add(1, 2) == 3
"""


def test_a_module_skip_on_another_condition_needs_no_device() -> None:
    needs = _test_step({"tests/test_win.py": WINDOWS}).needs
    assert (needs.devices, needs.device_kind) == (0, None)
    # the same skip where the condition tests the device's absence
    absent = WINDOWS.replace('sys.platform == "win32"', "torch.cuda.device_count() < 1")
    needs = _test_step({"tests/test_win.py": absent}).needs
    assert (needs.devices, needs.device_kind) == (1, "gpu")
    assert needs.device_at == file_source("tests/test_win.py", 6)


# review39 #6, r_named tests/test_ops_on_gpu.py: named for the GPU, skipped without one
ON_GPU_SKIPPED = """import pytest
import torch
import kit

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a GPU")


def test_add():
    assert kit.add(1, 2) == 3
"""
PLAIN = "import pytest\nimport kit\n\n\ndef test_add():\n    assert kit.add(1, 2) == 3\n"


def test_a_file_named_for_its_device_that_skips_without_it_runs_on_the_cpu() -> None:
    assert _test_step({"tests/test_ops_on_gpu.py": ON_GPU_SKIPPED}).needs.devices == 0


def test_only_the_name_s_last_part_names_the_device_and_is_cited() -> None:
    assert _test_step({"tests/test_error_on_gpu_missing.py": PLAIN}).needs.devices == 0
    needs = _test_step({"tests/test_ops_on_gpu.py": PLAIN}).needs
    assert (needs.devices, needs.device_kind) == (1, "gpu")
    assert needs.device_at == file_source("tests/test_ops_on_gpu.py")
